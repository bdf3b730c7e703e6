import type { Severity } from '../diagnostics/diagnostic.js';
import type { Verdict } from '../report/types.js';

/** The version of the document `compare --format json` writes; a field's meaning never changes within it. */
export const COMPARE_VERSION = 1;

/** A problem as compare sees it: its identity is the rule and the JSON Pointer; severity and message are what it says. */
export interface SideProblem {
  ruleId: string;
  severity: Severity;
  /** JSON Pointer into the spec ("" is the document root). */
  path: string;
  message: string;
}

/** What one file of BASE or HEAD came to: a spec compiled here, or a JSON report read as it is. */
export interface SideFile {
  /** Its path inside the folder of its side, with forward slashes. */
  file: string;
  kind: 'spec' | 'report';
  verdict: Verdict;
  problems: SideProblem[];
  /** Errors and warnings, counting what a `too-many-problems` entry stands for. */
  errors: number;
  warnings: number;
  /** From the report; null when there is none (an input error, a critical input) or it lacks the value. */
  budgetUsed: number | null;
  deepDives: number | null;
  cyclesToSuccess: number | null;
}

/** A figure on both sides: null where a side has no value, and then no delta. */
export interface Delta {
  base: number | null;
  head: number | null;
  delta: number | null;
}

export type VerdictChange = 'pass-to-fail' | 'fail-to-pass' | 'unchanged' | 'added' | 'removed';

/** Why a file got worse; see `regressionReasons`. */
export type RegressionReason = 'pass-to-fail' | 'added-failing' | 'new-errors' | 'more-warnings';

export interface ProblemEntry {
  path: string;
  severity: Severity;
  message: string;
}

/** One rule's problems that are in HEAD and not in BASE (`new`), and in BASE and not in HEAD (`fixed`). */
export interface RuleChange {
  ruleId: string;
  new: ProblemEntry[];
  fixed: ProblemEntry[];
}

export interface FileComparison {
  /** The path relative to its folder without .json, .yaml, .yml or .report.json: how BASE and HEAD files are matched. */
  key: string;
  change: VerdictChange;
  base: { file: string; kind: SideFile['kind']; verdict: Verdict } | null;
  head: { file: string; kind: SideFile['kind']; verdict: Verdict } | null;
  /** Whether the file got worse: when `reasons` is not empty. */
  worse: boolean;
  reasons: RegressionReason[];
  metrics: {
    errors: Delta;
    warnings: Delta;
    budgetUsed: Delta;
    deepDives: Delta;
    cyclesToSuccess: Delta;
  };
  /** By rule id; only rules with a new or fixed problem. */
  rules: RuleChange[];
}

export interface CompareSummary {
  files: number;
  worse: number;
  passToFail: number;
  failToPass: number;
  unchanged: number;
  added: number;
  removed: number;
  newProblems: number;
  fixedProblems: number;
}

/** The whole comparison: what `compare --format json` prints and the `--json` envelope holds under `data`. */
export interface CompareDocument {
  compareVersion: typeof COMPARE_VERSION;
  /** BASE and HEAD as given on the command line. */
  base: string;
  head: string;
  /** By key, in code-unit order. */
  files: FileComparison[];
  summary: CompareSummary;
}

/** What a comparison is not: the baselines (suppressions files) compile would apply to its specs, which compare does not. */
export interface CompareNotes {
  unappliedBaselines?: readonly string[];
}
