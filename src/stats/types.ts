/** Corpus statistics over the compile outcomes of many specs (`compile-investigation stats`). */
import type { KindCount } from './kinds.js';

export type BudgetBucket = '0-25' | '25-50' | '50-75' | '75-100' | 'over-100' | 'unknown';

/** A distribution of non-negative counts; the summary values are null when there are none. */
export interface Distribution {
  /** How many values the distribution holds. */
  count: number;
  min: number | null;
  /** Mean of the two middle values for an even count; 4 decimals. */
  median: number | null;
  max: number | null;
  /** 4 decimals. */
  mean: number | null;
  /** Every value that occurs, ascending, with how often. */
  histogram: Array<{ value: number; count: number }>;
}

export interface RatioSummary {
  /** How many investigations have the ratio. */
  count: number;
  median: number | null;
  mean: number | null;
}

export interface ReasonCount {
  /** The stop reason as the spec gives it; null when it is missing or not a string. */
  reason: string | null;
  count: number;
}

export interface RuleCount {
  ruleId: string;
  /** Files with at least one diagnostic of the rule. */
  files: number;
  diagnostics: number;
  errors: number;
  warnings: number;
}

export interface Stats {
  statsVersion: 1;
  /** Every compile outcome, including input errors and critical input. */
  files: number;
  /**
   * The files of each kind, every kind listed (0 when there is none): the specs and katas reports
   * judged, the files judged that could not be read as a document (`unreadable`), and the briefs,
   * the tool's own outputs and the files of no kind it reads, which the walk left out.
   */
  kinds: KindCount[];
  /** Outcomes with a report (exit codes 0 and 1): the investigations the other figures describe. */
  investigations: number;
  verdicts: { pass: number; fail: number };
  /** Files per exit code; every code a file can have is listed, also with 0. */
  exitCodes: { '0': number; '1': number; '3': number; '4': number };
  /** Investigations per stop reason: count descending, then reason (null last). */
  stopReasons: ReasonCount[];
  budgetUse: {
    /** Investigations per bucket of budget.used / budget.total, in bucket order (75-100 includes 100%). */
    buckets: Array<{ bucket: BudgetBucket; label: string; count: number }>;
    /** Of the investigations with a usable budget (integer total > 0, integer used >= 0). */
    ratio: RatioSummary;
  };
  /** Entries of replanLog per investigation. */
  replans: Distribution;
  /** Rules with at least one diagnostic: files descending, then diagnostics descending, then rule id. */
  rules: RuleCount[];
  discovery: DiscoveryStats;
  /** The k values of every task's pass@k and pass^k: ascending, without repeats. */
  kValues: number[];
  /** Runs of the same task: every task with at least one run, by key in code-unit order. */
  tasks: TaskStats[];
  /** Specs in no task: those without a report (input errors, critical input) and those with neither x-task nor a goal. */
  unassigned: number;
}

/**
 * Specs that share a task key are runs of one task: the key is the spec's `x-task` when it is a
 * string that is not blank, else its goal; either with white space trimmed and each run of it
 * made one space, letter case kept.
 */
export interface TaskStats {
  task: string;
  /** n: the runs (specs) of the task. */
  runs: number;
  /** c: the runs whose verdict is pass. */
  passes: number;
  /** c / n, 4 decimals. */
  passRate: number;
  /** Per k of `kValues`: the chance that at least one of k runs drawn passes; null when k > n. */
  passAtK: KValue[];
  /** Per k of `kValues`: the chance that all k runs drawn pass; null when k > n. */
  passHatK: KValue[];
  /** Rules with an error in at least one run: runs descending, then rule id. */
  failingRules: Array<{ ruleId: string; runs: number }>;
}

export interface KValue {
  k: number;
  /** 4 decimals; null when k is larger than the number of runs. */
  value: number | null;
}

export interface DiscoveryStats {
  /** Investigations whose spec has a discovery block (an object). */
  investigations: number;
  /** Cycles, over all of them. */
  cycles: number;
  /** Discovery stop reasons: count descending, then reason (null last). */
  stopReasons: ReasonCount[];
  /** Number of cycles of each discovery that stopped with evidence_sufficient. */
  cyclesToSuccess: Distribution;
  /** Per investigation: forage tokens / focus tokens, where focus spent tokens. */
  forageFocusTokenRatio: RatioSummary;
  /** Cycles with newSignals 0, of the cycles that give newSignals as a number; null without any. */
  zeroSignalRate: number | null;
}
