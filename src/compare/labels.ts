import { plural } from '../common/text.js';
import type { CompareSummary, Delta, FileComparison, ProblemEntry, RegressionReason } from './types.js';

/** The figures of a file, in the order the text and Markdown show them, with their names. */
export const FIGURES: ReadonlyArray<{ key: keyof FileComparison['metrics']; name: string; title: string }> = [
  { key: 'errors', name: 'errors', title: 'Errors' },
  { key: 'warnings', name: 'warnings', title: 'Warnings' },
  { key: 'budgetUsed', name: 'budget used', title: 'Budget used' },
  { key: 'deepDives', name: 'deep dives', title: 'Deep dives' },
  { key: 'cyclesToSuccess', name: 'cycles to success', title: 'Cycles to success' },
];

/** Where a side has no value: the JSON document says null. */
const NO_VALUE = '–';

const REASONS: Record<RegressionReason, string> = {
  'pass-to-fail': 'pass → fail',
  'added-failing': 'added and failing',
  'new-errors': 'new errors',
  'more-warnings': 'more warnings',
};

/** "pass → fail", "fail → pass", "unchanged: pass", "added: fail", "removed: pass". */
export function changeLabel(file: FileComparison): string {
  switch (file.change) {
    case 'pass-to-fail':
      return 'pass → fail';
    case 'fail-to-pass':
      return 'fail → pass';
    case 'unchanged':
      return `unchanged: ${file.head?.verdict}`;
    case 'added':
      return `added: ${file.head?.verdict}`;
    case 'removed':
      return `removed: ${file.base?.verdict}`;
  }
}

export function reasonsLabel(file: FileComparison): string {
  return file.reasons.map((reason) => REASONS[reason]).join(', ');
}

/** A figure on both sides: "3" when it did not change, "3 → 5 (+2)", or "– → 4" where a side has none. */
export function deltaLabel(figure: Delta): string {
  if (figure.base === figure.head) return figure.base === null ? NO_VALUE : String(figure.base);
  const sides = `${figure.base ?? NO_VALUE} → ${figure.head ?? NO_VALUE}`;
  if (figure.delta === null) return sides;
  return `${sides} (${figure.delta > 0 ? '+' : ''}${figure.delta})`;
}

/** "2 of 5 files got worse" or "No file got worse", then what changed. */
export function summaryLabel(summary: CompareSummary): { verdict: string; details: string } {
  const verdict = summary.worse === 0 ? 'No file got worse' : `${summary.worse} of ${plural(summary.files, 'file')} got worse`;
  const changes = [
    `${summary.passToFail} pass → fail`,
    `${summary.failToPass} fail → pass`,
    `${summary.added} added`,
    `${summary.removed} removed`,
    `${summary.unchanged} unchanged`,
  ].join(', ');
  const problems = `${plural(summary.newProblems, 'new problem')}, ${summary.fixedProblems} fixed`;
  return { verdict, details: `${plural(summary.files, 'file')}: ${changes}; ${problems}` };
}

/** A file's new and fixed problems in the order they are listed: by rule, new before fixed, each by place. */
export function problemRows(file: FileComparison): Array<ProblemEntry & { change: 'new' | 'fixed'; ruleId: string }> {
  return file.rules.flatMap((rule) => [
    ...rule.new.map((problem) => ({ change: 'new' as const, ruleId: rule.ruleId, ...problem })),
    ...rule.fixed.map((problem) => ({ change: 'fixed' as const, ruleId: rule.ruleId, ...problem })),
  ]);
}
