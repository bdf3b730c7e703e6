// A trace's lines from its bytes as they come, a chunk at a time: memory bounded by the longest
// line kept, never by the trace, and every byte hashed on the way.
import { createHash, type Hash } from 'node:crypto';

/** The longest line read, in bytes: a transcript line holds a whole tool result, which may be a large file. */
export const MAX_TRACE_LINE_BYTES = 32 * 2 ** 20;

export type TraceLine = { line: number; text: string } | { line: number; tooLong: true };

/**
 * The lines of the bytes in `chunks` (split at "\n", a "\r" before it dropped), numbered from 1,
 * blank ones left out. A line longer than `maxLineBytes` is not kept: it comes as `tooLong`, and
 * its bytes are only hashed. `hash` is updated with every byte. Returns the number of lines.
 */
export function* traceLines(
  chunks: Iterable<Uint8Array>,
  hash: Hash,
  maxLineBytes = MAX_TRACE_LINE_BYTES,
): Generator<TraceLine, number, undefined> {
  let parts: Buffer[] = [];
  let kept = 0;
  let tooLong = false;
  let line = 1;
  let bytesSinceNewline = false;
  const finish = function* (): Generator<TraceLine, void, undefined> {
    if (tooLong) yield { line, tooLong: true };
    else if (kept > 0) {
      const text = Buffer.concat(parts, kept).toString('utf8');
      const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
      if (trimmed.trim() !== '') yield { line, text: trimmed };
    }
    parts = [];
    kept = 0;
    tooLong = false;
  };
  for (const chunk of chunks) {
    hash.update(chunk);
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start <= bytes.length) {
      const newline = bytes.indexOf(10, start);
      const end = newline === -1 ? bytes.length : newline;
      if (end > start) bytesSinceNewline = true;
      if (!tooLong && end > start) {
        if (kept + (end - start) > maxLineBytes) {
          tooLong = true;
          parts = [];
          kept = 0;
        } else {
          // Copied: the chunk's buffer may be reused for the next read.
          parts.push(Buffer.from(bytes.subarray(start, end)));
          kept += end - start;
        }
      }
      if (newline === -1) break;
      yield* finish();
      line++;
      bytesSinceNewline = false;
      start = newline + 1;
    }
  }
  // A last line break ends the last line rather than starting one.
  const lines = bytesSinceNewline ? line : line - 1;
  yield* finish();
  return lines;
}

/** A fresh SHA-256 for traceLines. */
export function traceHash(): Hash {
  return createHash('sha256');
}
