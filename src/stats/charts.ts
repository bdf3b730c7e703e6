import { labelText } from '../render/mermaid/escape.js';
import type { Stats } from './types.js';

/** A Mermaid `pie` of the investigations' stop reasons, or null when there are none. */
export function stopReasonPie(stats: Stats): string | null {
  if (stats.stopReasons.length === 0) return null;
  const lines = ['pie showData', '  title Stop reasons'];
  const labels = uniqueLabels(stats.stopReasons.map(({ reason }) => (reason === null ? 'none' : labelText(reason))));
  stats.stopReasons.forEach(({ count }, index) => lines.push(`  "${labels[index] ?? '?'}" : ${count}`));
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
