// A trace read line by line into its calls: its format recognised by its own marks in the first
// lines that are JSON objects (formats/), each line then read by that format's reader, each call
// paired with its result by id, then put in time order. A call is classified from its input when
// it is met and finished when its result comes, so that neither is held longer; what is kept is a
// few fields a call and the surfaced paths the caller needs (kept-paths.ts), so memory follows the
// calls, not the bytes.

import { type CallBook, callBook, type PendingCall } from './call-book.js';
import { finishCall } from './classify.js';
import { sortedCounts } from './counts.js';
import { detectFormat, type FormatLines, type FormatReader, formatsRead, lineShape } from './formats/index.js';
import { type NamedNodes, type PathKeeper, pathKeeper } from './kept-paths.js';
import { MAX_TRACE_LINE_BYTES, traceHash, traceLines } from './lines.js';
import { SHELL_PROGRAMS, type ShellProgram } from './shell-table.js';
import { readTime } from './time.js';
import type { SkippedLine, Trace, TraceCall } from './types.js';

export interface ReadTraceOptions {
  /** The shell programs that map and read (the policy's table); the default table without it. */
  programs?: Readonly<Record<string, ShellProgram>>;
  maxLineBytes?: number;
  /** The nodes a spec names: only the surfaced paths that may be one of them are kept. Without it, the first ones, within bounds. */
  named?: NamedNodes;
}

/** A file that is no trace of a format read: no JSON object in it, no format's marks, or mostly lines its format does not know. */
export class UnreadableTraceError extends Error {
  override readonly name = 'UnreadableTraceError';
}

/** How many of the skipped lines are named; the rest are counted. */
const NAMED = 20;
/** The first lines that are JSON objects a format is recognised by, up to this many, or this many characters. */
const DETECT_LINES = 8;
const DETECT_CHARS = 4 * 2 ** 20;

/** Reads the trace whose bytes come in `chunks`. Throws UnreadableTraceError when it is no trace of a format read. */
export function readTrace(chunks: Iterable<Uint8Array>, options: ReadTraceOptions = {}): Trace {
  const programs = options.programs ?? SHELL_PROGRAMS;
  const paths = pathKeeper(options.named);
  const book = callBook(paths);
  const hash = traceHash();
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

  const lines = traceLines(chunks, hash, options.maxLineBytes ?? MAX_TRACE_LINE_BYTES);
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
  const extra = reader.end();
  mostlyKnown(format, book, records);

  const ordered = orderCalls([...book.calls.values()], format.order);
  return {
    format: format.format,
    sha256: hash.digest('hex'),
    lines: lineCount,
    versions: [...book.versions].sort(),
    calls: ordered.calls.map((call) => finished(call, paths)),
    skipped,
    skippedCount,
    unknownTypes: sortedCounts(book.unknownTypes),
    orphanResults: book.orphanResults,
    orphanResultCount: book.orphanResultCount(),
    duplicateIds: book.duplicateIds,
    outOfOrder: ordered.outOfOrder,
    ...(ordered.timesWithoutZone > 0 ? { timesWithoutZone: ordered.timesWithoutZone } : {}),
    ...(book.turns.length > 0 ? { turns: book.turns } : {}),
    pathsKept: paths.summary(),
    ...(extra.tokens === undefined ? {} : { tokens: extra.tokens }),
  };
}

/**
 * A file whose lines are mostly of types its format's reader does not know is not read as that
 * format: its marks on a few lines were no proof, and a trace read as nearly empty must never be
 * judged as if the agent did nothing.
 */
function mostlyKnown(format: FormatReader, book: CallBook, records: number): void {
  const unknown = book.unknownLines();
  if (unknown * 2 <= records) return;
  const types = Object.entries(sortedCounts(book.unknownTypes))
    .slice(0, 5)
    .map(([type, count]) => `${JSON.stringify(type.slice(0, 40))} ${count}`)
    .join(', ');
  throw new UnreadableTraceError(
    `${unknown} of its ${records} lines are of types the ${format.name} reader does not know (${types}); it is read as no trace format (${formatsRead()})`,
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
