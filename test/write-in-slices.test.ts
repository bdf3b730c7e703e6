import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeInSlices } from '../src/cli/write-in-slices.js';

/** A stream that keeps what it is given, and is destroyed after `limit` writes. */
function collector(limit = Number.POSITIVE_INFINITY) {
  const writes: string[] = [];
  const stream = {
    destroyed: false,
    write(chunk: string) {
      writes.push(chunk);
      if (writes.length >= limit) stream.destroyed = true;
      return true;
    },
  };
  return { stream, writes };
}

describe('writeInSlices', () => {
  it('writes the same bytes as one write, in non-empty slices of at most the size (2 for a pair), whatever the characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 9 }), (text, size) => {
        const { stream, writes } = collector();
        writeInSlices(stream, text, size);
        expect(Buffer.concat(writes.map((chunk) => Buffer.from(chunk))).equals(Buffer.from(text))).toBe(true);
        for (const chunk of writes) expect(chunk.length).toBeGreaterThan(0);
        for (const chunk of writes) expect(chunk.length).toBeLessThanOrEqual(Math.max(size, 2));
      }),
    );
  });

  it('never ends a slice between the halves of a surrogate pair', () => {
    const { stream, writes } = collector();
    writeInSlices(stream, 'ab\u{1F600}cd', 3);
    expect(writes).toEqual(['ab', '\u{1F600}c', 'd']);
    const single = collector();
    writeInSlices(single.stream, 'a\u{1F600}', 1);
    expect(single.writes).toEqual(['a', '\u{1F600}']);
  });

  it('stops once the stream is destroyed (the reader went away)', () => {
    const { stream, writes } = collector(2);
    writeInSlices(stream, 'abcdefgh', 2);
    expect(writes).toEqual(['ab', 'cd']);
  });
});
