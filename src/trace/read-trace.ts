// A trace read line by line into its calls: its format recognised by its own marks in the first
// lines that are JSON objects (formats/), each line then read by that format's reader, each call
// paired with its result by id, then put in time order. A call is classified from its input when
// it is met and finished when its result comes, so that neither is held longer; what is kept is a
// few fields a call and the surfaced paths the caller needs (kept-paths.ts), so memory follows the
// calls, not the bytes. A trace written as one JSON document (ATIF) is read whole, within a bound
// (trace-start.ts), by the format its root's marks name.

import type { Hash } from 'node:crypto';
import { type CallBook, callBook, type PendingCall } from './call-book.js';
import { finishCall } from './classify.js';
import { sortedCounts } from './counts.js';
import { detectFormat, type FormatEnd, type FormatLines, type FormatReader, formatsRead, lineShape } from './formats/index.js';
import { type NamedNodes, type PathKeeper, pathKeeper } from './kept-paths.js';
import { MAX_TRACE_LINE_BYTES, traceHash, traceLines } from './lines.js';
import { SHELL_PROGRAMS, type ShellProgram } from './shell-table.js';
import { readTime } from './time.js';
import { type TraceStart, traceStart } from './trace-start.js';
import type { SkippedLine, Trace, TraceCall } from './types.js';
import { UnreadableTraceError } from './unreadable.js';

export { UnreadableTraceError };

export interface ReadTraceOptions {
  /** The shell programs that map and read (the policy's table); the default table without it. */
  programs?: Readonly<Record<string, ShellProgram>>;
  maxLineBytes?: number;
  /** The largest trace read as one JSON document (an ATIF trajectory). */
  maxDocumentBytes?: number;
  /** The nodes a spec names: only the surfaced paths that may be one of them are kept. Without it, the first ones, within bounds. */
  named?: NamedNodes;
  /** Keep what each call was given (TraceCall.given), for `trace export`. */
  keepGiven?: boolean;
}

/** How many of the skipped lines are named; the rest are counted. */
const NAMED = 20;
/** The first lines that are JSON objects a format is recognised by, up to this many, or this many characters. */
const DETECT_LINES = 8;
const DETECT_CHARS = 4 * 2 ** 20;

/** What reading the file's lines, or its one document, gave. */
interface Read {
  format: FormatReader;
  end: FormatEnd;
  lines: number;
  /** The JSON objects read (lines, or the one document). */
  records: number;
  skipped: SkippedLine[];
  skippedCount: number;
}

/** Reads the trace whose bytes come in `chunks`. Throws UnreadableTraceError when it is no trace of a format read. */
export function readTrace(chunks: Iterable<Uint8Array>, options: ReadTraceOptions = {}): Trace {
  const programs = options.programs ?? SHELL_PROGRAMS;
  const paths = pathKeeper(options.named);
  const book = callBook(paths, options.keepGiven === true);
  const hash = traceHash();
  const start = traceStart(chunks, hash, options.maxDocumentBytes);
  const read =
    'document' in start
      ? readDocument(start, book, programs)
      : readLines(start.chunks, hash, book, programs, options.maxLineBytes ?? MAX_TRACE_LINE_BYTES);
  const { format, end } = read;
  mostlyKnown(format, book, end.records ?? { count: read.records, name: 'lines' });

  const ordered = orderCalls([...book.calls.values()], format.order);
  return {
    format: format.format,
    ...(end.formatVersion === undefined ? {} : { formatVersion: end.formatVersion }),
    ...(end.agent === undefined ? {} : { agent: end.agent }),
    sha256: hash.digest('hex'),
    lines: read.lines,
    versions: [...book.versions].sort(),
    calls: ordered.calls.map((call) => finished(call, paths)),
    skipped: read.skipped,
    skippedCount: read.skippedCount,
    unknownTypes: sortedCounts(book.unknownTypes),
    orphanResults: book.orphanResults,
    orphanResultCount: book.orphanResultCount(),
    duplicateIds: book.duplicateIds,
    outOfOrder: ordered.outOfOrder,
    ...(ordered.timesWithoutZone > 0 ? { timesWithoutZone: ordered.timesWithoutZone } : {}),
    ...(book.turns.length > 0 ? { turns: book.turns } : {}),
    pathsKept: paths.summary(),
    ...(end.tokens === undefined ? {} : { tokens: end.tokens }),
  };
}

/** A trace that is one JSON document: read by the format whose marks its root bears, each part at its line. */
function readDocument(
  start: Extract<TraceStart, { document: unknown }>,
  book: CallBook,
  programs: Readonly<Record<string, ShellProgram>>,
): Read {
  const format = detectFormat([start.document], true);
  if (format === undefined)
    throw new UnreadableTraceError(`it holds ${lineShape(start.document, true)}, which is no trace format read (${formatsRead()})`);
  const reader = format.open(book, programs);
  reader.line(start.document, 1, (pointers) => {
    start.locate.prepare?.(pointers);
    return pointers.map((pointer) => start.locate(pointer)?.line ?? 1);
  });
  return { format, end: reader.end(), lines: start.lines, records: 1, skipped: [], skippedCount: 0 };
}

/** A trace of JSON lines, read a chunk at a time: its format recognised by the first lines that are JSON objects. */
function readLines(
  chunks: Iterable<Uint8Array>,
  hash: Hash,
  book: CallBook,
  programs: Readonly<Record<string, ShellProgram>>,
  maxLineBytes: number,
): Read {
  const skipped: SkippedLine[] = [];
  let skippedCount = 0;
  let records = 0;
  let format: FormatReader | undefined;
  let reader: FormatLines | undefined;
  /** The first JSON objects, held until a format is recognised by them. */
  let first: { record: Record<string, unknown>; line: number }[] = [];
  let firstChars = 0;

  const skip = (line: number, reason: SkippedLine['reason']): void => {
    skippedCount++;
    if (skipped.length < NAMED) skipped.push({ line, reason });
  };
  const recognise = (): void => {
    format = detectFormat(first.map((entry) => entry.record));
    if (format === undefined) {
      const shape = lineShape((first[0] as { record: Record<string, unknown> }).record);
      throw new UnreadableTraceError(`it holds ${shape}, which is no trace format read (${formatsRead()})`);
    }
    reader = format.open(book, programs);
    for (const entry of first) reader.line(entry.record, entry.line);
    first = [];
  };

  const lines = traceLines(chunks, hash, maxLineBytes);
  let next = lines.next();
  while (next.done !== true) {
    const entry = next.value;
    next = lines.next();
    if ('tooLong' in entry) {
      skip(entry.line, 'too-long');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(entry.text);
    } catch {
      skip(entry.line, 'malformed');
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      skip(entry.line, 'malformed');
      continue;
    }
    records++;
    const record = value as Record<string, unknown>;
    if (reader !== undefined) {
      reader.line(record, entry.line);
      continue;
    }
    first.push({ record, line: entry.line });
    firstChars += entry.text.length;
    if (first.length >= DETECT_LINES || firstChars >= DETECT_CHARS || detectFormat([record]) !== undefined) recognise();
  }
  const lineCount = next.value;
  if (reader === undefined && first.length > 0) recognise();
  if (format === undefined || reader === undefined)
    throw new UnreadableTraceError(`no line of it is a JSON object; it is no trace format read (${formatsRead()})`);
  return { format, end: reader.end(), lines: lineCount, records, skipped, skippedCount };
}

/**
 * A file whose lines are mostly of types its format's reader does not know is not read as that
 * format: its marks on a few lines were no proof, and a trace read as nearly empty must never be
 * judged as if the agent did nothing.
 */
function mostlyKnown(format: FormatReader, book: CallBook, records: { count: number; name: string }): void {
  const unknown = book.unknownLines();
  if (unknown * 2 <= records.count) return;
  const types = Object.entries(sortedCounts(book.unknownTypes))
    .slice(0, 5)
    .map(([type, count]) => `${JSON.stringify(type.slice(0, 40))} ${count}`)
    .join(', ');
  throw new UnreadableTraceError(
    `${unknown} of its ${records.count} ${records.name} are of types the ${format.name} reader does not know (${types}); it is read as no trace format (${formatsRead()})`,
  );
}

function finished(call: PendingCall, paths: PathKeeper): TraceCall {
  const classified = call.finished ?? finishCall(call.plan, undefined, call.cwd, paths);
  const status = call.finished === undefined ? 'no-result' : call.failed ? 'failed' : 'ok';
  const { id, tool, classifiedAs, line, sidechain, timestamp } = call;
  const { kind } = classified;
  // Optional fields set only when they have a value, in the order the type lists them.
  const named = classifiedAs === undefined ? { id, tool } : { id, tool, classifiedAs };
  const done: TraceCall =
    timestamp === undefined ? { ...named, kind, status, line, sidechain } : { ...named, kind, status, timestamp, line, sidechain };
  if (call.cwd !== undefined) done.cwd = call.cwd;
  if (classified.query !== undefined) done.query = classified.query;
  if (classified.searchPath !== undefined) done.searchPath = classified.searchPath;
  if (classified.program !== undefined) done.program = classified.program;
  if (classified.target !== undefined) done.target = classified.target;
  if (classified.partial !== undefined) done.partial = classified.partial;
  if (classified.moreReads !== undefined) done.moreReads = classified.moreReads;
  if (classified.writes !== undefined) done.writes = classified.writes;
  if (classified.surfaced !== undefined) done.surfaced = classified.surfaced;
  if (classified.surfacedCount !== undefined) done.surfacedCount = classified.surfacedCount;
  if (classified.surfacedOnFailure !== undefined) done.surfacedOnFailure = classified.surfacedOnFailure;
  if (classified.unreadLines !== undefined) done.unreadLines = classified.unreadLines;
  if (call.turn !== undefined) done.turn = call.turn;
  if (call.given !== undefined) done.given = call.given;
  return done;
}

/**
 * Transcripts and rollouts: by timestamp, then by line (parallel subagents write their lines out of time
 * order); a call without a readable timestamp takes the time of the call before it in line
 * order, and one without a zone is read as UTC (and counted), never in the machine's own zone.
 * Hook payloads: line order, as the hook appended them.
 */
function orderCalls(
  calls: PendingCall[],
  order: FormatReader['order'],
): { calls: PendingCall[]; outOfOrder: number; timesWithoutZone: number } {
  const byLine = calls.sort((a, b) => a.line - b.line);
  let timesWithoutZone = 0;
  const times = byLine.map((call) => {
    const time = call.timestamp === undefined ? undefined : readTime(call.timestamp);
    if (time?.zoned === false) timesWithoutZone++;
    return time?.ms;
  });
  if (order === 'lines') return { calls: byLine, outOfOrder: 0, timesWithoutZone };
  let carried = Number.NEGATIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  let outOfOrder = 0;
  const timed = byLine.map((call, index) => {
    carried = times[index] ?? carried;
    if (carried < latest) outOfOrder++;
    latest = Math.max(latest, carried);
    return { call, time: carried };
  });
  timed.sort((a, b) => a.time - b.time || a.call.line - b.call.line);
  return { calls: timed.map((entry) => entry.call), outOfOrder, timesWithoutZone };
}
