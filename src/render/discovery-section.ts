import type { PhrasingContent, RootContent } from 'mdast';
import { isRecord } from '../common/guards.js';
import { asText } from '../common/text.js';
import type { DiscoveryMetrics } from '../report/discovery-metrics.js';
import { cellCodeList, firstItems, IN_JSON_REPORT, MAX_ROWS, moreNote } from './limits.js';
import { bulletList, cellText, code, heading, paragraph, singleLine, table, text } from './mdast-builders.js';

/**
 * The report's "Discovery" section as an mdast fragment: the discovery metrics and stop reason as a
 * list, then one table row per cycle. Reads the block as it is; odd values render as nothing or JSON.
 */
export function discoverySection(discovery: unknown, metrics: DiscoveryMetrics): RootContent[] {
  const block = isRecord(discovery) ? discovery : {};
  const stop = isRecord(block['stop']) ? block['stop'] : {};
  const reason = asText(stop['reason']);
  const evidence = singleLine(asText(stop['evidence']));
  const { tokensByPhase: tokens, filesReadByPhase: files } = metrics;
  const items: PhrasingContent[][] = [
    [text('Stop reason: '), code(reason || '?'), ...(evidence === '' ? [] : [text(` (${evidence})`)])],
    [text(`Cycles: ${metrics.cycles}`)],
    [text(`Cycles to success: ${metrics.cyclesToSuccess ?? 'n/a'}`)],
    [text(`Tokens by phase: forage ${tokens.forage}, focus ${tokens.focus}, deepen ${tokens.deepen}`)],
    [text(`Forage/focus token ratio: ${metrics.forageFocusTokenRatio ?? 'n/a'}`)],
    [text(`Files read by phase: forage ${files.forage}, focus ${files.focus}, deepen ${files.deepen}`)],
    [text(`Zero signal: ${metrics.zeroSignal ? 'yes, no cycle found a new signal' : 'no'}`)],
  ];
  const { items: cycles, more } = firstItems(block['cycles'], MAX_ROWS);
  return [
    heading(2, text('Discovery')),
    bulletList(items),
    cycles.length === 0
      ? paragraph(text('No discovery cycles.'))
      : table(
          ['Cycle', 'Keywords', 'Phases', 'Tokens', 'Files read', 'New signals'],
          cycles.map((raw) => {
            const cycle = isRecord(raw) ? raw : {};
            const events = (Array.isArray(cycle['events']) ? cycle['events'] : []).map((event) => (isRecord(event) ? event : {}));
            return [
              cellText(asText(cycle['cycle'])),
              cellCodeList(cycle['keywords'], asText),
              cellText(phaseSummary(events.map((event) => asText(event['phase']) || '?'))),
              cellText(String(sum(events, 'tokens'))),
              cellText(String(sum(events, 'filesRead'))),
              cellText(asText(cycle['newSignals'])),
            ];
          }),
        ),
    ...moreNote(more, 'cycles', IN_JSON_REPORT),
  ];
}

/** Runs of the same phase folded: "forage ×2 → focus → deepen". */
export function phaseSummary(phases: readonly string[]): string {
  const runs: Array<{ phase: string; count: number }> = [];
  for (const phase of phases) {
    const last = runs[runs.length - 1];
    if (last && last.phase === phase) last.count++;
    else runs.push({ phase, count: 1 });
  }
  return runs.map(({ phase, count }) => (count === 1 ? phase : `${phase} ×${count}`)).join(' → ');
}

function sum(events: ReadonlyArray<Record<string, unknown>>, key: string): number {
  let total = 0;
  for (const event of events) {
    const value = event[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) total += value;
  }
  return total;
}
