/**
 * The one-regex matcher of anti-pattern tokens against the plain search it replaces: for random
 * texts and tokens (regex syntax, case, Unicode, word edges), it finds exactly the tokens that
 * containsWholeWord finds in the folded text, under both folds the presets use.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsWholeWord, foldForMatching, WholeWordMatcher } from '../../src/rules/support/words.js';

const pieces = [
  'read_all_files',
  'READ',
  '_',
  '-',
  '.',
  '+',
  '(',
  ')',
  '[',
  '\\',
  '$',
  ' ',
  '\n',
  'é',
  'İ',
  'ｒ',
  '\u200b',
  '\u0007',
  '1',
  'a',
  'A.B',
  'x+y',
];
const text = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), { maxLength: 8 }).map((parts) => parts.join(''));
const tokens = fc.array(
  fc.oneof(
    fc.constantFrom('read_all_files', 'read-all-files', 'a.b', 'x+y', 'w(1)', '[x]', 'ab|cd', 'é'),
    fc.string({ minLength: 1, maxLength: 4 }),
  ),
  { minLength: 1, maxLength: 5 },
);

describe('WholeWordMatcher', () => {
  for (const [name, fold] of [
    ['gate (foldForMatching)', foldForMatching],
    ['reference (lower case)', (value: string) => value.toLowerCase()],
  ] as const) {
    it(`finds what the token-by-token search finds, ${name}`, () => {
      fc.assert(
        fc.property(tokens, text, (words, value) => {
          const expected = words.filter((word) => word !== '' && containsWholeWord(fold(value), fold(word), false));
          const found = new WholeWordMatcher(words, fold).find(value) ?? [];
          expect(found).toEqual(expected);
        }),
        { seed: 20261201, numRuns: 2000 },
      );
    });
  }
});
