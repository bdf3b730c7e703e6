import { isRecord, records } from '../../common/guards.js';
import { escapeFor } from '../untrusted/index.js';
import type { Chart } from './chart.js';
import { phaseClass } from './chart.js';
import { displayValue } from './escape.js';

export function drawDiscovery(chart: Chart, discovery: unknown): void {
  if (!isRecord(discovery)) return;
  const stop = isRecord(discovery['stop']) ? discovery['stop'] : {};
  chart.open(`Discovery · stop ${escapeFor.mermaidLabel(stop['reason'], 24)}`);
  const cycles = records(discovery['cycles']);
  let previous: string | undefined;
  const chain = (node: string): void => {
    if (previous !== undefined) chart.edge(previous, node);
    previous = node;
  };
  if (cycles.length === 0) chart.node(['no cycles'], 'discovery');
  cycles.forEach((cycle, index) => {
    const number = displayValue(cycle['cycle']) === undefined ? String(index + 1) : escapeFor.mermaidLabel(cycle['cycle'], 12);
    const keywords = Array.isArray(cycle['keywords']) ? cycle['keywords'].length : 0;
    chart.open(`Cycle ${number} · ${count(keywords, 'keyword', 'keywords')} · ${count(cycle['newSignals'], 'new signal', 'new signals')}`);
    const events = records(cycle['events']);
    if (events.length === 0) chain(chart.node(['no events'], 'discovery'));
    for (const event of events) chain(chart.node([eventLabel(event)], phaseClass(event['phase'])));
    chart.close();
  });
  chart.close();
}

function eventLabel(event: Record<string, unknown>): string {
  const phase = event['phase'];
  const tokens = count(event['tokens'], 'token', 'tokens');
  const files = count(event['filesRead'], 'file', 'files');
  switch (phase) {
    case 'forage':
      return `forage · ${escapeFor.mermaidLabel(event['keyword'], 32)} · ${count(event['candidates'], 'candidate', 'candidates')} · ${tokens}`;
    case 'focus':
      return `focus · ${files} · ${tokens}`;
    case 'deepen':
      return `deepen · ${files} · ${count(event['hops'], 'hop', 'hops')} · ${tokens}`;
    default:
      return `${escapeFor.mermaidLabel(phase, 16)} · ${files} · ${tokens}`;
  }
}

/** "1 file", "3 files", "? files". */
function count(value: unknown, one: string, many: string): string {
  const text = numberText(value);
  return `${text} ${text === '1' ? one : many}`;
}

/** A finite number as text, "?" for anything else. */
export function numberText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '?';
}
