// What a trace is to the rules and the commands: the agent's tool calls, in time order, each
// classified as a cheap map call, a read or other work, with the paths it surfaced or read.
// Never the content of a result (source code, secrets): only paths, counts and hashes.

/** The formats read, each recognised by its own marks (src/trace/formats/). */
export type TraceFormat = 'claude-transcript' | 'hook-payloads' | 'gemini-hooks' | 'codex-rollout' | 'atif';

/** What a call was for the method: a cheap map of names, a deep read of one node, or neither. */
export type CallKind = 'map' | 'read' | 'other';

/** A call answered without error, answered with one (is_error), or never answered in the trace. */
export type CallStatus = 'ok' | 'failed' | 'no-result';

export interface TraceCall {
  /** The call's id (`tool_use_id`). */
  id: string;
  /** The tool as the agent named it: Glob, Read, Bash, … (Gemini's read_file, glob, …). */
  tool: string;
  /**
   * The tool as the classifier read it, when the agent names it otherwise: Gemini's read_file is
   * a Read, glob a Glob, list_directory an LS (gemini-tools.ts). A spec may name either
   * (evidence.ts, `toolNamesOf`); a draft names this one, the name the presets list.
   */
  classifiedAs?: string;
  kind: CallKind;
  status: CallStatus;
  /** ISO 8601, as the trace wrote it (read as UTC when it names no zone); absent when the line had none. */
  timestamp?: string;
  /** The 1-based line of the trace where the call was made. */
  line: number;
  /** Made by a subagent (a transcript line with isSidechain). */
  sidechain: boolean;
  /** The working directory the call ran in, when the trace says. */
  cwd?: string;
  /** A map call's query: the pattern of Glob and Grep, the command line of a shell call. */
  query?: string;
  /**
   * Where a Glob or Grep searched, its `path` (absolute, resolved against the call's cwd; as given
   * when there is none): absent when it searched its working directory, or had no pattern (LS,
   * whose path is its query).
   */
  searchPath?: string;
  /** A shell call's first program (find, ls, cat, …). */
  program?: string;
  /** A read's node, as an absolute path (resolved against the call's cwd). */
  target?: string;
  /** A read of part of its node: an offset or a limit, or fewer lines than the file has. */
  partial?: boolean;
  /**
   * A shell chain of reads (`sed -n 1,80p a && cat b`, or what Codex's own reading of the command
   * lists): the reads after the first (`target`), in order. Each is a read of its own for the
   * one-dive-one-read matching (match.ts, `readsOf`), made at the call's line and time.
   */
  moreReads?: ChainedRead[];
  /**
   * The files the call wrote, as absolute paths, when the tool says which: Claude Code's Edit,
   * MultiEdit, Write and NotebookEdit (their file_path), Codex's apply_patch (each file its
   * `*** Add/Update/Delete File:` and `*** Move to:` lines name), and a shell call's writes
   * (shell-writes.ts: `>`/`>>` into a file, `tee`, `sed -i`, `mv`, `rm`, `cp` and `touch`, and
   * `git commit`/`checkout`/`reset`/`stash` as a write of its folder; never a /dev file). A write
   * is known only from this field, set whether or not the call succeeded (see `status`); a shell
   * call keeps its kind (`cat a > b` is a read that writes).
   */
  writes?: string[];
  /**
   * The nodes a successful map call surfaced that the reader kept (Trace.pathsKept says which), as
   * absolute paths, in the order the call listed them.
   */
  surfaced?: string[];
  /** How many nodes it surfaced, kept or not. */
  surfacedCount?: number;
  /**
   * A shell map call that failed yet printed what it maps (a `tree` aliased to a program that
   * complained of a flag and drew the tree all the same): its surfaced paths are read from what it
   * printed, its error lines left out, and this marks them as such.
   */
  surfacedOnFailure?: true;
  /**
   * The lines of a shell map call's output not read as paths, counted, never kept: the output was
   * not its map program's own (`ls; cat .env`, `find -exec`, a pipe into xargs), or the line is no
   * path that program prints.
   */
  unreadLines?: number;
  /** The turn of the session it was made in (1 for the first): Codex rollouts and ATIF trajectories mark each request; absent in other formats. */
  turn?: number;
  /** What `trace export` writes of the call beyond what it was for the method; read only for it (ReadTraceOptions.keepArguments). */
  given?: CallGiven;
}

/**
 * The fields of a call's arguments the tool reads (paths, patterns, command lines: never a
 * file's content, a Write's text or an Edit's strings; an apply_patch only by its file lines), and
 * what its structured result said of a file read, as the agent gave them.
 */
export interface CallGiven {
  arguments: Record<string, unknown>;
  /** Claude Code's Read: the lines it read and the file's lines in all (toolUseResult.file). */
  fileLines?: { numLines: number; totalLines: number };
  /** Codex's own reading of a command (exec_command_end's parsed_cmd), as it gave it. */
  parsedCommand?: unknown[];
}

/** One read of a shell chain after its first: its program, node and whether it read part of it. */
export interface ChainedRead {
  program?: string;
  target: string;
  partial: boolean;
}

/** A request of a session (Codex: a user message, `task_started`, `turn_context`), where it starts in the trace. */
export interface TraceTurn {
  /** 1 for the first. */
  number: number;
  line: number;
  timestamp?: string;
  /** The agent's own id for it (Codex's turn_id), when the trace gives one. */
  id?: string;
}

/**
 * Which surfaced paths the reader kept: with a spec, those that may be one of the nodes it names
 * (`nodes` of them); without one, the first `perCall` of a call and `total` in all (past which each
 * call keeps its first), `leftOut` counting the others.
 */
export type PathsKept = { only: 'named'; nodes: number } | { only: 'first'; perCall: number; total: number; leftOut: number };

/** A line of the trace that was not read, by line number. */
export interface SkippedLine {
  line: number;
  reason: 'malformed' | 'too-long';
}

export interface Trace {
  format: TraceFormat;
  /** The version of the format itself, where the file names one: an ATIF trajectory's schema_version (ATIF-v1.7). */
  formatVersion?: string;
  /** The agent the trace names, where the format does not fix it: an ATIF trajectory's agent.name (its versions are `versions`). */
  agent?: string;
  /** SHA-256 of the trace's bytes. */
  sha256: string;
  lines: number;
  /** The versions of the agent that wrote it, sorted: Claude Code's `version` of each line, Codex's `cli_version`. */
  versions: string[];
  /** Every call, in time order (transcripts, rollouts) or line order (hook payloads). */
  calls: TraceCall[];
  /** Lines not read: malformed JSON, or longer than the limit. The first ones, by line; `skippedCount` counts all. */
  skipped: SkippedLine[];
  skippedCount: number;
  /** Lines of a type the reader does not know, by type (their count). */
  unknownTypes: Record<string, number>;
  /** Results whose call is not in the trace, by tool_use_id (the first ones); and their count. */
  orphanResults: string[];
  orphanResultCount: number;
  /** Ids used by more than one call: the first call keeps the id. */
  duplicateIds: string[];
  /** Calls whose timestamp is earlier than a call on an earlier line (subagents run in parallel). */
  outOfOrder: number;
  /** Calls whose timestamp names no zone, read as UTC; absent when none. */
  timesWithoutZone?: number;
  /** The requests of the session, in order, where the format marks them (Codex); absent otherwise. */
  turns?: TraceTurn[];
  /** The window the calls were narrowed to (--trace-since, --trace-until, --trace-turn), and how many calls it left out. */
  narrowed?: { since?: string; until?: string; turn?: number; outside: number };
  pathsKept: PathsKept;
  /** Tokens used: a transcript's message.usage once per message id, a rollout's last token_count; absent for hook payloads. */
  tokens?: { input: number; output: number; cacheCreation: number; cacheRead: number };
}
