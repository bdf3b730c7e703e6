import { weightOf } from '../diagnostics/cap.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { type FileOutcome, problemsOf } from '../report/outcome.js';
import type { Verdict } from '../report/types.js';

export interface FileTally {
  path: string;
  verdict: Verdict;
  errors: number;
  warnings: number;
  /** Problems a baseline accepts: listed, never counted against the gate. */
  suppressed: number;
}

export interface RuleTally {
  ruleId: string;
  errors: number;
  warnings: number;
  suppressed: number;
  /** Files with at least one problem of the rule. */
  files: number;
}

/** What a run of the gate came to over all its files (warnings --quiet hid included). */
export interface GateTotals {
  files: number;
  passed: number;
  failed: number;
  errors: number;
  warnings: number;
  suppressed: number;
}

export interface GateTally extends GateTotals {
  perFile: FileTally[];
  /** Most problems first, then by rule id. */
  perRule: RuleTally[];
}

/**
 * Counts what the summary, the annotations and the step outputs report, in one pass over the
 * problems. A file's counts are its own (warnings --quiet hid included); the rules', those listed.
 */
export function tally(files: readonly FileOutcome[]): GateTally {
  const rules = new Map<string, RuleTally>();
  const perFile = files.map((file): FileTally => {
    const rulesOfFile = new Set<string>();
    for (const problem of problemsOf(file)) {
      const { ruleId } = problem;
      const rule = rules.get(ruleId) ?? { ruleId, errors: 0, warnings: 0, suppressed: 0, files: 0 };
      rules.set(ruleId, rule);
      rule[weightOf(problem)]++;
      if (!rulesOfFile.has(ruleId)) rule.files++;
      rulesOfFile.add(ruleId);
    }
    return { path: file.path, verdict: file.verdict, ...file.counts };
  });
  const problems = (rule: RuleTally) => rule.errors + rule.warnings + rule.suppressed;
  return {
    ...gateTotals(files),
    perFile,
    perRule: [...rules.values()].sort((a, b) => problems(b) - problems(a) || compareStrings(a.ruleId, b.ruleId)),
  };
}

/** The files that passed (a sound draft too) and failed, and the problems of all of them by weight. */
export function gateTotals(files: ReadonlyArray<Pick<FileOutcome, 'verdict' | 'counts'>>): GateTotals {
  const sum = (key: 'errors' | 'warnings' | 'suppressed') => files.reduce((total, file) => total + file.counts[key], 0);
  const passed = files.filter((file) => file.verdict !== 'fail').length;
  return {
    files: files.length,
    passed,
    failed: files.length - passed,
    errors: sum('errors'),
    warnings: sum('warnings'),
    suppressed: sum('suppressed'),
  };
}
