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
 * Code points the x-axis of Mermaid's default chart (700 px wide, labels in 14 px type, about 8 px a
 * character, bars some 520 px in all) holds side by side, all labels together: past that, labels
 * centred under their bars run into each other.
 */
export const X_AXIS_CHARACTERS = 56;

/** One bar of the chart of pass rates: the label under it, and the task it stands for. */
export interface TaskBar {
  label: string;
  task: string;
}

/**
 * The bars of the chart of pass rates, the first MAX_TASK_BARS tasks in the order of `stats.tasks`:
 * each labelled by its task when every label fits its share of the x-axis (X_AXIS_CHARACTERS over
 * the bars), else numbered 1, 2, 3… for the legend (`numbered`) to name, so that the labels never
 * smear into each other, at 12 tasks or 20.
 */
export function taskBars(stats: Stats): { bars: TaskBar[]; numbered: boolean } {
  const shown = stats.tasks.slice(0, MAX_TASK_BARS);
  const share = Math.floor(X_AXIS_CHARACTERS / Math.max(1, shown.length));
  const fits = shown.every(({ task }) => Math.min([...task].length, TASK_LABEL_LENGTH) <= share);
  if (fits) {
    const labels = uniqueLabels(shown.map(({ task }) => escapeFor.mermaidLabel(task, TASK_LABEL_LENGTH)));
    return { bars: shown.map(({ task }, index) => ({ label: labels[index] ?? '?', task })), numbered: false };
  }
  return { bars: shown.map(({ task }, index) => ({ label: String(index + 1), task })), numbered: true };
}

/**
 * A Mermaid `xychart-beta` bar chart of the pass rate of each task, in the order of `stats.tasks`
 * (by key), or null without tasks. Past MAX_TASK_BARS tasks it draws the first ones and its title
 * says how many of how many; when the tasks' names do not fit under their bars, the bars are
 * numbered and the x-axis title says that the table under the chart names them (taskBars).
 */
export function passRateChart(stats: Stats): string | null {
  if (stats.tasks.length === 0) return null;
  const { bars, numbered } = taskBars(stats);
  const title =
    bars.length < stats.tasks.length ? `Pass rate per task (the first ${bars.length} of ${stats.tasks.length})` : 'Pass rate per task';
  const axisTitle = numbered ? '"Task (numbered as in the table below)" ' : '';
  return [
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis ${axisTitle}[${bars.map(({ label }) => `"${label}"`).join(', ')}]`,
    '  y-axis "Pass rate (passes / runs)" 0 --> 1',
    `  bar [${stats.tasks
      .slice(0, bars.length)
      .map(({ passRate }) => passRate)
      .join(', ')}]`,
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
