/** investigationFlowchart, parsed by Mermaid and checked against the spec: on every fixture, then detail by detail. */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/compile.js';
import { investigationFlowchart } from '../../src/render/mermaid/flowchart.js';
import { type Data, drawAndCheck, head } from '../support/flowchart-check.js';
import { loadMermaid } from '../support/mermaid.js';
import { fixtureOutcomes } from '../support/outcomes.js';
import { validSpec } from '../support/specs.js';

const mermaid = await loadMermaid();
const outcomes = fixtureOutcomes();

describe('investigationFlowchart on every fixture', () => {
  it('covers the corpus', () => {
    expect(outcomes.length).toBeGreaterThan(50);
    expect(outcomes.filter((outcome) => outcome.report !== null).length).toBeGreaterThan(40);
  });

  for (const outcome of outcomes) {
    it(`${outcome.path} (exit ${outcome.exitCode})`, async () => {
      if (outcome.report === null) {
        // Input errors and critical input have no report, hence nothing to draw from; the empty spec still draws.
        expect([3, 4]).toContain(outcome.exitCode);
        await drawAndCheck({});
        return;
      }
      await drawAndCheck(outcome.report.investigation);
    });
  }

  it('draws the payments fixture as expected', async () => {
    const outcome = outcomes.find((candidate) => candidate.path.endsWith('payments-refund-retry.json'));
    const chart = await drawAndCheck(outcome?.report?.investigation ?? {});
    const heads = chart.vertices.map((vertex) => head(vertex.label));
    expect(heads).toContain('D2 · confirms · 2/6 reads');
    expect(heads).toContain('D3 · invalidates · 3/6 reads');
    expect(heads).toContain('Stop · goal_resolved · 4/6 reads');
    expect(heads.slice(3, 7)).toEqual(['H1 · P1 · confirmed', 'H2 · P2 · confirmed', 'H3 · P3 · invalidated', 'H4 · P4 · open']);
  });
});

describe('investigationFlowchart details', () => {
  it('ranks hypotheses by priority, then id, and keeps dives in document order', async () => {
    const spec = validSpec();
    spec['hypotheses'] = [
      { id: 'H9', claim: 'c', priority: 2, cost: 1, status: 'open', candidateNodes: [] },
      { id: 'H3', claim: 'c', priority: 2, cost: 1, status: 'open', candidateNodes: [] },
      { id: 'H1', claim: 'c', priority: 7, cost: 1, status: 'open', candidateNodes: [] },
      { id: 'H0', claim: 'c', priority: 'high', cost: 1, status: 'open', candidateNodes: [] },
    ];
    const chart = await drawAndCheck(spec);
    const heads = chart.vertices.map((vertex) => head(vertex.label));
    const hypothesisHeads = heads.filter((line) => /^H\d · P/.test(line));
    expect(hypothesisHeads).toEqual(['H3 · P2 · open', 'H9 · P2 · open', 'H1 · P7 · open', 'H0 · P? · open']);
  });

  it('shows the running token total, and "?" once a dive lacks tokens', async () => {
    const spec = validSpec();
    spec['budget'] = { total: 9000, used: 3000, unit: 'tokens' };
    spec['deepDives'] = [
      { id: 'D1', hypothesisId: 'H1', node: 'a', tool: 'Read', finding: 'f', effect: 'neutral', tokens: 1000 },
      { id: 'D2', hypothesisId: 'H1', node: 'a', tool: 'Read', finding: 'f', effect: 'confirms', tokens: 2000 },
      { id: 'D3', hypothesisId: 'H1', node: 'a', tool: 'Read', finding: 'f', effect: 'invalidates' },
      { id: 'D4', hypothesisId: 'H1', node: 'a', tool: 'Read', finding: 'f', effect: 'weird', tokens: 5 },
    ];
    spec['replanLog'] = [];
    const chart = await drawAndCheck(spec);
    const heads = chart.vertices.map((vertex) => head(vertex.label));
    expect(heads).toEqual(
      expect.arrayContaining([
        'D1 · neutral · 1000/9000 tokens',
        'D2 · confirms · 3000/9000 tokens',
        'D3 · invalidates · ?/9000 tokens',
        'D4 · weird · ?/9000 tokens',
        'Stop · goal_resolved · 3000/9000 tokens',
      ]),
    );
  });

  it('links a replan from its hypothesis when afterDeepDive is absent or unknown and no dive invalidates it', async () => {
    const spec = validSpec();
    // The third hypothesis has no dive, so nothing in the timeline can anchor its replans.
    const hypothesisId = (spec['hypotheses'] as Data[])[2]?.['id'];
    spec['replanLog'] = [
      { trigger: 'hypothesis_invalidated', hypothesisId, decision: 'd', evidence: 'e' },
      { trigger: 'hypothesis_invalidated', hypothesisId, decision: 'd', evidence: 'e', afterDeepDive: 'NOPE' },
      { trigger: 'hypothesis_invalidated', hypothesisId: 'NOPE', decision: 'd', evidence: 'e' },
    ];
    const chart = await drawAndCheck(spec);
    expect(chart.edges.filter((edge) => edge.stroke === 'dotted')).toHaveLength(2);
  });

  it('draws the discovery cycles as a chain of forage, focus and deepen nodes', async () => {
    const spec = validSpec();
    spec['discovery'] = {
      limits: { maxCycles: 3, cycleTokenBudget: 4000, topK: 5, focusK: 2, deepenHops: 1, noNewSignalCycles: 1 },
      cycles: [
        {
          cycle: 1,
          keywords: ['refund', 'retry'],
          newSignals: 2,
          events: [
            { phase: 'forage', keyword: 'refund', candidates: 5, filesRead: 0, tokens: 300, wallTimeMs: 40 },
            { phase: 'focus', candidates: 2, filesRead: 2, tokens: 2400, wallTimeMs: 900 },
            { phase: 'deepen', candidates: 1, filesRead: 1, tokens: 800, wallTimeMs: 300, hops: 1 },
          ],
        },
        {
          cycle: 2,
          keywords: ['idempotency'],
          newSignals: 0,
          events: [{ phase: 'forage', keyword: 'idempotency', candidates: 0, filesRead: 0, tokens: 120, wallTimeMs: 10 }],
        },
        { cycle: 3, keywords: [], newSignals: 0, events: [] },
      ],
      stop: { reason: 'no_new_signal', evidence: 'cycle 2 found nothing new' },
    };
    const compiled = createCompiler().compile(spec, { path: 'discovery.json' });
    expect(compiled.report).not.toBeNull();
    const chart = await drawAndCheck(compiled.report?.investigation ?? {});
    const labels = chart.vertices.map((vertex) => vertex.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'forage · refund · 5 candidates · 300 tokens',
        'focus · 2 files · 2400 tokens',
        'deepen · 1 file · 1 hop · 800 tokens',
        'forage · idempotency · 0 candidates · 120 tokens',
        'no events',
      ]),
    );
    const classes = chart.vertices.flatMap((vertex) => vertex.classes);
    expect(classes).toEqual(expect.arrayContaining(['forage', 'focus', 'deepen']));
    expect(chart.subgraphs.map((subgraph) => subgraph.title)).toEqual(
      expect.arrayContaining([
        'Discovery · stop no_new_signal',
        'Cycle 1 · 2 keywords · 2 new signals',
        'Cycle 3 · 0 keywords · 0 new signals',
      ]),
    );
  });

  it('never throws on odd shapes', async () => {
    const odd: unknown[] = [
      {},
      { surfaceMap: 'x', hypotheses: 3, deepDives: null, replanLog: {}, stopCondition: [], budget: 'b', discovery: [] },
      {
        surfaceMap: [null, 1, 'a', [], { candidateNodes: 'a' }],
        hypotheses: [
          { id: {}, priority: NaN },
          { id: 1, priority: Infinity },
        ],
        deepDives: [{ id: 1, hypothesisId: 1, effect: 7, tokens: '3' }],
      },
      { discovery: { cycles: 'x', stop: 1 } },
      { discovery: { cycles: [null, { events: [null, 'e', { phase: 3 }] }] } },
      { budget: { unit: 'tokens', total: -1, used: 1e300 }, deepDives: [{ tokens: 1e308 }, { tokens: 1e308 }] },
    ];
    for (const spec of odd) {
      await drawAndCheck(spec as Data);
    }
    for (const value of [null, undefined, 3, 'text', []]) {
      expect(() => investigationFlowchart(value as unknown as Data)).not.toThrow();
      await mermaid.parse(investigationFlowchart(value as unknown as Data));
    }
  });
});
