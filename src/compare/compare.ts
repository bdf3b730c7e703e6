import { round4 } from '../common/numbers.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { ruleChanges } from './problems.js';
import {
  COMPARE_VERSION,
  type CompareDocument,
  type CompareSummary,
  type Delta,
  type FileComparison,
  type RegressionReason,
  type SideFile,
  type VerdictChange,
} from './types.js';

/** Thrown when BASE and HEAD cannot be compared at all: they have no key in common. */
export class CompareMismatchError extends Error {}

/**
 * Two sides that share no key are no comparison: an added and a removed file for every file says
 * less than that the folders were not the right ones.
 */
export function checkComparable(
  labels: { base: string; head: string },
  base: ReadonlyMap<string, unknown>,
  head: ReadonlyMap<string, unknown>,
): void {
  if (![...base.keys()].some((key) => head.has(key)))
    throw new CompareMismatchError(
      `BASE and HEAD have no file in common: ${labels.base} and ${labels.head} share no path without extension (compare matches a/x.json, a/x.yaml and a/x.report.json as a/x)`,
    );
}

/**
 * BASE and HEAD, each a map from key to file, compared file by file: files are matched by key and
 * listed in code-unit order of their keys, whatever order the maps hold them in.
 */
export function compareSides(
  labels: { base: string; head: string },
  base: ReadonlyMap<string, SideFile>,
  head: ReadonlyMap<string, SideFile>,
): CompareDocument {
  checkComparable(labels, base, head);
  const keys = [...new Set([...base.keys(), ...head.keys()])].sort(compareStrings);
  const files = keys.map((key) => compareFile(key, base.get(key) ?? null, head.get(key) ?? null));
  return { compareVersion: COMPARE_VERSION, base: labels.base, head: labels.head, files, summary: summarize(files) };
}

function compareFile(key: string, base: SideFile | null, head: SideFile | null): FileComparison {
  const change = verdictChange(base, head);
  const rules = ruleChanges(base?.problems ?? [], head?.problems ?? []);
  const metrics = {
    errors: delta(base?.errors, head?.errors),
    warnings: delta(base?.warnings, head?.warnings),
    budgetUsed: delta(base?.budgetUsed, head?.budgetUsed),
    deepDives: delta(base?.deepDives, head?.deepDives),
    cyclesToSuccess: delta(base?.cyclesToSuccess, head?.cyclesToSuccess),
  };
  const reasons = regressionReasons(change, head, rules, metrics.warnings);
  return { key, change, base: echo(base), head: echo(head), worse: reasons.length > 0, reasons, metrics, rules };
}

function verdictChange(base: SideFile | null, head: SideFile | null): VerdictChange {
  if (base === null) return 'added';
  if (head === null) return 'removed';
  if (base.verdict === head.verdict) return 'unchanged';
  return base.verdict === 'pass' ? 'pass-to-fail' : 'fail-to-pass';
}

/**
 * Why a file got worse, in this order: its verdict went from pass to fail; it is only in HEAD and
 * fails; it has a new error problem (by rule and pointer); it has more warnings than in BASE. A
 * removed file never got worse.
 */
export function regressionReasons(
  change: VerdictChange,
  head: SideFile | null,
  rules: FileComparison['rules'],
  warnings: Delta,
): RegressionReason[] {
  if (head === null) return [];
  const reasons: RegressionReason[] = [];
  if (change === 'pass-to-fail') reasons.push('pass-to-fail');
  if (change === 'added' && head.verdict === 'fail') reasons.push('added-failing');
  if (rules.some((rule) => rule.new.some((problem) => problem.severity === 'error'))) reasons.push('new-errors');
  if (warnings.delta !== null && warnings.delta > 0) reasons.push('more-warnings');
  return reasons;
}

function delta(base: number | null | undefined, head: number | null | undefined): Delta {
  const before = base ?? null;
  const after = head ?? null;
  if (before === null || after === null) return { base: before, head: after, delta: null };
  const difference = after - before;
  return { base: before, head: after, delta: Number.isInteger(difference) ? difference : round4(difference) };
}

function echo(side: SideFile | null): FileComparison['base'] {
  return side === null ? null : { file: side.file, kind: side.kind, verdict: side.verdict };
}

function summarize(files: readonly FileComparison[]): CompareSummary {
  const count = (change: VerdictChange) => files.filter((file) => file.change === change).length;
  const problems = (side: 'new' | 'fixed') =>
    files.reduce((sum, file) => sum + file.rules.reduce((inFile, rule) => inFile + rule[side].length, 0), 0);
  return {
    files: files.length,
    worse: files.filter((file) => file.worse).length,
    passToFail: count('pass-to-fail'),
    failToPass: count('fail-to-pass'),
    unchanged: count('unchanged'),
    added: count('added'),
    removed: count('removed'),
    newProblems: problems('new'),
    fixedProblems: problems('fixed'),
  };
}
