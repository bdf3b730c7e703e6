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

export type SectionName = 'surfaceMap' | 'hypotheses' | 'deepDives' | 'replanLog';

export interface SectionItem {
  surfaceMap: SurfaceMapEntry;
  hypotheses: Hypothesis;
  deepDives: DeepDive;
  replanLog: Replan;
}
