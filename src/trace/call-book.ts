// What every format's reader writes a trace's calls into: each call when it is met (its plan, made
// from its input), its result when it comes, what could not be read counted; all of it bounded,
// since a hostile trace may name a new id, type or version on every line.
import { givenArguments } from './call-given.js';
import { type CallOutcome, type CallPlan, type Classified, finishCall } from './classify.js';
import type { PathKeeper } from './kept-paths.js';
import type { CallGiven, TraceTurn } from './types.js';

/** How many orphan results and duplicate ids are named; the rest are counted. */
const NAMED = 20;
/** Versions and unknown line types kept by name: a hostile trace may name a new one on every line. */
const MAX_VERSIONS = 32;
const MAX_TYPES = 32;
/** Where the unknown types past MAX_TYPES are counted. */
const OTHER_TYPES = '(other types)';
/** Turns kept by line and time; past them, turns are still numbered. */
const MAX_TURNS = 4_096;
/** Folders and tool names shared as one string by the calls that repeat them, up to this many of each. */
const MAX_SHARED = 4_096;

/** What a line says of a call when it is met. */
export interface MetCall {
  id: string;
  tool: string;
  /** The tool as the classifier read it, when the agent names it otherwise (TraceCall's `classifiedAs`). */
  classifiedAs?: string | undefined;
  line: number;
  timestamp?: string | undefined;
  sidechain: boolean;
  cwd?: string | undefined;
  turn?: number | undefined;
  /** Its arguments as the agent gave them: kept (the fields the tool reads) only by a book that keeps them, for `trace export`. */
  input?: unknown;
}

/** A call met and not yet put in order: every field set from the start (one shape for all). */
export interface PendingCall {
  id: string;
  tool: string;
  classifiedAs: string | undefined;
  plan: CallPlan;
  line: number;
  timestamp: string | undefined;
  sidechain: boolean;
  cwd: string | undefined;
  turn: number | undefined;
  /** Once its result came: what it was, and whether it failed. */
  finished: Classified | undefined;
  failed: boolean;
  /** What `trace export` writes of it as given, in a book that keeps it. */
  given: CallGiven | undefined;
}

export interface CallBook {
  /** Records a call met at its line; a second call with an id already used is named, not kept. */
  addCall(call: MetCall, plan: CallPlan): void;
  /**
   * Finishes the call `id` with its outcome (and, when the result says better what it was, a new
   * plan, and the agent's own reading of it, which a book that keeps what calls were given keeps);
   * a result without a call is an orphan.
   */
  addResult(id: string, outcome: CallOutcome, plan?: CallPlan, parsedCommand?: unknown[]): void;
  /** Whether a call of this id was met and waits for its result. */
  waiting(id: string): boolean;
  /** A result whose call is not in the trace. */
  orphan(id: string): void;
  /** A line of a type the format's reader does not know. */
  countUnknown(type: string): void;
  addVersion(version: string): void;
  /** A new request of the session starts at this line; returns its number. */
  startTurn(line: number, timestamp: string | undefined, id: string | undefined): number;
  /** One string for each folder or tool name seen again, so that calls share it. */
  shared(text: string): string;
  readonly calls: Map<string, PendingCall>;
  readonly unknownTypes: Record<string, number>;
  /** Lines counted in unknownTypes. */
  unknownLines(): number;
  readonly orphanResults: string[];
  orphanResultCount(): number;
  readonly duplicateIds: string[];
  readonly versions: Set<string>;
  /** The turns met, the first MAX_TURNS of them. */
  readonly turns: TraceTurn[];
}

/** A fresh book whose calls keep their surfaced paths through `paths`, and what they were given when `keepGiven` (for `trace export`). */
export function callBook(paths: PathKeeper, keepGiven = false): CallBook {
  const strings = new Map<string, string>();
  const calls = new Map<string, PendingCall>();
  const unknownTypes: Record<string, number> = Object.create(null);
  let unknown = 0;
  const orphanResults: string[] = [];
  let orphanCount = 0;
  const duplicateIds: string[] = [];
  const versions = new Set<string>();
  const turns: TraceTurn[] = [];
  let turnCount = 0;
  const shared = (text: string): string => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    if (strings.size < MAX_SHARED) strings.set(text, text);
    return text;
  };
  const orphan = (id: string): void => {
    orphanCount++;
    if (orphanResults.length < NAMED) orphanResults.push(id);
  };
  return {
    addCall(call, plan) {
      if (calls.has(call.id)) {
        if (duplicateIds.length < NAMED && !duplicateIds.includes(call.id)) duplicateIds.push(call.id);
        return;
      }
      const cwd = call.cwd === undefined ? undefined : shared(call.cwd);
      calls.set(call.id, {
        id: call.id,
        tool: shared(call.tool),
        classifiedAs: call.classifiedAs === undefined ? undefined : shared(call.classifiedAs),
        plan,
        line: call.line,
        timestamp: call.timestamp,
        sidechain: call.sidechain,
        cwd,
        turn: call.turn,
        finished: undefined,
        failed: false,
        given: keepGiven ? { arguments: givenArguments(call.tool, call.input) } : undefined,
      });
    },
    addResult(id, outcome, plan, parsedCommand) {
      const call = calls.get(id);
      if (call === undefined || call.finished !== undefined) return orphan(id);
      if (plan !== undefined) call.plan = plan;
      call.finished = finishCall(call.plan, outcome, call.cwd, paths);
      call.failed = outcome.isError;
      if (call.given !== undefined) {
        const { numLines, totalLines } = outcome;
        if (numLines !== undefined && totalLines !== undefined) call.given.fileLines = { numLines, totalLines };
        if (parsedCommand !== undefined) call.given.parsedCommand = parsedCommand;
      }
    },
    waiting: (id) => calls.get(id)?.finished === undefined && calls.has(id),
    orphan,
    countUnknown(type) {
      unknown++;
      const key = Object.hasOwn(unknownTypes, type) || Object.keys(unknownTypes).length < MAX_TYPES ? type : OTHER_TYPES;
      unknownTypes[key] = (unknownTypes[key] ?? 0) + 1;
    },
    addVersion(version) {
      if (versions.size < MAX_VERSIONS) versions.add(version);
    },
    startTurn(line, timestamp, id) {
      turnCount++;
      const turn: TraceTurn = { number: turnCount, line };
      if (timestamp !== undefined) turn.timestamp = timestamp;
      if (id !== undefined) turn.id = id;
      if (turns.length < MAX_TURNS) turns.push(turn);
      return turnCount;
    },
    shared,
    calls,
    unknownTypes,
    unknownLines: () => unknown,
    orphanResults,
    orphanResultCount: () => orphanCount,
    duplicateIds,
    versions,
    turns,
  };
}
