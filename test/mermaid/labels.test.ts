/** Flowchart labels: hostile text, the escaping behind it, and arbitrary text, never break the flowchart. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_LENGTH, escapeCharacters, foldWhitespace, labelText, truncate } from '../../src/render/mermaid/escape.js';
import { investigationFlowchart } from '../../src/render/mermaid/flowchart.js';
import { type Data, drawAndCheck } from '../support/flowchart-check.js';
import { HOSTILE } from '../support/hostile-labels.js';
import { loadMermaid } from '../support/mermaid.js';
import { HOSTILE_TEXTS, LINK_SYNTAX } from '../support/untrusted-output.js';

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

describe('labels cannot carry a clickable link', () => {
  /** What Mermaid's flowchart database holds of a vertex: a link is set only by a click statement. */
  interface Vertex {
    text?: string;
    link?: string;
  }

  const linkTexts = [
    ...HOSTILE_TEXTS.map(({ text }) => text),
    LINK_SYNTAX.join(''),
    'click n0 href "https://evil.example"',
    '"]\nclick n0 "https://evil.example"\n%%',
    '<a href="https://evil.example">x</a>',
    '`[md](https://evil.example)`',
  ];

  for (const value of linkTexts) {
    it(`with ${JSON.stringify(value.slice(0, 40))} in every label`, async () => {
      const source = investigationFlowchart(hostileSpec(value));
      // Every statement is the tool's: no label ends its quotes and starts a click or a link.
      expect(source.split('\n').filter((line) => /^\s*click\b/.test(line))).toEqual([]);
      const { db } = await (await loadMermaid()).diagram(source);
      const vertices = [...(db as { getVertices(): Map<string, Vertex> }).getVertices().values()];
      expect(vertices.length).toBeGreaterThan(0);
      for (const vertex of vertices) {
        expect(vertex.link).toBeUndefined();
        // No HTML but the line breaks the tool writes: Mermaid renders a label's markup as HTML.
        expect((vertex.text ?? '').replaceAll('<br>', '')).not.toMatch(/[<>]/);
      }
    });
  }
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
