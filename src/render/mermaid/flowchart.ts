import { isRecord, records, strings } from '../../common/guards.js';
import { compareStrings } from '../../diagnostics/diagnostic.js';
import { displayValue, labelText, quoted } from './escape.js';

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
 * - A replan links, dotted, from its `afterDeepDive` dive when that names a drawn dive, else from
 *   its hypothesis.
 * - The stop node shows the reason and the budget used/total, and links from the last dive (else
 *   the last hypothesis, else the last map entry).
 * - Discovery: one node per event (a cycle without events gets one node, a block without cycles
 *   one node), chained in order, inside one subgraph per cycle.
 *
 * Node ids are generated (n0, n1, …), never taken from spec text; every label is escaped by
 * `labelText`, so no spec text can break the diagram.
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
  const nodes = countNodes(investigation, FLOW_LIMITS.nodes);
  if (nodes > FLOW_LIMITS.nodes) return { exceeded: 'nodes', count: nodes };
  const chart = draw(investigation);
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
  const tokens = unit === 'tokens';
  const total = numberText(budget['total']);
  const unitText = typeof unit === 'string' && unit.trim() !== '' ? ` ${labelText(unit, 16)}` : '';

  // Surface map.
  const map = records(spec['surfaceMap']).map((entry) => ({
    node: chart.node([`${labelText(entry['id'], 24)} · ${labelText(entry['tool'], 24)}`, labelText(entry['query'])], 'map'),
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
      [`${labelText(hypothesis['id'], 24)} · P${priority} · ${labelText(hypothesis['status'], 16)}`, labelText(hypothesis['claim'])],
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

  // Deep dives, in the order they happened, with the budget spent so far.
  const diveNodes = new Map<string, string>();
  let spentTokens: number | null = 0;
  let lastDive: string | undefined;
  records(spec['deepDives']).forEach((dive, index) => {
    let spent: string;
    if (tokens) {
      const diveTokens = dive['tokens'];
      spentTokens = spentTokens !== null && typeof diveTokens === 'number' && Number.isFinite(diveTokens) ? spentTokens + diveTokens : null;
      spent = spentTokens === null ? '?' : String(spentTokens);
    } else {
      spent = String(index + 1);
    }
    const effect = dive['effect'];
    const node = chart.node(
      [
        `${labelText(dive['id'], 24)} · ${labelText(effect, 16)} · ${spent}/${total}${unitText}`,
        labelText(dive['node']),
        labelText(dive['finding'], undefined, ''),
      ],
      effectClass(effect),
    );
    const key = idKey(dive['id']);
    if (key !== undefined && !diveNodes.has(key)) diveNodes.set(key, node);
    const from = lookup(hypothesisNodes, dive['hypothesisId']);
    if (from !== undefined) chart.edge(from, node);
    lastDive = node;
  });

  // Replans, dotted from the dive they followed, else from their hypothesis.
  for (const replan of records(spec['replanLog'])) {
    const node = chart.node(
      [
        `Replan · ${labelText(replan['hypothesisId'], 24)} · ${labelText(replan['trigger'], 24)}`,
        labelText(replan['decision'], undefined, ''),
      ],
      'replan',
    );
    const from = lookup(diveNodes, replan['afterDeepDive']) ?? lookup(hypothesisNodes, replan['hypothesisId']);
    if (from !== undefined) chart.edge(from, node, 'dotted');
  }

  // The stop.
  const stop = isRecord(spec['stopCondition']) ? spec['stopCondition'] : {};
  const stopNode = chart.node(
    [
      `Stop · ${labelText(stop['reason'], 24)} · ${numberText(budget['used'])}/${total}${unitText}`,
      labelText(stop['evidence'], undefined, ''),
      typeof spec['goal'] === 'string' ? `Goal · ${labelText(spec['goal'])}` : '',
    ],
    'stop',
  );
  const beforeStop = lastDive ?? hypotheses.at(-1)?.node ?? map.at(-1)?.node;
  if (beforeStop !== undefined) chart.edge(beforeStop, stopNode);

  if (spec['discovery'] !== undefined) drawDiscovery(chart, spec['discovery']);
  return chart;
}

function drawDiscovery(chart: Chart, discovery: unknown): void {
  if (!isRecord(discovery)) return;
  const stop = isRecord(discovery['stop']) ? discovery['stop'] : {};
  chart.open(`Discovery · stop ${labelText(stop['reason'], 24)}`);
  const cycles = records(discovery['cycles']);
  let previous: string | undefined;
  const chain = (node: string): void => {
    if (previous !== undefined) chart.edge(previous, node);
    previous = node;
  };
  if (cycles.length === 0) chart.node(['no cycles'], 'discovery');
  cycles.forEach((cycle, index) => {
    const number = displayValue(cycle['cycle']) === undefined ? String(index + 1) : labelText(cycle['cycle'], 12);
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
      return `forage · ${labelText(event['keyword'], 32)} · ${count(event['candidates'], 'candidate', 'candidates')} · ${tokens}`;
    case 'focus':
      return `focus · ${files} · ${tokens}`;
    case 'deepen':
      return `deepen · ${files} · ${count(event['hops'], 'hop', 'hops')} · ${tokens}`;
    default:
      return `${labelText(phase, 16)} · ${files} · ${tokens}`;
  }
}

/** "1 file", "3 files", "? files". */
function count(value: unknown, one: string, many: string): string {
  const text = numberText(value);
  return `${text} ${text === '1' ? one : many}`;
}

type ClassName = 'confirms' | 'invalidates' | 'neutral' | 'otherEffect' | 'replan' | 'stop' | 'forage' | 'focus' | 'deepen' | 'discovery';
type NodeKind = ClassName | 'map' | 'hypothesis';

/** Class definitions, in the order they are written. Colours stay readable in light and dark themes. */
const CLASS_DEFS: ReadonlyArray<readonly [ClassName, string]> = [
  ['confirms', 'fill:#d3f0d8,stroke:#2e7d32,color:#123d16'],
  ['invalidates', 'fill:#f8d7da,stroke:#b3261e,color:#4a0d0a'],
  ['neutral', 'fill:#e8eaed,stroke:#6b7280,color:#1f2937'],
  ['otherEffect', 'fill:#fff4ce,stroke:#a16207,color:#3f2a03'],
  ['replan', 'fill:#fff4ce,stroke:#a16207,color:#3f2a03,stroke-dasharray:4 3'],
  ['stop', 'fill:#dbe7fb,stroke:#1d4ed8,color:#0b2258'],
  ['forage', 'fill:#e0f2f1,stroke:#00796b,color:#05332e'],
  ['focus', 'fill:#ede7f6,stroke:#5e35b1,color:#23124a'],
  ['deepen', 'fill:#fce4ec,stroke:#ad1457,color:#4a0824'],
  ['discovery', 'fill:#e8eaed,stroke:#6b7280,color:#1f2937'],
];

function effectClass(effect: unknown): ClassName {
  return effect === 'confirms' || effect === 'invalidates' || effect === 'neutral' ? effect : 'otherEffect';
}

function phaseClass(phase: unknown): ClassName {
  return phase === 'forage' || phase === 'focus' || phase === 'deepen' ? phase : 'discovery';
}

/** Collects nodes, subgraphs, edges and classes, and writes them in a fixed order. */
class Chart {
  private next = 0;
  private depth = 1;
  private readonly body: string[] = [];
  private readonly edges: string[] = [];
  private readonly classes = new Map<ClassName, string[]>();

  get edgeCount(): number {
    return this.edges.length;
  }

  /** A node with the given label lines (each already escaped); returns its generated id. */
  node(lines: readonly string[], kind: NodeKind): string {
    const id = this.id();
    this.body.push(`${this.indent()}${id}[${quoted(lines)}]`);
    if (kind !== 'map' && kind !== 'hypothesis') {
      const members = this.classes.get(kind) ?? [];
      members.push(id);
      this.classes.set(kind, members);
    }
    return id;
  }

  edge(from: string, to: string, style: 'solid' | 'dotted' = 'solid'): void {
    this.edges.push(`  ${from} ${style === 'dotted' ? '-.->' : '-->'} ${to}`);
  }

  /** Opens a subgraph with a title (already escaped). */
  open(title: string): void {
    this.body.push(`${this.indent()}subgraph ${this.id()}[${quoted([title])}]`);
    this.depth++;
  }

  close(): void {
    this.depth--;
    this.body.push(`${this.indent()}end`);
  }

  render(): string {
    const lines = ['flowchart TD', ...this.body, ...this.edges];
    for (const [name, style] of CLASS_DEFS) {
      const members = this.classes.get(name);
      if (members === undefined) continue;
      lines.push(`  classDef ${name} ${style}`, `  class ${members.join(',')} ${name}`);
    }
    return `${lines.join('\n')}\n`;
  }

  private id(): string {
    return `n${this.next++}`;
  }

  private indent(): string {
    return '  '.repeat(this.depth);
  }
}

function comparePriority(a: unknown, b: unknown): number {
  const x = typeof a === 'number' && Number.isFinite(a) ? a : Number.POSITIVE_INFINITY;
  const y = typeof b === 'number' && Number.isFinite(b) ? b : Number.POSITIVE_INFINITY;
  return x === y ? 0 : x < y ? -1 : 1;
}

function sortId(value: unknown): string {
  return displayValue(value) ?? '\u{10FFFF}';
}

/** Ids match only when both are the same string, or the same number. */
function idKey(value: unknown): string | undefined {
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'number' && Number.isFinite(value)) return `n:${value}`;
  return undefined;
}

function lookup(nodes: ReadonlyMap<string, string>, id: unknown): string | undefined {
  const key = idKey(id);
  return key === undefined ? undefined : nodes.get(key);
}

/** A finite number as text, "?" for anything else. */
function numberText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '?';
}
