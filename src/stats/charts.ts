import { labelText } from '../render/mermaid/escape.js';
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
  const slices = shown.map(({ reason, count }) => ({ label: reason === null ? 'none' : labelText(reason), count }));
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
    `  x-axis [${buckets.map((bucket) => `"${labelText(bucket.label)}"`).join(', ')}]`,
    `  y-axis "Investigations" 0 --> ${highest}`,
    `  bar [${buckets.map((bucket) => bucket.count).join(', ')}]`,
  ].join('\n');
}

/** Pie slices are keyed by label: labels that came out equal (after truncation) get " (2)", " (3)" and so on. */
function uniqueLabels(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    let unique = label;
    for (let n = 2; used.has(unique); n++) unique = `${label} #40;${n}#41;`;
    used.add(unique);
    return unique;
  });
}
