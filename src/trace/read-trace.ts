// A trace read line by line into its calls: the format detected from the first line that is a
// JSON object, each call paired with its result by id, then put in time order. A call is
// classified from its input when it is met and finished when its result comes, so that neither
// is held longer; what is kept is a few fields a call and the surfaced paths the caller needs
// (kept-paths.ts), so memory follows the calls, not the bytes.

import { type CallOutcome, type CallPlan, type Classified, callInputOf, callOutcomeOf, finishCall, planCall } from './classify.js';
import { sortedCounts } from './counts.js';
import { type NamedNodes, type PathKeeper, pathKeeper } from './kept-paths.js';
import { MAX_TRACE_LINE_BYTES, traceHash, traceLines } from './lines.js';
import { SHELL_PROGRAMS, type ShellProgram } from './shell-table.js';
import { readTime } from './time.js';
import type { SkippedLine, Trace, TraceCall, TraceFormat } from './types.js';

export interface ReadTraceOptions {
  /** The shell programs that map and read (the policy's table); the default table without it. */
  programs?: Readonly<Record<string, ShellProgram>>;
  maxLineBytes?: number;
  /** The nodes a spec names: only the surfaced paths that may be one of them are kept. Without it, the first ones, within bounds. */
  named?: NamedNodes;
}

/** A trace with no line to read: not a trace at all. */
export class UnreadableTraceError extends Error {
  override readonly name = 'UnreadableTraceError';
}

/** How many of the skipped lines, orphan results and duplicate ids are named; the rest are counted. */
const NAMED = 20;
/** Versions and unknown line types kept by name: a hostile trace may name a new one on every line. */
const MAX_VERSIONS = 32;
const MAX_TYPES = 32;
/** Where the unknown types past MAX_TYPES are counted. */
const OTHER_TYPES = '(other types)';
/** Folders and tool names shared as one string by the calls that repeat them, up to this many of each. */
const MAX_SHARED = 4_096;

/** The line types of Claude Code transcripts that hold no tool call, known from the published schemas. */
const QUIET_TYPES = new Set([
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'pr-link',
  'agent-name',
  'custom-title',
  'last-prompt',
  'permission-mode',
  'ai-title',
  'worktree-state',
  'attachment',
]);

/** A call met and not yet put in order: every field set from the start (one shape for all). */
interface PendingCall {
  id: string;
  tool: string;
  plan: CallPlan;
  line: number;
  timestamp: string | undefined;
  sidechain: boolean;
  cwd: string | undefined;
  /** Once its result came: what it was, and whether it failed. */
  finished: Classified | undefined;
  failed: boolean;
}

/** What a line says of a call when it is met. */
interface MetCall {
  id: string;
  tool: string;
  line: number;
  timestamp?: string | undefined;
  sidechain: boolean;
  cwd?: string | undefined;
}

/** Reads the trace whose bytes come in `chunks`. Throws UnreadableTraceError when no line is a JSON object. */
export function readTrace(chunks: Iterable<Uint8Array>, options: ReadTraceOptions = {}): Trace {
  const programs = options.programs ?? SHELL_PROGRAMS;
  const paths = pathKeeper(options.named);
  const shared = sharedStrings();
  const hash = traceHash();
  const calls = new Map<string, PendingCall>();
  const skipped: SkippedLine[] = [];
  let skippedCount = 0;
  const unknownTypes: Record<string, number> = Object.create(null);
  const orphanResults: string[] = [];
  let orphanResultCount = 0;
  const duplicateIds: string[] = [];
  const versions = new Set<string>();
  const usage = new Map<string, Record<string, unknown>>();
  let format: TraceFormat | undefined;

  const skip = (line: number, reason: SkippedLine['reason']): void => {
    skippedCount++;
    if (skipped.length < NAMED) skipped.push({ line, reason });
  };
  const countUnknown = (type: string): void => {
    const key = Object.hasOwn(unknownTypes, type) || Object.keys(unknownTypes).length < MAX_TYPES ? type : OTHER_TYPES;
    unknownTypes[key] = (unknownTypes[key] ?? 0) + 1;
  };
  const addCall = (call: MetCall, input: unknown): void => {
    if (calls.has(call.id)) {
      if (duplicateIds.length < NAMED && !duplicateIds.includes(call.id)) duplicateIds.push(call.id);
      return;
    }
    const cwd = call.cwd === undefined ? undefined : shared(call.cwd);
    calls.set(call.id, {
      id: call.id,
      tool: shared(call.tool),
      plan: planCall(call.tool, callInputOf(input), cwd, programs),
      line: call.line,
      timestamp: call.timestamp,
      sidechain: call.sidechain,
      cwd,
      finished: undefined,
      failed: false,
    });
  };
  const addResult = (id: string, outcome: CallOutcome): void => {
    const call = calls.get(id);
    if (call === undefined || call.finished !== undefined) {
      orphanResultCount++;
      if (orphanResults.length < NAMED) orphanResults.push(id);
      return;
    }
    call.finished = finishCall(call.plan, outcome, call.cwd, paths);
    call.failed = outcome.isError;
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
    const record = value as Record<string, unknown>;
    format ??= isHookPayload(record) ? 'hook-payloads' : 'claude-transcript';
    if (format === 'hook-payloads') readHookLine(record, entry.line);
    else readTranscriptLine(record, entry.line);
  }
  const lineCount = next.value;
  if (format === undefined) throw new UnreadableTraceError('no line of it is a JSON object; it is no Claude Code transcript or hook trace');

  function readHookLine(record: Record<string, unknown>, line: number): void {
    const event = record['hook_event_name'];
    const id = textOf(record['tool_use_id']);
    const tool = textOf(record['tool_name']);
    if ((event !== 'PostToolUse' && event !== 'PostToolUseFailure' && event !== undefined) || id === undefined || tool === undefined) {
      countUnknown(typeof event === 'string' ? `hook:${event}` : 'hook:(no tool call)');
      return;
    }
    const cwd = textOf(record['cwd']);
    const response = record['tool_response'];
    const failed =
      event === 'PostToolUseFailure' ||
      (isObject(response) && (response['is_error'] === true || response['success'] === false)) ||
      typeof response === 'string';
    addCall({ id, tool, line, sidechain: false, cwd }, record['tool_input']);
    addResult(id, callOutcomeOf(failed, response, undefined));
  }

  function readTranscriptLine(record: Record<string, unknown>, line: number): void {
    const type = record['type'];
    const version = textOf(record['version']);
    if (version !== undefined && versions.size < MAX_VERSIONS) versions.add(version);
    if (type !== 'user' && type !== 'assistant') {
      if (typeof type === 'string' && QUIET_TYPES.has(type)) return;
      countUnknown(typeof type === 'string' ? type : `(${type === undefined ? 'no' : typeof type} type)`);
      return;
    }
    const message = record['message'];
    if (!isObject(message)) return;
    const content = Array.isArray(message['content']) ? message['content'] : [];
    const timestamp = textOf(record['timestamp']);
    const cwd = textOf(record['cwd']);
    const sidechain = record['isSidechain'] === true;
    if (type === 'assistant') {
      const messageId = textOf(message['id']);
      // One response is written as several lines repeating its id and usage: the last one counts.
      if (messageId !== undefined && isObject(message['usage'])) usage.set(messageId, message['usage']);
      for (const block of content) {
        if (!isObject(block) || block['type'] !== 'tool_use') continue;
        const id = textOf(block['id']);
        const tool = textOf(block['name']);
        if (id === undefined || tool === undefined) continue;
        addCall({ id, tool, line, sidechain, timestamp, cwd }, block['input']);
      }
      return;
    }
    const results = content.filter((block) => isObject(block) && block['type'] === 'tool_result') as Record<string, unknown>[];
    for (const block of results) {
      const id = textOf(block['tool_use_id']);
      if (id === undefined) continue;
      // The structured result sits beside the message; with several results in one line it is not theirs alone.
      const structured = results.length === 1 ? record['toolUseResult'] : undefined;
      addResult(id, callOutcomeOf(block['is_error'] === true, structured, textOf(block['content'])));
    }
  }

  const ordered = orderCalls([...calls.values()], format);
  return {
    format,
    sha256: hash.digest('hex'),
    lines: lineCount,
    versions: [...versions].sort(),
    calls: ordered.calls.map((call) => finished(call, paths)),
    skipped,
    skippedCount,
    unknownTypes: sortedCounts(unknownTypes),
    orphanResults,
    orphanResultCount,
    duplicateIds,
    outOfOrder: ordered.outOfOrder,
    ...(ordered.timesWithoutZone > 0 ? { timesWithoutZone: ordered.timesWithoutZone } : {}),
    pathsKept: paths.summary(),
    ...(format === 'claude-transcript' ? { tokens: tokensOf(usage) } : {}),
  };
}

function finished(call: PendingCall, paths: PathKeeper): TraceCall {
  const classified = call.finished ?? finishCall(call.plan, undefined, call.cwd, paths);
  const status = call.finished === undefined ? 'no-result' : call.failed ? 'failed' : 'ok';
  const { id, tool, line, sidechain, timestamp } = call;
  const { kind } = classified;
  // Optional fields set only when they have a value, in the order the type lists them.
  const done: TraceCall =
    timestamp === undefined ? { id, tool, kind, status, line, sidechain } : { id, tool, kind, status, timestamp, line, sidechain };
  if (call.cwd !== undefined) done.cwd = call.cwd;
  if (classified.query !== undefined) done.query = classified.query;
  if (classified.searchPath !== undefined) done.searchPath = classified.searchPath;
  if (classified.program !== undefined) done.program = classified.program;
  if (classified.target !== undefined) done.target = classified.target;
  if (classified.partial !== undefined) done.partial = classified.partial;
  if (classified.surfaced !== undefined) done.surfaced = classified.surfaced;
  if (classified.surfacedCount !== undefined) done.surfacedCount = classified.surfacedCount;
  if (classified.surfacedOnFailure !== undefined) done.surfacedOnFailure = classified.surfacedOnFailure;
  if (classified.unreadLines !== undefined) done.unreadLines = classified.unreadLines;
  return done;
}

/** One string for each value seen again (a folder, a tool's name), so that calls share it; past MAX_SHARED values, each its own. */
function sharedStrings(): (text: string) => string {
  const strings = new Map<string, string>();
  return (text) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    if (strings.size < MAX_SHARED) strings.set(text, text);
    return text;
  };
}

/**
 * Transcripts: by timestamp, then by line (parallel subagents write their lines out of time
 * order); a call without a readable timestamp takes the time of the call before it in line
 * order, and one without a zone is read as UTC (and counted), never in the machine's own zone.
 * Hook payloads: line order, as the hook appended them.
 */
function orderCalls(calls: PendingCall[], format: TraceFormat): { calls: PendingCall[]; outOfOrder: number; timesWithoutZone: number } {
  const byLine = calls.sort((a, b) => a.line - b.line);
  let timesWithoutZone = 0;
  const times = byLine.map((call) => {
    const time = call.timestamp === undefined ? undefined : readTime(call.timestamp);
    if (time?.zoned === false) timesWithoutZone++;
    return time?.ms;
  });
  if (format === 'hook-payloads') return { calls: byLine, outOfOrder: 0, timesWithoutZone };
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

function tokensOf(usage: Map<string, Record<string, unknown>>): NonNullable<Trace['tokens']> {
  const tokens = { input: 0, output: 0, cacheCreation: 0, cacheRead: 0 };
  for (const counts of usage.values()) {
    tokens.input += countOf(counts['input_tokens']);
    tokens.output += countOf(counts['output_tokens']);
    tokens.cacheCreation += countOf(counts['cache_creation_input_tokens']);
    tokens.cacheRead += countOf(counts['cache_read_input_tokens']);
  }
  return tokens;
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

function isHookPayload(record: Record<string, unknown>): boolean {
  return 'hook_event_name' in record || ('tool_name' in record && 'tool_use_id' in record);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
