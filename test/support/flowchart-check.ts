/**
 * Draws a spec's flowchart, parses it with Mermaid's own parser and checks its structure against
 * the spec: node count, kinds in order, edges, classes, the stop node and the discovery subgraph.
 */
import { expect } from 'vitest';
import { countNodes, investigationFlowchart } from '../../src/render/mermaid/flowchart.js';
import { type FlowchartStructure, loadMermaid } from './mermaid.js';

const mermaid = await loadMermaid();

export type Data = Record<string, unknown>;

function isRecord(value: unknown): value is Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function records(value: unknown): Data[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** First line of a label (lines are joined by <br>). */
export function head(label: string): string {
  return label.split('<br>')[0] ?? '';
}

/** How many nodes the discovery block should draw: one per event, one per empty cycle, one for no cycles. */
function discoveryNodes(spec: Data): number {
  const discovery = spec['discovery'];
  if (!isRecord(discovery)) return 0;
  const cycles = records(discovery['cycles']);
  if (cycles.length === 0) return 1;
  return cycles.reduce((sum, cycle) => sum + Math.max(1, records(cycle['events']).length), 0);
}

function rank(spec: Data): Data[] {
  const priority = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Infinity);
  const id = (value: unknown): string =>
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '\u{10FFFF}';
  return records(spec['hypotheses'])
    .map((hypothesis, index) => ({ hypothesis, index }))
    .sort((a, b) => {
      const pa = priority(a.hypothesis['priority']);
      const pb = priority(b.hypothesis['priority']);
      if (pa !== pb) return pa < pb ? -1 : 1;
      const ia = id(a.hypothesis['id']);
      const ib = id(b.hypothesis['id']);
      if (ia !== ib) return ia < ib ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ hypothesis }) => hypothesis);
}

function sameId(a: unknown, b: unknown): boolean {
  return (typeof a === 'string' || (typeof a === 'number' && Number.isFinite(a))) && a === b;
}

/**
 * Checks a parsed flowchart against the spec it was drawn from: node count, kinds in order,
 * hypothesis → dive edges, dive classes by effect, the dives and replans chained in time order,
 * the stop after the last step, the discovery subgraph, and the exact number of edges.
 */
function checkStructure(spec: Data, chart: FlowchartStructure): void {
  const map = records(spec['surfaceMap']);
  const hypotheses = rank(spec);
  const dives = records(spec['deepDives']);
  const replans = records(spec['replanLog']);
  const extra = discoveryNodes(spec);
  expect(chart.vertices).toHaveLength(map.length + hypotheses.length + dives.length + replans.length + 1 + extra);

  const ids = chart.vertices.map((vertex) => vertex.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^n\d+$/);

  let at = 0;
  const mapVertices = chart.vertices.slice(at, (at += map.length));
  const hypothesisVertices = chart.vertices.slice(at, (at += hypotheses.length));
  const diveVertices = chart.vertices.slice(at, (at += dives.length));
  const replanVertices = chart.vertices.slice(at, (at += replans.length));
  const stopVertex = chart.vertices[at++];
  const discoveryVertices = chart.vertices.slice(at);
  const edgeSet = new Set(chart.edges.map((edge) => `${edge.start}>${edge.end}>${edge.stroke}`));
  let expectedEdges = 0;

  // Map entries link to every hypothesis sharing a candidate node.
  map.forEach((entry, m) => {
    const surfaced = new Set(
      Array.isArray(entry['candidateNodes']) ? entry['candidateNodes'].filter((node) => typeof node === 'string') : [],
    );
    hypotheses.forEach((hypothesis, h) => {
      const nodes = Array.isArray(hypothesis['candidateNodes']) ? hypothesis['candidateNodes'] : [];
      if (nodes.some((node) => typeof node === 'string' && surfaced.has(node))) {
        expectedEdges++;
        expect(edgeSet.has(`${mapVertices[m]?.id}>${hypothesisVertices[h]?.id}>normal`)).toBe(true);
      }
    });
  });

  // Hypotheses in rank order.
  hypotheses.forEach((hypothesis, h) => {
    if (typeof hypothesis['id'] === 'string' && hypothesis['id'].length < 20 && /^[\w-]+$/.test(hypothesis['id'])) {
      expect(head(hypothesisVertices[h]?.label ?? '').startsWith(`${hypothesis['id']} · `)).toBe(true);
    }
  });

  // Dives: linked from their hypothesis, classed by effect, budget spent so far in the label.
  dives.forEach((dive, d) => {
    const vertex = diveVertices[d];
    const effect = dive['effect'];
    const expectedClass = effect === 'confirms' || effect === 'invalidates' || effect === 'neutral' ? effect : 'otherEffect';
    expect(vertex?.classes).toEqual([expectedClass]);
    const h = hypotheses.findIndex((hypothesis) => sameId(hypothesis['id'], dive['hypothesisId']));
    if (h >= 0) {
      expectedEdges++;
      expect(edgeSet.has(`${hypothesisVertices[h]?.id}>${vertex?.id}>normal`)).toBe(true);
    }
    const budget = isRecord(spec['budget']) ? spec['budget'] : {};
    if (budget['unit'] === 'reads' && typeof budget['total'] === 'number') {
      expect(head(vertex?.label ?? '')).toContain(` · ${d + 1}/${budget['total']} reads`);
    }
  });

  // Replans: each follows its afterDeepDive dive, else the last dive that invalidates its hypothesis;
  // one that follows no dive hangs, dotted, from its hypothesis.
  const replansAfter = dives.map((): number[] => []);
  replans.forEach((replan, r) => {
    const vertex = replanVertices[r];
    expect(vertex?.classes).toEqual(['replan']);
    const named = dives.findIndex((dive) => sameId(dive['id'], replan['afterDeepDive']));
    const invalidating = dives.findLastIndex(
      (dive) => dive['effect'] === 'invalidates' && sameId(dive['hypothesisId'], replan['hypothesisId']),
    );
    const after = named >= 0 ? named : invalidating;
    if (after >= 0) {
      replansAfter[after]?.push(r);
      return;
    }
    const h = hypotheses.findIndex((hypothesis) => sameId(hypothesis['id'], replan['hypothesisId']));
    if (h >= 0) {
      expectedEdges++;
      expect(edgeSet.has(`${hypothesisVertices[h]?.id}>${vertex?.id}>dotted`)).toBe(true);
    }
  });

  // The steps in time order: every dive, each followed by its replans in log order; solid into a
  // dive, dotted into a replan.
  const steps: Array<{ id: string | undefined; stroke: string }> = [];
  diveVertices.forEach((dive, d) => {
    steps.push({ id: dive.id, stroke: 'normal' });
    for (const r of replansAfter[d] ?? []) steps.push({ id: replanVertices[r]?.id, stroke: 'dotted' });
  });
  for (let i = 1; i < steps.length; i++) {
    expectedEdges++;
    expect(edgeSet.has(`${steps[i - 1]?.id}>${steps[i]?.id}>${steps[i]?.stroke}`)).toBe(true);
  }

  // The stop, linked from the last step (else the last hypothesis, else the last map entry).
  expect(stopVertex?.classes).toEqual(['stop']);
  expect(head(stopVertex?.label ?? '').startsWith('Stop · ')).toBe(true);
  const beforeStop = steps.at(-1)?.id ?? hypothesisVertices.at(-1)?.id ?? mapVertices.at(-1)?.id;
  if (beforeStop !== undefined) {
    expectedEdges++;
    expect(edgeSet.has(`${beforeStop}>${stopVertex?.id}>normal`)).toBe(true);
  }

  // Discovery: a chain inside one subgraph (with a subgraph per cycle).
  if (extra > 0) {
    const cycles = records(isRecord(spec['discovery']) ? spec['discovery']['cycles'] : undefined);
    expect(chart.subgraphs).toHaveLength(1 + cycles.length);
    const outer = chart.subgraphs.find((subgraph) => subgraph.title.startsWith('Discovery · '));
    expect(outer).toBeDefined();
    if (cycles.length > 0) {
      expectedEdges += discoveryVertices.length - 1;
      for (let i = 1; i < discoveryVertices.length; i++)
        expect(edgeSet.has(`${discoveryVertices[i - 1]?.id}>${discoveryVertices[i]?.id}>normal`)).toBe(true);
    }
  } else {
    expect(chart.subgraphs).toHaveLength(0);
  }
  expect(chart.edges).toHaveLength(expectedEdges);
}

export async function drawAndCheck(spec: Data): Promise<FlowchartStructure> {
  const text = investigationFlowchart(spec);
  expect(investigationFlowchart(spec)).toBe(text);
  const chart = await mermaid.flowchart(text);
  checkStructure(spec, chart);
  // The guard counts exactly the nodes drawn.
  expect(countNodes(spec, Number.MAX_SAFE_INTEGER)).toBe(chart.vertices.length);
  return chart;
}
