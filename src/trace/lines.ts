// A trace's lines from its bytes as they come, a chunk at a time: memory bounded by the longest
// line kept, never by the trace, and every byte hashed on the way.
import { createHash, type Hash } from 'node:crypto';

/** The longest line read, in bytes: a transcript line holds a whole tool result, which may be a large file. */
export const MAX_TRACE_LINE_BYTES = 32 * 2 ** 20;

/** U+FEFF, as the bytes EF BB BF decode. */
const BYTE_ORDER_MARK = 0xfeff;

export type TraceLine = { line: number; text: string } | { line: number; tooLong: true };

/**
 * The lines of the bytes in `chunks` (split at "\n", a "\r" before it dropped, and a byte-order
 * mark that starts the first, as some editors save files), numbered from 1, blank ones left out.
 * A line longer than `maxLineBytes` is not kept: it comes as `tooLong`, and its bytes are only
 * hashed. `hash` is updated with every byte. Returns the number of lines.
 */
export function* traceLines(
  chunks: Iterable<Uint8Array>,
  hash: Hash,
  maxLineBytes = MAX_TRACE_LINE_BYTES,
): Generator<TraceLine, number, undefined> {
  // The start of a line that began in an earlier chunk, copied: a chunk's buffer may be reused.
  let parts: Buffer[] = [];
  let kept = 0;
  let tooLong = false;
  let line = 1;
  let bytesSinceNewline = false;
  const lineOf = (text: string): TraceLine | undefined => {
    // A byte-order mark (EF BB BF) that starts the file is no part of its first line; it stays in the hash.
    const unmarked = line === 1 && text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
    const trimmed = unmarked.endsWith('\r') ? unmarked.slice(0, -1) : unmarked;
    return trimmed.trim() === '' ? undefined : { line, text: trimmed };
  };
  const finish = (): TraceLine | undefined => {
    const done = tooLong ? { line, tooLong: true as const } : kept > 0 ? lineOf(Buffer.concat(parts, kept).toString('utf8')) : undefined;
    parts = [];
    kept = 0;
    tooLong = false;
    return done;
  };
  for (const chunk of chunks) {
    hash.update(chunk);
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start <= bytes.length) {
      const newline = bytes.indexOf(10, start);
      const end = newline === -1 ? bytes.length : newline;
      if (end > start) bytesSinceNewline = true;
      let done: TraceLine | undefined;
      if (newline !== -1 && kept === 0 && !tooLong) {
        // The usual case: the whole line in this chunk, decoded where it lies.
        done = end - start > maxLineBytes ? { line, tooLong: true } : lineOf(bytes.toString('utf8', start, end));
      } else {
        if (!tooLong && end > start) {
          if (kept + (end - start) > maxLineBytes) {
            tooLong = true;
            parts = [];
            kept = 0;
          } else {
            parts.push(Buffer.from(bytes.subarray(start, end)));
            kept += end - start;
          }
        }
        if (newline === -1) break;
        done = finish();
      }
      if (done !== undefined) yield done;
      line++;
      bytesSinceNewline = false;
      start = newline + 1;
    }
  }
  // A last line break ends the last line rather than starting one.
  const lines = bytesSinceNewline ? line : line - 1;
  const last = finish();
  if (last !== undefined) yield last;
  return lines;
}

/** A fresh SHA-256 for traceLines. */
export function traceHash(): Hash {
  return createHash('sha256');
}
