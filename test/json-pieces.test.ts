import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateScaledSpec } from '../scripts/gen-corpus.js';
import { jsonPieces, jsonText } from '../src/common/json-text.js';
import { createCompiler } from '../src/index.js';

/** Text that JSON writes raw but jsonText escapes, and the runner's command marker, among plain characters. */
const awkwardText = fc.stringMatching(/^(?:[a-z "\\\n]|\u0085|\u202e|\u2028|\u007f|##\[|::|\ud83d\ude00|\ud800)*$/);

/** JSON values, with what JSON.stringify drops or turns to null, and deep nesting. */
const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1.5e300, Number.NaN, Number.POSITIVE_INFINITY, undefined),
    fc.double(),
    awkwardText,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(awkwardText, tie('value'), { maxKeys: 5 }),
    fc.constant(new Date(0)),
    fc.constant({ toJSON: () => 'own' }),
  ),
}));

describe('jsonPieces', () => {
  it('joins to the very characters jsonText writes, for any value JSON writes', () => {
    fc.assert(
      fc.property(values.value, (value) => {
        // jsonText writes an undefined at the top as the word itself; reports never are.
        fc.pre(value !== undefined);
        expect([...jsonPieces(value)].join('')).toBe(jsonText(value));
      }),
      { numRuns: 500 },
    );
  });

  it('escapes in every piece, however the pieces fall', () => {
    const text = 'x\u2028##[y\u202e';
    const value = { items: Array.from({ length: 20_000 }, (_, index) => ({ index, text })) };
    const pieces = [...jsonPieces(value)];
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(jsonText(value));
    for (const piece of pieces) expect(piece).not.toMatch(/\u2028|\u202e|##\[/);
  });

  it('hands a large report on in pieces bounded by its largest deep dive, however deep it lies', () => {
    const result = createCompiler().compile(generateScaledSpec(5_000), { path: 'scaled.json' });
    expect(result.report).not.toBeNull();
    // On its own, and inside an envelope as --json prints it.
    for (const value of [result.report, { schema: 1, data: { files: [{ path: 'scaled.json', report: result.report }] } }]) {
      const pieces = [...jsonPieces(value)];
      const whole = jsonText(value);
      expect(pieces.join('')).toBe(whole);
      expect(pieces.length).toBeGreaterThan(20);
      const largest = Math.max(...pieces.map((piece) => piece.length));
      expect(largest).toBeLessThan(whole.length / 20);
      expect(largest).toBeLessThan((1 << 16) + 8 * 1024);
    }
  });

  it('writes a deeply nested value, and refuses a cycle as JSON.stringify does', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 200; level++) deep = level % 2 === 0 ? [deep, Array.from({ length: 30 }, (_, i) => i)] : { level: deep };
    expect([...jsonPieces(deep)].join('')).toBe(jsonText(deep));
    const cycle: Record<string, unknown> = { list: Array.from({ length: 3000 }, (_, i) => i) };
    cycle['self'] = cycle;
    expect(() => [...jsonPieces(cycle)]).toThrow(TypeError);
  });

  it('writes empty containers and dropped members as JSON.stringify does', () => {
    const value = { a: [], b: {}, c: undefined, d: [undefined, () => 1, Symbol('s')], e: { f: undefined } };
    expect([...jsonPieces(value)].join('')).toBe(jsonText(value));
    expect(jsonText(value)).toContain('"e": {}');
  });
});
