import fc from 'fast-check';
import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { renderMarkdown } from '../src/render/markdown.js';
import { DEFAULT_LABEL_LENGTH, escapeCharacters, foldWhitespace, labelText, truncate } from '../src/render/mermaid/escape.js';
import { boundedFlowchart, countNodes, FLOW_LIMITS, investigationFlowchart } from '../src/render/mermaid/flowchart.js';
import type { FileOutcome } from '../src/report/outcome.js';
import { MAX_PIE_SLICES } from '../src/stats/charts.js';
import { budgetUseChart, collectStats, renderStatsMarkdown, stopReasonPie } from '../src/stats/index.js';
import { type FlowchartStructure, loadMermaid } from './support/mermaid.js';
import { fixtureOutcomes } from './support/outcomes.js';
import { validSpec } from './support/specs.js';

const mermaid = await loadMermaid();
const outcomes = fixtureOutcomes();

type Data = Record<string, unknown>;

function isRecord(value: unknown): value is Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function records(value: unknown): Data[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** First line of a label (lines are joined by <br>). */
function head(label: string): string {
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
 * hypothesis → dive edges, dive classes by effect, dotted replan edges, the stop node, the
 * discovery subgraph, and the exact number of edges.
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

  // Replans: dotted, from their afterDeepDive dive, else from their hypothesis.
  replans.forEach((replan, r) => {
    const vertex = replanVertices[r];
    expect(vertex?.classes).toEqual(['replan']);
    const d = dives.findIndex((dive) => sameId(dive['id'], replan['afterDeepDive']));
    const h = hypotheses.findIndex((hypothesis) => sameId(hypothesis['id'], replan['hypothesisId']));
    const from = d >= 0 ? diveVertices[d] : h >= 0 ? hypothesisVertices[h] : undefined;
    if (from !== undefined) {
      expectedEdges++;
      expect(edgeSet.has(`${from.id}>${vertex?.id}>dotted`)).toBe(true);
    }
  });

  // The stop, linked from the last dive (else the last hypothesis, else the last map entry).
  expect(stopVertex?.classes).toEqual(['stop']);
  expect(head(stopVertex?.label ?? '').startsWith('Stop · ')).toBe(true);
  const beforeStop = diveVertices.at(-1) ?? hypothesisVertices.at(-1) ?? mapVertices.at(-1);
  if (beforeStop !== undefined) {
    expectedEdges++;
    expect(edgeSet.has(`${beforeStop.id}>${stopVertex?.id}>normal`)).toBe(true);
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

async function drawAndCheck(spec: Data): Promise<FlowchartStructure> {
  const text = investigationFlowchart(spec);
  expect(investigationFlowchart(spec)).toBe(text);
  const chart = await mermaid.flowchart(text);
  checkStructure(spec, chart);
  // The guard counts exactly the nodes drawn.
  expect(countNodes(spec, Number.MAX_SAFE_INTEGER)).toBe(chart.vertices.length);
  return chart;
}

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

  it('links a replan from its hypothesis when afterDeepDive is absent or unknown', async () => {
    const spec = validSpec();
    const hypothesisId = (spec['hypotheses'] as Data[])[0]?.['id'];
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

const HOSTILE: readonly string[] = [
  '"',
  '""',
  "'",
  '#',
  '#quot;',
  '#35;',
  '&quot;',
  '&#35;',
  '<br>',
  '</div><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '`',
  '```mermaid',
  '`**md**`',
  ';',
  ';;\n;',
  '|',
  '-->|x|',
  '[',
  ']',
  '[[x]]',
  '{',
  '}',
  '{{x}}',
  '(x)',
  '((x))',
  '>x]',
  '%%',
  '%% comment',
  '%%{init: {"theme": "forest"}}%%',
  '---\ntitle: x\n---',
  'end',
  'subgraph',
  'style n0 fill:#f00;',
  'classDef confirms fill:#f00;',
  'click n0 call alert()',
  'fa:fa-car',
  '\\',
  '\\"',
  'a\nb',
  'a\r\nb',
  'a\rb',
  '\n\n\n',
  '\t\t',
  'a\u2028b\u2029c\u0085d',
  '\u000b\u000c',
  '\u0000\u0001\u001f\u007f',
  '\u202eevil\u202c',
  '\u2067\u2066x',
  'שלום עולם',
  'مرحبا بالعالم',
  '\u200b\u200c\u200d\u2060\ufeff',
  'ﬂ°quot¶ß',
  'ﬂ°°35¶ß',
  '\ud800',
  'a\udc00b',
  '👩‍👩‍👧‍👦🏳️‍🌈🇺🇳',
  'e\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔'.repeat(30),
  'x'.repeat(10_000),
  '👍🏽'.repeat(100),
  ' ',
  '',
];

function hostileSpec(value: string): Data {
  return {
    goal: value,
    budget: { total: 6, used: 3, unit: value },
    surfaceMap: [{ id: value, tool: value, query: value, candidateNodes: [value, 'n'], evidence: value }],
    hypotheses: [
      { id: value, claim: value, priority: 1, cost: 1, status: value, candidateNodes: [value] },
      { id: 'H2', claim: value, priority: 2, cost: 1, status: 'open', candidateNodes: ['n'] },
    ],
    deepDives: [
      { id: value, hypothesisId: value, node: value, tool: value, finding: value, effect: value, provenance: value },
      { id: 'D2', hypothesisId: 'H2', node: value, tool: value, finding: value, effect: 'confirms' },
    ],
    replanLog: [{ trigger: value, hypothesisId: value, decision: value, evidence: value, afterDeepDive: value }],
    stopCondition: { reason: value, evidence: value },
    deliverable: value,
    risks: [value],
    discovery: {
      limits: {},
      cycles: [
        {
          cycle: value,
          keywords: [value],
          newSignals: 1,
          events: [
            { phase: 'forage', keyword: value, candidates: 1, filesRead: 0, tokens: 1, wallTimeMs: 1 },
            { phase: value, tokens: 2 },
          ],
        },
      ],
      stop: { reason: value, evidence: value },
    },
  };
}

describe('hostile labels', () => {
  for (const value of HOSTILE) {
    it(`survives ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`, async () => {
      await drawAndCheck(hostileSpec(value));
    });
  }

  it('shows spec text faithfully after Mermaid decodes its entity codes', async () => {
    const claim = '"q" <b>b</b> & #x; `t` [x] {y} |p| 5% a:b \\ end';
    const spec = hostileSpec('H1');
    (spec['hypotheses'] as Data[])[0]!['claim'] = claim;
    const chart = await drawAndCheck(spec);
    const labels = chart.vertices.map((vertex) => vertex.label);
    expect(labels).toContain(`H1 · P1 · H1<br>${claim}`);
  });

  it('never lets a label grow past the length limit', async () => {
    const chart = await drawAndCheck(hostileSpec('y'.repeat(500)));
    for (const vertex of chart.vertices) {
      for (const line of vertex.label.split('<br>')) expect(Array.from(line).length).toBeLessThan(4 * DEFAULT_LABEL_LENGTH);
    }
  });
});

describe('escape', () => {
  it('replaces every special character with an entity code', () => {
    expect(escapeCharacters('"#<>&`;|[]{}%:\\')).toBe('#quot;#35;#lt;#gt;#amp;#96;#59;#124;#91;#93;#123;#125;#37;#58;#92;');
    expect(escapeCharacters('plain text (ok), 1.5 · é ✓')).toBe('plain text (ok), 1.5 · é ✓');
    expect(escapeCharacters('\u202e\u200b')).toBe('#8238;#8203;');
    expect(escapeCharacters('\u0000\ud800')).toBe('#65533;#65533;');
    expect(escapeCharacters('ﬂ°¶ß')).toBe('#64258;°#182;ß');
  });

  it('folds line breaks and tabs', () => {
    expect(foldWhitespace(' a\r\nb\rc\nd\te\u2028f\u2029g\u0085h  i ')).toBe('a b c d e f g h i');
  });

  it('truncates to the limit in code points without splitting pairs, marks or joined emoji', () => {
    expect(truncate('a'.repeat(60))).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61))).toBe(`${'a'.repeat(59)}…`);
    const astral = '😀'.repeat(70);
    const cut = truncate(astral);
    expect(Array.from(cut)).toHaveLength(60);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut)).toBe(false);
    expect(truncate(`${'a'.repeat(58)}e\u0301\u0301xyz`)).toBe(`${'a'.repeat(58)}…`);
    expect(truncate(`${'a'.repeat(57)}👩\u200d👧xyz`)).toBe(`${'a'.repeat(57)}…`);
  });

  it('isolates right-to-left text', () => {
    expect(labelText('שלום')).toBe('#8296;שלום#8297;');
    expect(labelText('\u202eabc')).toBe('#8296;#8238;abc#8297;');
    expect(labelText('abc')).toBe('abc');
    expect(labelText(undefined)).toBe('?');
    expect(labelText(42)).toBe('42');
    expect(labelText({})).toBe('?');
  });

  it('makes any text its label by folding, cutting, escaping and isolating it, in that order', () => {
    const rightToLeft =
      /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 90 }),
      fc.string({ unit: fc.constantFrom(...'"#;<>&`|[]{}%:\\\n\r\t\u2028 aé\u0301👩\u200d\u05d0'.split('')), maxLength: 90 }),
      fc.string({ unit: fc.constantFrom('a', 'b', ' '), minLength: 50, maxLength: 90 }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 70 }), (value, max) => {
        const folded = truncate(foldWhitespace(value), max);
        const cut = folded === '' ? '?' : folded;
        const expected = rightToLeft.test(cut) ? `#8296;${escapeCharacters(cut)}#8297;` : escapeCharacters(cut);
        expect(labelText(value, max)).toBe(expected);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });

  it('never splits a surrogate pair, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 80 }), (value, max) => {
        const cut = truncate(value, max);
        expect(Array.from(cut).length).toBeLessThanOrEqual(max);
        expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(cut)).toBe(false);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('property: arbitrary text never breaks the flowchart', () => {
  const hostile = fc.constantFrom(...HOSTILE);
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...'"#;<>&`|[]{}()%:\\\n\r\t -ab'.split('')), maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), maxLength: 4 }),
    hostile,
    fc.array(hostile, { maxLength: 5 }).map((parts) => parts.join('')),
  );
  const anyValue = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(text, { maxLength: 2 }),
    fc.dictionary(text, text, { maxKeys: 2 }),
  );
  const field = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: anyValue });
  const id = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('H1', 'H2', 'H3', 'D1', 'D2', 'D3') }, { weight: 1, arbitrary: field });
  const node = fc.oneof(fc.constantFrom('src/a.ts', 'src/b.ts', 'docs/c.md'), text);
  const item = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: 8, arbitrary }, { weight: 1, arbitrary: anyValue });
  const spec = fc.record({
    goal: field,
    budget: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          total: fc.oneof(fc.nat(100), anyValue),
          used: fc.oneof(fc.nat(100), anyValue),
          unit: fc.oneof(fc.constantFrom('reads', 'tokens'), field),
        }),
      },
      { weight: 1, arbitrary: anyValue },
    ),
    surfaceMap: fc.array(
      item(fc.record({ id, tool: field, query: field, candidateNodes: fc.array(node, { maxLength: 3 }), evidence: field })),
      { maxLength: 4 },
    ),
    hypotheses: fc.array(
      item(
        fc.record({
          id,
          claim: field,
          priority: fc.oneof(fc.integer({ min: -1, max: 4 }), anyValue),
          cost: field,
          status: fc.oneof(fc.constantFrom('open', 'confirmed', 'invalidated'), field),
          candidateNodes: fc.array(node, { maxLength: 3 }),
        }),
      ),
      { maxLength: 4 },
    ),
    deepDives: fc.array(
      item(
        fc.record({
          id,
          hypothesisId: id,
          node,
          tool: field,
          finding: field,
          effect: fc.oneof(fc.constantFrom('confirms', 'invalidates', 'neutral'), field),
          provenance: field,
          tokens: fc.oneof(fc.nat(5000), anyValue),
        }),
      ),
      { maxLength: 5 },
    ),
    replanLog: fc.array(
      item(
        fc.record({ trigger: field, hypothesisId: id, decision: field, evidence: field, afterDeepDive: fc.option(id, { nil: undefined }) }),
      ),
      { maxLength: 3 },
    ),
    stopCondition: fc.oneof(fc.record({ reason: field, evidence: field }), anyValue),
    discovery: fc.option(
      fc.record({
        limits: fc.constant({}),
        cycles: fc.array(
          item(
            fc.record({
              cycle: fc.oneof(fc.nat(9), field),
              keywords: fc.array(text, { maxLength: 3 }),
              newSignals: fc.oneof(fc.nat(5), field),
              events: fc.array(
                item(
                  fc.record({
                    phase: fc.oneof(fc.constantFrom('forage', 'focus', 'deepen'), field),
                    keyword: field,
                    candidates: fc.nat(50),
                    filesRead: fc.nat(9),
                    tokens: fc.oneof(fc.nat(9000), field),
                    wallTimeMs: fc.nat(),
                    hops: fc.nat(3),
                  }),
                ),
                { maxLength: 3 },
              ),
            }),
          ),
          { maxLength: 3 },
        ),
        stop: fc.record({ reason: field, evidence: field }),
      }),
      { nil: undefined },
    ),
  });

  it('parses with Mermaid and keeps its structure (200 runs, fixed seed)', async () => {
    await fc.assert(
      fc.asyncProperty(spec, async (generated) => {
        await drawAndCheck(generated as Data);
      }),
      { seed: 20_260_101, numRuns: 200 },
    );
  }, 120_000);
});

describe('stats diagrams', () => {
  const markdownParser = unified().use(remarkParse).use(remarkGfm);

  function mermaidBlocks(markdown: string): string[] {
    const tree = markdownParser.parse(markdown) as Root;
    return tree.children.filter((node): node is Code => node.type === 'code' && node.lang === 'mermaid').map((node) => node.value);
  }

  it('the fixture corpus pie and bar chart parse', async () => {
    const stats = collectStats(outcomes);
    const pie = stopReasonPie(stats);
    const bars = budgetUseChart(stats);
    expect(pie).not.toBeNull();
    expect(bars).not.toBeNull();
    const blocks = mermaidBlocks(renderStatsMarkdown(stats));
    expect(blocks).toEqual([pie, bars]);
    expect(await mermaid.parse(pie ?? '')).toBe('pie');
    expect(await mermaid.parse(bars ?? '')).toBe('xychart');
    const pieDiagram = await mermaid.diagram(pie ?? '');
    const sections = (pieDiagram.db as { getSections(): Map<string, number> }).getSections();
    expect(sections.size).toBe(stats.stopReasons.length);
    expect([...sections.values()].reduce((a, b) => a + b, 0)).toBe(stats.investigations);
  });

  it('hostile stop reasons still give a valid pie, with at most MAX_PIE_SLICES slices', async () => {
    const base = outcomes.find((outcome) => outcome.report !== null);
    if (base?.report == null) throw new Error('no report in the fixtures');
    const files: FileOutcome[] = [...HOSTILE, `${'z'.repeat(80)}1`, `${'z'.repeat(80)}2`, 'none'].map((reason, index) => ({
      ...base,
      path: `f${index}.json`,
      report: { ...base.report!, summary: { ...base.report!.summary, stopReason: reason } },
    }));
    files.push({ ...base, path: 'null.json', report: { ...base.report, summary: { ...base.report.summary, stopReason: null } } });
    const stats = collectStats(files);
    const pie = stopReasonPie(stats) ?? '';
    expect(await mermaid.parse(pie)).toBe('pie');
    const sections = ((await mermaid.diagram(pie)).db as { getSections(): Map<string, number> }).getSections();
    // More distinct reasons than slices: the most frequent keep theirs, the rest share "other reasons".
    expect(stats.stopReasons.length).toBeGreaterThan(MAX_PIE_SLICES);
    expect(sections.size).toBe(MAX_PIE_SLICES);
    expect(sections.get('other reasons')).toBe(stats.stopReasons.slice(MAX_PIE_SLICES - 1).reduce((sum, { count }) => sum + count, 0));
    expect([...sections.values()].reduce((a, b) => a + b, 0)).toBe(stats.investigations);
    for (const block of mermaidBlocks(renderStatsMarkdown(stats))) await mermaid.parse(block);
  });

  it('a pie of a corpus with 100,000 distinct stop reasons still has MAX_PIE_SLICES slices', async () => {
    const base = outcomes.find((outcome) => outcome.report !== null);
    if (base?.report == null) throw new Error('no report in the fixtures');
    const report = base.report;
    const files: FileOutcome[] = Array.from({ length: 100_000 }, (_, index) => ({
      ...base,
      report: { ...report, summary: { ...report.summary, stopReason: `r${index}` } },
    }));
    const pie = stopReasonPie(collectStats(files)) ?? '';
    expect(pie.split('\n')).toHaveLength(2 + MAX_PIE_SLICES);
    expect(pie).toContain('"other reasons" : 99989');
    expect(await mermaid.parse(pie)).toBe('pie');
  });
});

describe('the flowchart stays within what Mermaid draws, else the report says which limit it exceeds', () => {
  /** Every map entry shares a candidate node with every hypothesis; every dive tests H0. */
  function crowded(maps: number, hypotheses: number, dives: number): Data {
    return {
      goal: 'g',
      budget: { total: dives + 1, used: dives, unit: 'reads' },
      surfaceMap: Array.from({ length: maps }, (_, index) => ({
        id: `M${index}`,
        tool: 'Grep',
        query: 'q',
        candidateNodes: ['n'],
        evidence: 'e',
      })),
      hypotheses: Array.from({ length: hypotheses }, (_, index) => ({
        id: `H${index}`,
        claim: 'c',
        priority: index + 1,
        cost: 1,
        status: 'open',
        candidateNodes: ['n'],
      })),
      deepDives: Array.from({ length: dives }, (_, index) => ({
        id: `D${index}`,
        hypothesisId: 'H0',
        node: 'n',
        tool: 'Read',
        finding: 'f',
        effect: 'neutral',
      })),
      replanLog: [],
    };
  }

  function reportOf(investigation: Data): string {
    const report = outcomes.find((outcome) => outcome.report !== null)?.report;
    if (!report) throw new Error('no report in the fixtures');
    return renderMarkdown({ ...report, investigation });
  }

  it('500 edges are drawn and parse; at 501 the report explains, and Mermaid itself refuses the diagram', async () => {
    // 20 map entries × 24 hypotheses = 480 edges, one from H0 to each of 19 dives, and the last dive to the stop: 500.
    const atLimit = boundedFlowchart(crowded(20, 24, 19));
    if (!('text' in atLimit)) throw new Error(`not drawn: ${JSON.stringify(atLimit)}`);
    expect((await mermaid.flowchart(atLimit.text)).edges).toHaveLength(FLOW_LIMITS.edges);

    const over = crowded(20, 24, 20);
    expect(boundedFlowchart(over)).toEqual({ exceeded: 'edges', count: 501 });
    await expect(mermaid.parse(investigationFlowchart(over))).rejects.toThrow(/Edge limit exceeded/);
    expect(reportOf(over)).toContain(
      'The flowchart is not drawn: it would have 501 edges, more than Mermaid draws (at most 500); the tables above list every step.',
    );
    expect(boundedFlowchart(crowded(90, 100, 0))).toEqual({ exceeded: 'edges', count: 9001 });
  });

  it('200 nodes, discovery events included, are drawn and parse; 201 are not; millions are not even counted', async () => {
    const withEvents = (events: number): Data => ({
      discovery: {
        limits: {},
        cycles: [{ cycle: 1, keywords: [], newSignals: 0, events: Array.from({ length: events }, () => ({ phase: 'forage', tokens: 1 })) }],
        stop: {},
      },
    });
    const atLimit = boundedFlowchart(withEvents(FLOW_LIMITS.nodes - 1));
    if (!('text' in atLimit)) throw new Error(`not drawn: ${JSON.stringify(atLimit)}`);
    expect((await mermaid.flowchart(atLimit.text)).vertices).toHaveLength(FLOW_LIMITS.nodes);
    expect(boundedFlowchart(withEvents(FLOW_LIMITS.nodes))).toEqual({ exceeded: 'nodes', count: FLOW_LIMITS.nodes + 1 });
    expect(boundedFlowchart({ ...crowded(50, 50, 50), ...withEvents(51) })).toEqual({ exceeded: 'nodes', count: FLOW_LIMITS.nodes + 1 });
    // Counting stops past the limit: a million events cost no more than 201.
    expect(countNodes(withEvents(1_000_000), FLOW_LIMITS.nodes)).toBe(FLOW_LIMITS.nodes + 1);
    expect(reportOf(withEvents(3012))).toContain(
      `The flowchart is not drawn: it would have more than ${FLOW_LIMITS.nodes} nodes, too many to read; the tables above list every step.`,
    );
  });

  it('a diagram over 50,000 characters (labels full of entity codes) is not drawn; the largest one drawn parses', async () => {
    const wordy = (dives: number): Data => {
      const spec = crowded(1, 1, dives);
      for (const dive of spec['deepDives'] as Data[]) Object.assign(dive, { node: '#'.repeat(60), finding: '<'.repeat(60) });
      return spec;
    };
    let dives = 1;
    while ('text' in boundedFlowchart(wordy(dives + 1))) dives++;
    const largest = boundedFlowchart(wordy(dives));
    if (!('text' in largest)) throw new Error('not drawn');
    expect(largest.text.length).toBeLessThanOrEqual(FLOW_LIMITS.characters);
    expect(largest.text.length).toBeGreaterThan(FLOW_LIMITS.characters - 1000);
    expect(await mermaid.parse(largest.text)).toBe('flowchart-v2');
    const over = boundedFlowchart(wordy(dives + 1));
    expect('exceeded' in over && over.exceeded).toBe('characters');
    expect(reportOf(wordy(dives + 1))).toMatch(
      /The flowchart is not drawn: it would take 5\d{4} characters, more than Mermaid draws \(at most 50000\)/,
    );
  });
});
