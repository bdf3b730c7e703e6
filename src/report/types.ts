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

export interface Report {
  reportVersion: 1;
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  preset: string;
  /** Present for a draft only: the spec was judged as unfinished. */
  stage?: 'draft';
  verdict: Verdict;
  summary: Summary;
  metrics: Metrics;
  diagnostics: Diagnostic[];
  investigation: Record<string, unknown>;
}
