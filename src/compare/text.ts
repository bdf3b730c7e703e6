import { describePointer } from '../diagnostics/pointer.js';
import { escapeFor } from '../render/untrusted/index.js';
import { changeLabel, deltaLabel, FIGURES, problemRows, reasonsLabel, summaryLabel } from './labels.js';
import type { CompareDocument, CompareNotes, FileComparison } from './types.js';

/**
 * The comparison as a listing in the style of the text formatter: one line a file (its key, its
 * verdict change, the figures that changed and why it got worse), its new (+) and fixed (-)
 * problems under it, and a closing summary. Every piece of file text is made visible and inert.
 */
export function formatCompareText(document: CompareDocument, notes: CompareNotes = {}): string {
  const keyWidth = Math.max(...document.files.map((file) => escapeFor.terminal(file.key).length));
  const changeWidth = Math.max(...document.files.map((file) => changeLabel(file).length));
  const blocks = document.files.map((file) => fileLines(file, keyWidth, changeWidth).join('\n'));
  const { verdict, details } = summaryLabel(document.summary);
  blocks.push('', `${document.summary.worse === 0 ? '✔' : '✖'} ${verdict} (${details})`);
  const baselines = notes.unappliedBaselines ?? [];
  if (baselines.length > 0)
    blocks.push(
      `No baseline is applied to the specs, so every problem counts as found; not applied: ${baselines.map(escapeFor.terminal).join(', ')}`,
    );
  return `${blocks.join('\n')}\n`;
}

function fileLines(file: FileComparison, keyWidth: number, changeWidth: number): string[] {
  const figures =
    file.base === null || file.head === null
      ? []
      : FIGURES.filter(({ key }) => file.metrics[key].base !== file.metrics[key].head).map(
          ({ key, name }) => `${name} ${deltaLabel(file.metrics[key])}`,
        );
  const parts = [escapeFor.terminal(file.key).padEnd(keyWidth), changeLabel(file).padEnd(changeWidth)];
  if (figures.length > 0) parts.push(figures.join(', '));
  if (file.worse) parts.push(`worse: ${reasonsLabel(file)}`);
  const lines = [parts.join('  ').trimEnd()];
  const problems = problemRows(file);
  const severityWidth = Math.max(0, ...problems.map((problem) => problem.severity.length));
  for (const problem of problems) {
    const where = escapeFor.terminal(describePointer(problem.path));
    const sign = problem.change === 'new' ? '+' : '-';
    lines.push(
      `  ${sign} ${problem.severity.padEnd(severityWidth)}  ${where}  ${escapeFor.terminal(problem.message)}  ${escapeFor.terminal(problem.ruleId)}`,
    );
  }
  return lines;
}
