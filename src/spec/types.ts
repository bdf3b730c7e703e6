/** The investigation spec, format version 1, as it looks once the schema has accepted it. */
export interface Investigation {
  goal: string;
  budget: Budget;
  surfaceMap: SurfaceMapEntry[];
  hypotheses: Hypothesis[];
  deepDives: DeepDive[];
  replanLog: Replan[];
  stopCondition: StopCondition;
  deliverable: string;
  risks: string[];
}

export interface Budget {
  total: number;
  used: number;
  unit: string;
}

export interface SurfaceMapEntry {
  id: string;
  tool: string;
  query: string;
  candidateNodes: string[];
  evidence: string;
}

export interface Hypothesis {
  id: string;
  claim: string;
  priority: number;
  cost: number;
  status: string;
  candidateNodes: string[];
  briefs?: Brief[];
  causalReview?: CausalReview;
}

export interface DeepDive {
  id: string;
  hypothesisId: string;
  node: string;
  tool: string;
  finding: string;
  effect: string;
  provenance?: string;
  tokens?: number;
}

export interface Replan {
  trigger: string;
  hypothesisId: string;
  decision: string;
  evidence: string;
  afterDeepDive?: string;
}

export interface StopCondition {
  reason: string;
  evidence: string;
}

export type SectionName = 'surfaceMap' | 'hypotheses' | 'deepDives' | 'replanLog' | 'evidence';

export interface SectionItem {
  surfaceMap: SurfaceMapEntry;
  hypotheses: Hypothesis;
  deepDives: DeepDive;
  replanLog: Replan;
  evidence: EvidenceItem;
}

export interface EvidenceItem {
  id: string;
  node?: string;
  summary?: string;
  provenance?: string;
}

export interface BriefFinding {
  id: string;
  direction: 'support' | 'against' | 'neutral';
  text: string;
  scope: string;
  evidenceRefs: string[];
}

interface BriefChange {
  findingId: string;
  kind: 'modified' | 'removed';
  reason: string;
  evidenceRefs: string[];
}

export interface Brief {
  formatVersion: 1;
  findings: BriefFinding[];
  uncertainties: string[];
  nextQuestion: string;
  changes: BriefChange[];
  note?: string;
}

export interface CausalReview {
  support: string[];
  against: string[];
}

export type DiscoveryPhase = 'forage' | 'focus' | 'deepen';

export interface DiscoveryEvent {
  phase: DiscoveryPhase;
  keyword?: string;
  candidates: number;
  filesRead: number;
  tokens: number;
  wallTimeMs: number;
  files?: string[];
  hops?: number;
}

export interface DiscoveryCycle {
  cycle: number;
  keywords: string[];
  events: DiscoveryEvent[];
  newSignals: number;
}

export interface Discovery {
  limits: { maxCycles: number; cycleTokenBudget: number; topK: number; focusK: number; deepenHops: number; noNewSignalCycles: number };
  cycles: DiscoveryCycle[];
  /** Absent only in a draft (--stage draft), while discovery is still running. */
  stop?: { reason: 'evidence_sufficient' | 'budget_exhausted' | 'no_new_signal' | 'max_cycles'; evidence: string };
}
