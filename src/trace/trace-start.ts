// How a trace's bytes are read, told from how they start: JSON lines, one object a line (every
// format but one), or one JSON document written over many lines (an ATIF trajectory, as JSON
// written with indentation starts: "{" alone on its first line, or its schema_version first). The
// lines are read a chunk at a time; a document is read whole, within a bound, and parsed as the
// tool parses any JSON document (its nesting bounded, its syntax errors placed).
import type { Hash } from 'node:crypto';
import { parseJson } from '../load/json.js';
import type { Locator } from '../load/text-position.js';
import { UnreadableTraceError } from './unreadable.js';

/** The largest trace read as one document: it is held whole, as text and as data, while it is read. */
export const MAX_TRACE_DOCUMENT_BYTES = 64 * 2 ** 20;

/** Enough of a file's start to tell a document from lines: its first line, or this many bytes of it. */
const HEAD_BYTES = 64 * 2 ** 10;

/** A document's start: "{" alone on the first line, or a first member naming an ATIF schema version. */
const DOCUMENT_START = /^\{(?:[ \t\r]*(?:\n|$)|\s*"schema_version"\s*:\s*"ATIF-)/;

export type TraceStart =
  /** JSON lines: the file's chunks, from its first byte (none hashed yet). */
  | { chunks: Iterable<Uint8Array> }
  /** One JSON document: its data, where each of its values lies, and its number of lines (every byte hashed). */
  | { document: Record<string, unknown>; locate: Locator; lines: number };

/**
 * Reads enough of `chunks` to tell how the trace is written. A document is read whole (each byte
 * into `hash`) and parsed; one larger than `maxBytes`, or that is no JSON object, is refused
 * (UnreadableTraceError). For lines, the chunks read so far are handed back with the rest.
 */
export function traceStart(chunks: Iterable<Uint8Array>, hash: Hash, maxBytes = MAX_TRACE_DOCUMENT_BYTES): TraceStart {
  const rest = chunks[Symbol.iterator]();
  // Copied: a chunk's buffer may be reused by the next read.
  const head: Buffer[] = [];
  let headBytes = 0;
  let next = rest.next();
  while (next.done !== true && headBytes < HEAD_BYTES) {
    head.push(Buffer.from(next.value));
    headBytes += next.value.byteLength;
    next = rest.next();
  }
  const start = Buffer.concat(head, headBytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!DOCUMENT_START.test(start)) return { chunks: chained(head, next, rest) };
  let total = headBytes;
  for (const part of head) hash.update(part);
  for (;;) {
    if (total > maxBytes)
      throw new UnreadableTraceError(
        `it is one JSON document (an ATIF trajectory?) of more than ${sizeOf(maxBytes)}, larger than is read as one document`,
      );
    if (next.done === true) break;
    total += next.value.byteLength;
    hash.update(next.value);
    head.push(Buffer.from(next.value));
    next = rest.next();
  }
  const text = Buffer.concat(head, total).toString('utf8');
  // The chunks are let go before the document is parsed: memory then holds its text and its data.
  head.length = 0;
  const parsed = parseJson(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) throw new UnreadableTraceError(`it starts as one JSON document, but ${parsed.problem.message}`);
  const document = parsed.value;
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new UnreadableTraceError('it is one JSON document that is no object');
  return { document: document as Record<string, unknown>, locate: parsed.locate, lines: countLines(text) };
}

/** The chunks read to look at the start, then the rest, as one iterable. */
function* chained(head: readonly Buffer[], next: IteratorResult<Uint8Array>, rest: Iterator<Uint8Array>): Generator<Uint8Array> {
  yield* head;
  let current = next;
  while (current.done !== true) {
    yield current.value;
    current = rest.next();
  }
}

/** Lines as the line reader counts them: a last line break ends the last line rather than starting one. */
function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : lines;
}

/** A size as a message says it: in MiB when it is a whole number of them. */
function sizeOf(bytes: number): string {
  return bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MiB` : `${bytes} bytes`;
}
