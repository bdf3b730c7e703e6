// The bounded lists of messages (src/common/text.ts): every value up to one past the bound, since
// "and 1 more" takes the room of the value it stands for; past that, the first values and a count.
import { describe, expect, it } from 'vitest';
import { listOf, oneOf } from '../src/common/text.js';

const letters = (count: number): string[] => Array.from({ length: count }, (_, index) => String.fromCharCode(97 + index));

describe('oneOf', () => {
  it('joins a few values with "or", each quoted', () => {
    expect(oneOf([])).toBe('');
    expect(oneOf(['a'])).toBe('"a"');
    expect(oneOf(['a', 'b', 'c'])).toBe('"a", "b" or "c"');
  });

  it('lists every value up to one past the bound, never "or one of 1 more"', () => {
    expect(oneOf(letters(4), 3)).toBe('"a", "b", "c" or "d"');
    expect(oneOf(letters(11))).not.toContain('more');
    expect(oneOf(letters(11))).toMatch(/"j" or "k"$/);
  });

  it('past that, names the first values and counts the rest', () => {
    expect(oneOf(letters(5), 3)).toBe('"a", "b", "c" or one of 2 more');
    expect(oneOf(letters(12))).toMatch(/"j" or one of 2 more$/);
  });
});

describe('listOf', () => {
  it('lists every value up to one past the bound, never "and 1 more"', () => {
    expect(listOf(letters(4), 3)).toBe('"a", "b", "c", "d"');
    expect(listOf(letters(11))).not.toContain('more');
  });

  it('past that, names the first values and counts the rest', () => {
    expect(listOf(letters(5), 3)).toBe('"a", "b", "c" and 2 more');
    expect(listOf(letters(2000), 3)).toBe('"a", "b", "c" and 1,997 more');
  });
});
