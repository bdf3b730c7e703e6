import { escapeFor } from '../render/untrusted/index.js';
import type { Stats } from './types.js';

/** Most slices of the pie: one slice a distinct reason would let a corpus draw an unreadable, unbounded pie. */
export const MAX_PIE_SLICES = 12;

/**
 * A Mermaid `pie` of the investigations' stop reasons, or null when there are none. Past
 * MAX_PIE_SLICES reasons, the most frequent ones keep a slice and the rest share one, "other reasons".
 */
export function stopReasonPie(stats: Stats): string | null {
  if (stats.stopReasons.length === 0) return null;
  const lines = ['pie showData', '  title Stop reasons'];
  const cut = stats.stopReasons.length > MAX_PIE_SLICES;
  const shown = cut ? stats.stopReasons.slice(0, MAX_PIE_SLICES - 1) : stats.stopReasons;
  const slices = shown.map(({ reason, count }) => ({ label: reason === null ? 'none' : escapeFor.mermaidLabel(reason), count }));
  if (cut)
    slices.push({ label: 'other reasons', count: stats.stopReasons.slice(MAX_PIE_SLICES - 1).reduce((sum, { count }) => sum + count, 0) });
  const labels = uniqueLabels(slices.map(({ label }) => label));
  for (const [index, { count }] of slices.entries()) lines.push(`  "${labels[index] ?? '?'}" : ${count}`);
  return lines.join('\n');
}

/** A Mermaid `xychart-beta` bar chart of the budget use buckets, or null without investigations. */
export function budgetUseChart(stats: Stats): string | null {
  if (stats.investigations === 0) return null;
  const { buckets } = stats.budgetUse;
  const highest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  return [
    'xychart-beta',
    '  title "Budget use (used of total)"',
    `  x-axis [${buckets.map((bucket) => `"${escapeFor.mermaidLabel(bucket.label)}"`).join(', ')}]`,
    `  y-axis "Investigations" 0 --> ${highest}`,
    `  bar [${buckets.map((bucket) => bucket.count).join(', ')}]`,
  ].join('\n');
}

/** Most bars of the chart of pass rates: past them a bar chart stops being readable. */
export const MAX_TASK_BARS = 20;
/** Code points of a task's label under its bar; longer keys are cut, ending in "…". */
const TASK_LABEL_LENGTH = 30;

/**
 * A Mermaid `xychart-beta` bar chart of the pass rate of each task, in the order of `stats.tasks`
 * (by key), or null without tasks. Past MAX_TASK_BARS tasks it draws the first ones and its title
 * says how many of how many.
 */
export function passRateChart(stats: Stats): string | null {
  if (stats.tasks.length === 0) return null;
  const shown = stats.tasks.slice(0, MAX_TASK_BARS);
  const title =
    shown.length < stats.tasks.length ? `Pass rate per task (the first ${shown.length} of ${stats.tasks.length})` : 'Pass rate per task';
  const labels = uniqueLabels(shown.map(({ task }) => escapeFor.mermaidLabel(task, TASK_LABEL_LENGTH)));
  return [
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis [${labels.map((label) => `"${label}"`).join(', ')}]`,
    '  y-axis "Pass rate (passes / runs)" 0 --> 1',
    `  bar [${shown.map(({ passRate }) => passRate).join(', ')}]`,
  ].join('\n');
}

/** Pie slices and bars are keyed by label: labels that came out equal (after truncation) get " (2)", " (3)" and so on. */
function uniqueLabels(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    let unique = label;
    for (let n = 2; used.has(unique); n++) unique = `${label} #40;${n}#41;`;
    used.add(unique);
    return unique;
  });
}
