import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CriterionId } from '../rules/criteria.js';
import type { DiscoveryMetrics } from './discovery-metrics.js';
import type { TraceSummary } from './trace-summary.js';

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

/** A file the verdict depended on, by the bytes it had: what a build system's cache keys on. */
export interface InputDigest {
  role: 'spec' | 'config' | 'policy' | 'baseline' | 'trace';
  /** As the run named it (relative to the working directory where it can be); null for a spec on standard input. */
  path: string | null;
  sha256: string;
}

/** What every report has, whatever its dialect: the summary reads each dialect in the spec's terms. */
export interface ReportCommon {
  reportVersion: 1;
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  /** Every file the verdict depended on: the spec, then its configuration, policy file, baseline and trace, when they were used. */
  inputs: InputDigest[];
  preset: string;
  /** Present for a draft only: the spec was judged as unfinished. */
  stage?: 'draft';
  verdict: Verdict;
  summary: Summary;
  metrics: Metrics;
  /** The agent's trace the spec was checked against (`--trace`); only when one was given. */
  trace?: TraceSummary;
  diagnostics: Diagnostic[];
  investigation: Record<string, unknown>;
}

/** The report of an investigation spec: it names no dialect, as reports did before there were others. */
export interface SpecReport extends ReportCommon {
  dialect?: never;
}

/**
 * The reports of the other dialects, by id: what each records beyond the common model. Each
 * dialect adds its entry from its own folder (`declare module`), so that no module here names it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each dialect's folder fills it by declaration merging.
export interface DialectReports {}

/** The report of a dialect other than the spec: it names its dialect in `dialect`. */
export type DialectReport<Id extends keyof DialectReports = keyof DialectReports> = {
  [Key in Id]: ReportCommon & { dialect: Key } & DialectReports[Key];
}[Id];

/** A report, told apart by its `dialect`. */
export type Report = SpecReport | DialectReport;

/** The documents the compiler reads: an investigation spec, or a document of another dialect. */
export type DialectId = 'investigation-spec' | keyof DialectReports;
