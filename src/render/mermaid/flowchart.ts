import { isRecord, records, strings } from '../../common/guards.js';
import { comparePriority } from '../../common/priority.js';
import { compareStrings } from '../../diagnostics/diagnostic.js';
import { escapeFor } from '../untrusted/index.js';
import { Chart } from './chart.js';
import { drawDiscovery, numberText } from './discovery.js';
import { displayValue } from './escape.js';
import { idKey } from './ids.js';
import { drawTimeline } from './timeline.js';

/**
 * A picture of an investigation as Mermaid `flowchart TD` text: surface map entries, then the
 * hypotheses in rank order, the deep dives in the order they happened, the replans and the stop;
 * with a `discovery` block, a subgraph of its cycles. Pure and deterministic; never throws. Any
 * field may be missing or of the wrong type: what cannot be drawn is left out.
 *
 * - A map entry links to every hypothesis that shares one of its candidate nodes.
 * - A dive links from its hypothesis (the first in rank order with that id) and is classed by its
 *   effect (`confirms`, `invalidates`, `neutral`, any other effect `otherEffect`); its label shows
 *   the budget spent so far: the number of dives (unit reads) or the sum of their tokens (unit
 *   tokens; "?" once a dive lacks tokens).
 * - The dives are chained in the order they happened. A replan follows its `afterDeepDive` dive
 *   when that names a drawn dive, else the last dive that invalidates its hypothesis: it sits in
 *   the chain between that dive (dotted edge in) and the next dive, several replans after one dive
 *   in log order. A replan that follows no dive links, dotted, from its hypothesis.
 * - The stop node shows the reason and the budget used/total, and links from the last step of the
 *   chain (else the last hypothesis, else the last map entry).
 * - Discovery: one node per event (a cycle without events gets one node, a block without cycles
 *   one node), chained in order, inside one subgraph per cycle.
 *
 * Node ids are generated (n0, n1, …), never taken from spec text; every label is escaped by
 * `escapeFor.mermaidLabel` (src/render/mermaid/escape.ts), so no spec text can break the diagram.
 */
export function investigationFlowchart(investigation: Record<string, unknown>): string {
  return draw(investigation).render();
}

/**
 * Mermaid's defaults refuse more than 500 edges (maxEdges) and more than 50,000 characters of
 * diagram text (maxTextSize); past 200 nodes a flowchart is no longer readable anyway.
 */
export const FLOW_LIMITS = { nodes: 200, edges: 500, characters: 50_000 } as const;

export type BoundedFlowchart = { text: string } | { exceeded: keyof typeof FLOW_LIMITS; count: number };

/**
 * The flowchart when it stays within FLOW_LIMITS, else which limit it exceeds and by how much.
 * Nodes are counted before anything is drawn (the count stops just past the limit, so a spec with
 * millions of items costs nothing more); edges and characters are counted on the drawing, whose
 * size the node limit bounds.
 */
export function boundedFlowchart(investigation: Record<string, unknown>): BoundedFlowchart {
  return withinFlowLimits(countNodes(investigation, FLOW_LIMITS.nodes), () => draw(investigation));
}

/** The chart `draw` makes, unless the node count given, or the drawing's edges or text, exceed FLOW_LIMITS. */
export function withinFlowLimits(nodes: number, draw: () => Chart): BoundedFlowchart {
  if (nodes > FLOW_LIMITS.nodes) return { exceeded: 'nodes', count: nodes };
  const chart = draw();
  if (chart.edgeCount > FLOW_LIMITS.edges) return { exceeded: 'edges', count: chart.edgeCount };
  const text = chart.render().trimEnd();
  if (text.length > FLOW_LIMITS.characters) return { exceeded: 'characters', count: text.length };
  return { text };
}

/**
 * How many nodes `draw` makes, counting at most up to `max + 1`: one per map entry, hypothesis,
 * dive and replan that is an object, the stop, and with a discovery block one per event (one per
 * cycle without events, one for no cycles).
 */
export function countNodes(investigation: Record<string, unknown>, max: number): number {
  const spec = isRecord(investigation) ? investigation : {};
  let count = 1;
  const add = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (let index = 0; index < items.length && count <= max; index++) if (isRecord(items[index])) count++;
  };
  for (const key of ['surfaceMap', 'hypotheses', 'deepDives', 'replanLog']) add(spec[key]);
  const discovery = spec['discovery'];
  if (!isRecord(discovery)) return count;
  const cycles = Array.isArray(discovery['cycles']) ? discovery['cycles'] : [];
  let drawnCycles = 0;
  for (let index = 0; index < cycles.length && count <= max; index++) {
    const cycle: unknown = cycles[index];
    if (!isRecord(cycle)) continue;
    drawnCycles++;
    const before = count;
    add(cycle['events']);
    if (count === before) count++;
  }
  return drawnCycles === 0 && count <= max ? count + 1 : count;
}

function draw(investigation: Record<string, unknown>): Chart {
  const spec = isRecord(investigation) ? investigation : {};
  const chart = new Chart();

  const budget = isRecord(spec['budget']) ? spec['budget'] : {};
  const unit = budget['unit'];
  const total = numberText(budget['total']);
  const unitText = typeof unit === 'string' && unit.trim() !== '' ? ` ${escapeFor.mermaidLabel(unit, 16)}` : '';
  const spentOfTotal = (amount: string): string => `${amount}/${total}${unitText}`;

  // Surface map.
  const map = records(spec['surfaceMap']).map((entry) => ({
    node: chart.node(
      [`${escapeFor.mermaidLabel(entry['id'], 24)} · ${escapeFor.mermaidLabel(entry['tool'], 24)}`, escapeFor.mermaidLabel(entry['query'])],
      'map',
    ),
    candidates: new Set(strings(entry['candidateNodes'])),
  }));

  // Hypotheses, in rank order: priority ascending, then id, then document order.
  const ranked = records(spec['hypotheses'])
    .map((hypothesis, index) => ({ hypothesis, index }))
    .sort(
      (a, b) =>
        comparePriority(a.hypothesis['priority'], b.hypothesis['priority']) ||
        compareStrings(sortId(a.hypothesis['id']), sortId(b.hypothesis['id'])) ||
        a.index - b.index,
    );
  const hypothesisNodes = new Map<string, string>();
  const hypotheses = ranked.map(({ hypothesis }) => {
    const priority = numberText(hypothesis['priority']);
    const node = chart.node(
      [
        `${escapeFor.mermaidLabel(hypothesis['id'], 24)} · P${priority} · ${escapeFor.mermaidLabel(hypothesis['status'], 16)}`,
        escapeFor.mermaidLabel(hypothesis['claim']),
      ],
      'hypothesis',
    );
    const key = idKey(hypothesis['id']);
    if (key !== undefined && !hypothesisNodes.has(key)) hypothesisNodes.set(key, node);
    return { node, candidates: strings(hypothesis['candidateNodes']) };
  });
  for (const entry of map) {
    for (const hypothesis of hypotheses) {
      if (hypothesis.candidates.some((candidate) => entry.candidates.has(candidate))) chart.edge(entry.node, hypothesis.node);
    }
  }

  // Deep dives and replans, in the order they happened.
  const lastStep = drawTimeline(chart, spec, hypothesisNodes, { tokens: unit === 'tokens', spent: spentOfTotal });

  // The stop.
  const stop = isRecord(spec['stopCondition']) ? spec['stopCondition'] : {};
  const stopNode = chart.node(
    [
      `Stop · ${escapeFor.mermaidLabel(stop['reason'], 24)} · ${spentOfTotal(numberText(budget['used']))}`,
      escapeFor.mermaidLabel(stop['evidence'], undefined, ''),
      typeof spec['goal'] === 'string' ? `Goal · ${escapeFor.mermaidLabel(spec['goal'])}` : '',
    ],
    'stop',
  );
  const beforeStop = lastStep ?? hypotheses.at(-1)?.node ?? map.at(-1)?.node;
  if (beforeStop !== undefined) chart.edge(beforeStop, stopNode);

  if (spec['discovery'] !== undefined) drawDiscovery(chart, spec['discovery']);
  return chart;
}

function sortId(value: unknown): string {
  return displayValue(value) ?? '\u{10FFFF}';
}
