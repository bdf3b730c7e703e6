/**
 * The scans that read JSON text too deep to parse: whether it is JSON at all (against JSON.parse,
 * the oracle), how deep it nests (against the parsed value's measured shape), and the raw value of
 * a top-level member (against the parsed value), all without recursion.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureNesting, topLevelMember } from '../../src/load/json-scan.js';
import { isJsonText } from '../../src/load/json-validity.js';
import { measureShape } from '../../src/load/shape.js';
import { DEFAULT_SEED } from '../support/properties.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Pieces of JSON and of almost-JSON, joined at random: most joins are not JSON, and each way of failing is near. */
const piece = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  ' ',
  '\n',
  '\t',
  '"a"',
  '"\\u00e9"',
  '"\\ud800"',
  '"\\x"',
  '"\\"',
  '"\u0001"',
  '"\\u12"',
  '"',
  '\\',
  '1',
  '-0.5e+3',
  '-',
  '01',
  '1.',
  '.5',
  '1e',
  '1E-2',
  'true',
  'nul',
  'null',
  'false',
  '\u00a0',
);

describe('isJsonText', () => {
  it('agrees with JSON.parse on text built from pieces of JSON and of what is almost JSON', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(isJsonText(text), JSON.stringify(text)).toBe(parses(text));
      }),
      { numRuns: 20_000, seed: DEFAULT_SEED },
    );
  });

  it('takes every JSON document, and its depth is the parsed value’s; a member found is the parsed member', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'large' }), fc.constantFrom('id', 'a', ''), (text, key) => {
        expect(isJsonText(text)).toBe(true);
        const value = JSON.parse(text) as unknown;
        const { depth } = measureShape(value);
        expect(measureNesting(text, depth).deepest).toBe(depth);
        // The first bracket past a limit one level shallower opens a container (none for a scalar).
        const past = measureNesting(text, depth - 1).pastLimit;
        expect(past === undefined ? depth === 0 : '[{'.includes(text[past] as string)).toBe(true);
        const member = topLevelMember(text, key);
        const expected =
          value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
            ? (value as Record<string, unknown>)[key]
            : undefined;
        expect(member === undefined ? undefined : JSON.parse(member)).toEqual(expected);
      }),
      { numRuns: 2000, seed: DEFAULT_SEED },
    );
  });

  it('reads a million levels without recursion: valid, or not JSON when one bracket is wrong', () => {
    const deep = `{"id": 5, "x": ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    expect(isJsonText(deep)).toBe(true);
    expect(measureNesting(deep, 100)).toEqual({ deepest: 1_000_001, pastLimit: 114 });
    expect(topLevelMember(deep, 'id')).toBe('5');
    expect(isJsonText(deep.replace(']]}', ']}}'))).toBe(false);
    expect(isJsonText(deep.slice(0, -1))).toBe(false);
  });
});
