/** The flowchart's timeline: dives chained in time order, each replan between its dive and the next, the last step to Stop. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/compile.js';
import { type Data, drawAndCheck, head } from '../support/flowchart-check.js';
import type { FlowchartStructure } from '../support/mermaid.js';
import { repoRoot } from '../support/outcomes.js';
import { validSpec } from '../support/specs.js';

/** The edges leaving dives and replans (the only classed nodes besides the stop), named for reading: dive id, replan head, Stop. */
function timelineEdges(chart: FlowchartStructure): string[] {
  const vertices = new Map(chart.vertices.map((vertex) => [vertex.id, vertex]));
  const name = (id: string): string => {
    const line = head(vertices.get(id)?.label ?? '');
    if (line.startsWith('Replan · ')) return line;
    return line.split(' · ')[0] ?? '';
  };
  return chart.edges
    .filter((edge) => (vertices.get(edge.start)?.classes.length ?? 0) > 0)
    .map((edge) => `${name(edge.start)} ${edge.stroke === 'dotted' ? '-.->' : '-->'} ${name(edge.end)}`);
}

function dive(id: string, hypothesisId: string, effect: string): Data {
  return { id, hypothesisId, node: 'n', tool: 'Read', finding: 'f', effect };
}

function replan(hypothesisId: string, trigger: string, afterDeepDive?: string): Data {
  return { trigger, hypothesisId, decision: 'd', evidence: 'e', ...(afterDeepDive === undefined ? {} : { afterDeepDive }) };
}

describe('the flowchart timeline', () => {
  it('chains the payments fixture: D1, D2, D3, its replan, D4, then Stop', async () => {
    const path = 'fixtures/valid/payments-refund-retry.json';
    const compiled = createCompiler().compile(readFileSync(join(repoRoot, path)), { path });
    const chart = await drawAndCheck(compiled.report?.investigation ?? {});
    expect(timelineEdges(chart)).toEqual([
      'D1 --> D2',
      'D2 --> D3',
      'D3 -.-> Replan · H3 · hypothesis_invalidated',
      'Replan · H3 · hypothesis_invalidated --> D4',
      'D4 --> Stop',
    ]);
  });

  it('places a replan without a known afterDeepDive after the last dive that invalidates its hypothesis', async () => {
    const spec = validSpec();
    spec['deepDives'] = [dive('D1', 'H1', 'invalidates'), dive('D2', 'H1', 'invalidates'), dive('D3', 'H2', 'confirms')];
    spec['replanLog'] = [replan('H1', 'absent'), replan('H1', 'unknown', 'NOPE')];
    const chart = await drawAndCheck(spec);
    expect(timelineEdges(chart)).toEqual([
      'D1 --> D2',
      'D2 -.-> Replan · H1 · absent',
      'Replan · H1 · absent -.-> Replan · H1 · unknown',
      'Replan · H1 · unknown --> D3',
      'D3 --> Stop',
    ]);
  });

  it('keeps several replans after one dive in log order, and links the last one to Stop', async () => {
    const spec = validSpec();
    spec['replanLog'] = [replan('H2', 'second', 'D3'), replan('H1', 'first', 'D1'), replan('H2', 'third', 'D3')];
    const chart = await drawAndCheck(spec);
    expect(timelineEdges(chart)).toEqual([
      'D1 -.-> Replan · H1 · first',
      'Replan · H1 · first --> D2',
      'D2 --> D3',
      'D3 -.-> Replan · H2 · second',
      'Replan · H2 · second -.-> Replan · H2 · third',
      'Replan · H2 · third --> Stop',
    ]);
  });

  it('without dives, hangs replans from their hypotheses and links the last hypothesis to Stop', async () => {
    const spec = validSpec();
    spec['deepDives'] = [];
    spec['replanLog'] = [replan('H1', 'lonely', 'D1')];
    const chart = await drawAndCheck(spec);
    expect(timelineEdges(chart)).toEqual([]);
    const labels = new Map(chart.vertices.map((vertex) => [vertex.id, head(vertex.label)]));
    const named = chart.edges.map((edge) => `${labels.get(edge.start)} > ${labels.get(edge.end)} > ${edge.stroke}`);
    expect(named).toEqual(
      expect.arrayContaining([
        'H1 · P1 · invalidated > Replan · H1 · lonely > dotted',
        'H3 · P3 · open > Stop · goal_resolved · 3/6 reads > normal',
      ]),
    );
  });
});
