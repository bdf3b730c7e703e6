import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CriterionId } from '../rules/criteria.js';
import type { DiscoveryMetrics } from './discovery-metrics.js';

/** A finished spec passes or fails the gate; a draft (`--stage draft`) that is sound so far is draft-ok. */
export type Verdict = 'pass' | 'fail' | 'draft-ok';
export type InputFormat = 'json' | 'yaml' | 'data';

export interface GateCriterion {
  criterion: CriterionId;
  title: string;
  /** Error diagnostics fail a criterion; warnings do not. */
  passed: boolean;
  /** The enabled rules behind the criterion. */
  rules: string[];
  /** Errors of these rules that a baseline suppressed; present only when some were: the criterion passed through suppressions. */
  suppressed?: number;
}

export interface Summary {
  goal: string | null;
  budget: { used: number | null; total: number | null; unit: string | null; remaining: number | null };
  stopReason: string | null;
  counts: {
    surfaceMapEntries: number;
    hypotheses: number;
    hypothesesByStatus: Record<string, number>;
    deepDives: number;
    deepDivesByEffect: Record<string, number>;
    replans: number;
    risks: number;
  };
  errors: number;
  warnings: number;
  /** Problems a baseline suppressed (counted in neither errors nor warnings); present only when there are some. */
  suppressed?: number;
  verdict: Verdict;
  gate: GateCriterion[];
}

export interface Metrics {
  /** used / total, or null without a usable budget. */
  budgetUsedRatio: number | null;
  /** Distinct nodes the surface map surfaced. */
  nodesMapped: number;
  /** Distinct nodes the deep dives read. */
  nodesRead: number;
  /** nodesRead / nodesMapped: how much of the mapped surface was read in depth. */
  readCoverage: number | null;
  /** Deep dives whose node the map never surfaced. */
  blindReads: number;
  /** Share of deep dives with a provenance tag. */
  provenanceRatio: number | null;
  /** Replans per invalidating deep dive. */
  replansPerInvalidation: number | null;
  /** Figures of the discovery cycles; only for specs with a discovery block. */
  discovery?: DiscoveryMetrics;
}

/** The documents the compiler reads: an investigation spec, or a katas "adaptive investigation report v1". */
export type Dialect = 'investigation-spec' | 'katas-report-v1';

/** One of the katas report's three budget dimensions. */
export interface BudgetDimension {
  limit: number | null;
  used: number | null;
  remaining: number | null;
}

/** What a katas report records beyond the common summary: its three budget dimensions and its own counts. */
export interface KatasSummary {
  objective: string | null;
  scope: string | null;
  hypothesis: string | null;
  budget: {
    files: BudgetDimension;
    queries: BudgetDimension;
    minutes: BudgetDimension;
    /** complete, or exhausted_with_pending. */
    status: string | null;
    pendingQuestions: number;
  };
  counts: {
    cheapMappings: number;
    candidates: number;
    planEntries: number;
    findings: number;
    invalidatingFindings: number;
    replans: number;
    evidence: number;
    remainingRisks: number;
  };
}

export interface Report {
  reportVersion: 1;
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  /**
   * Present for a katas report only (an investigation spec has none, as before dialects): the
   * summary then reads the report in the spec's terms (objective as goal, the files budget as the
   * budget, findings as deep dives) and `katas` has what the report records beyond that.
   */
  dialect?: 'katas-report-v1';
  katas?: KatasSummary;
  preset: string;
  /** Present for a draft only: the spec was judged as unfinished. */
  stage?: 'draft';
  verdict: Verdict;
  summary: Summary;
  metrics: Metrics;
  diagnostics: Diagnostic[];
  investigation: Record<string, unknown>;
}
