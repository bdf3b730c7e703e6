// One tool call as the method sees it, from what the call asked (its input) and what it got back
// (its outcome): a map call and what it surfaced, a read and of what, or other work.
import { definedFields } from '../common/defined-fields.js';
import type { PathKeeper } from './kept-paths.js';
import { resolveTracePath } from './paths.js';
import { countLines, type OutputReading, readShellOutput } from './shell-output.js';
import { classifyShell, type ShellProgram } from './shell-table.js';
import { shellWrites } from './shell-writes.js';
import type { CallKind, ChainedRead } from './types.js';

/** What the classification needs of a call's input: never its content (a Write's text, an Edit's strings). */
export interface CallInput {
  pattern?: string;
  path?: string;
  filePath?: string;
  offset?: boolean;
  limit?: boolean;
  command?: string;
}

/** What it needs of a call's result. */
export interface CallOutcome {
  isError: boolean;
  /** Glob and Grep: the files found. */
  filenames?: string[];
  /** Read: the file read, its lines read and its lines in all. */
  filePath?: string;
  numLines?: number;
  totalLines?: number;
  /** A shell call's standard output. */
  stdout?: string;
}

/**
 * What a call is from its input alone, made when the call is met: the input (a command line, a
 * Write's text) is then let go, and the plan waits for the call's result.
 */
export interface CallPlan {
  kind: CallKind;
  query?: string;
  /** Where a Glob or Grep with a pattern searched (its `path`): two calls of one pattern in two folders differ by it. */
  searchPath?: string;
  program?: string;
  /** A read's node as its input names it. */
  target?: string;
  /** A read of part of its node by its input (offset, limit) or by nature (sed, head, tail). */
  partial?: boolean;
  /** A chain of shell reads: the reads after the first. */
  moreReads?: ChainedRead[];
  /** The files it wrote, absolute (types.ts, TraceCall.writes). */
  writes?: string[];
  /**
   * Where a map call's paths come from: Glob's and Grep's filenames under `base` (for a shell map
   * call whose result lists them, even when it failed, as its printed paths are); a shell
   * program's output read as `reading` says, or not read.
   */
  surfaces?: { filenames: true; base?: string; evenOnFailure?: true } | { stdout: OutputReading } | { unread: true };
}

/** A call once its result is known: what its plan said of it, and the paths it surfaced in place of where they come from. */
export interface Classified extends Omit<CallPlan, 'surfaces'> {
  surfaced?: string[];
  surfacedCount?: number;
  surfacedOnFailure?: true;
  unreadLines?: number;
}

/** Claude Code's tools that write the one file their input names (file_path, or notebook_path). */
const WRITE_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/** The input fields classification uses, from a tool_use's or a payload's `input`, whatever its shape. */
export function callInputOf(input: unknown): CallInput {
  if (input === null || typeof input !== 'object') return {};
  const record = input as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const given = (key: string): boolean => record[key] !== undefined && record[key] !== null;
  const fields: CallInput = {};
  const pattern = text('pattern');
  const path = text('path');
  const filePath = text('file_path') ?? text('notebook_path');
  const command = text('command');
  if (pattern !== undefined) fields.pattern = pattern;
  if (path !== undefined) fields.path = path;
  if (filePath !== undefined) fields.filePath = filePath;
  if (command !== undefined) fields.command = command;
  if (given('offset')) fields.offset = true;
  if (given('limit')) fields.limit = true;
  return fields;
}

/** The outcome fields classification uses, from a structured result (toolUseResult, tool_response). */
export function callOutcomeOf(isError: boolean, structured: unknown, text: string | undefined): CallOutcome {
  const outcome: CallOutcome = { isError };
  if (structured !== null && typeof structured === 'object' && !Array.isArray(structured)) {
    const record = structured as Record<string, unknown>;
    if (Array.isArray(record['filenames'])) outcome.filenames = record['filenames'].filter((name) => typeof name === 'string');
    const file = record['file'];
    if (file !== null && typeof file === 'object') {
      const described = file as Record<string, unknown>;
      if (typeof described['filePath'] === 'string') outcome.filePath = described['filePath'];
      if (typeof described['numLines'] === 'number') outcome.numLines = described['numLines'];
      if (typeof described['totalLines'] === 'number') outcome.totalLines = described['totalLines'];
    }
    if (typeof record['stdout'] === 'string') outcome.stdout = record['stdout'];
  } else if (text !== undefined) {
    outcome.stdout = text;
  }
  return outcome;
}

/**
 * What a call of `tool` is: Glob, Grep and LS map by pattern, Read reads a file, a shell call is
 * what its first program is in `programs`; anything else is other work.
 */
export function planCall(
  tool: string,
  input: CallInput,
  cwd: string | undefined,
  programs: Readonly<Record<string, ShellProgram>>,
): CallPlan {
  if (tool === 'Glob' || tool === 'Grep' || tool === 'LS') {
    const query = input.pattern ?? input.path;
    const resolved = input.path === undefined ? undefined : resolveTracePath(cwd, input.path);
    const base = resolved ?? cwd;
    // The path is the query of a call without a pattern (LS): said once. Where it cannot be made absolute (no cwd), as given.
    const searchPath = input.pattern === undefined ? undefined : (resolved ?? input.path);
    return { kind: 'map', ...definedFields({ query, searchPath }), surfaces: { filenames: true, ...definedFields({ base }) } };
  }
  if (tool === 'Read' || tool === 'NotebookRead') {
    const target = input.filePath === undefined ? undefined : resolveTracePath(cwd, input.filePath);
    return { kind: 'read', ...definedFields({ target }), partial: input.offset === true || input.limit === true };
  }
  if ((tool === 'Bash' || tool === 'shell') && input.command !== undefined) return planShellCall(input.command, cwd, programs);
  if (WRITE_TOOLS.has(tool) && input.filePath !== undefined) {
    const written = resolveTracePath(cwd, input.filePath);
    return written === undefined ? { kind: 'other' } : { kind: 'other', writes: [written] };
  }
  return { kind: 'other' };
}

/** What a shell command line run in `cwd` is, by the first program of `command` in `programs`. */
export function planShellCall(command: string, cwd: string | undefined, programs: Readonly<Record<string, ShellProgram>>): CallPlan {
  const plan = planShellKind(command, cwd, programs);
  const writes = shellWritesOf(command, cwd);
  return writes.length > 0 ? { ...plan, writes } : plan;
}

/**
 * The files a command line run in `cwd` writes, absolute (a repository's write as its folder):
 * the device files (/dev/null, /dev/stderr) are no files of a tree, and a path that cannot be made
 * absolute (no cwd) is left out.
 */
function shellWritesOf(command: string, cwd: string | undefined): string[] {
  const written = shellWrites(command).flatMap((write) => {
    const path =
      'file' in write ? resolveTracePath(cwd, write.file) : write.repository === undefined ? cwd : resolveTracePath(cwd, write.repository);
    return path === undefined || path === '/dev' || path.startsWith('/dev/') ? [] : [path];
  });
  return [...new Set(written)];
}

/** What a command line is by its first program: a map call, a read (or a chain of them), or other work. */
function planShellKind(command: string, cwd: string | undefined, programs: Readonly<Record<string, ShellProgram>>): CallPlan {
  const shell = classifyShell(command, programs);
  const program = definedFields({ program: shell.program });
  if (shell.kind === 'map') {
    const { output, operands, startPoints, lineNumbers } = shell;
    const surfaces =
      output === undefined ? { unread: true as const } : { stdout: { output, operands, ...definedFields({ startPoints, lineNumbers }) } };
    return { kind: 'map', query: command.trim(), ...program, surfaces };
  }
  if (shell.kind === 'read' && shell.file !== undefined) {
    const target = resolveTracePath(cwd, shell.file);
    const moreReads = (shell.moreReads ?? []).flatMap((read): ChainedRead[] => {
      const path = resolveTracePath(cwd, read.file);
      return path === undefined ? [] : [{ program: read.program, target: path, partial: read.partial }];
    });
    return {
      kind: 'read',
      ...program,
      ...definedFields({ target }),
      partial: shell.partial === true,
      ...(moreReads.length > 0 ? { moreReads } : {}),
    };
  }
  return { kind: 'other', ...program };
}

/**
 * The call of `plan` once its result is known (`outcome`, undefined when the trace never gave
 * one): a read's node as the result names it, a map call's paths through `paths`. A call that got
 * no answer keeps its kind but surfaced nothing; so does one that failed, but for a shell map call
 * that printed paths all the same, whose paths are kept and marked (`surfacedOnFailure`).
 */
export function finishCall(plan: CallPlan, outcome: CallOutcome | undefined, cwd: string | undefined, paths: PathKeeper): Classified {
  const { surfaces, ...call } = plan;
  if (plan.kind === 'read' && plan.program === undefined) {
    const target = outcome?.filePath === undefined ? plan.target : resolveTracePath(cwd, outcome.filePath);
    const partial =
      plan.partial === true ||
      (outcome?.numLines !== undefined && outcome.totalLines !== undefined && outcome.numLines < outcome.totalLines);
    return { ...call, ...definedFields({ target }), partial };
  }
  if (surfaces === undefined || outcome === undefined) return call;
  if (outcome.isError) {
    if ('stdout' in surfaces) return printedOnFailure(call, outcome.stdout ?? '', surfaces.stdout, cwd, paths);
    if (!('filenames' in surfaces) || surfaces.evenOnFailure !== true) return call;
    const { kept, count } = filenamesFound(outcome.filenames, surfaces.base, cwd, paths);
    return count === 0 ? call : { ...call, surfaced: kept, surfacedCount: count, surfacedOnFailure: true };
  }
  if ('filenames' in surfaces) {
    const { kept, count } = filenamesFound(outcome.filenames, surfaces.base, cwd, paths);
    return { ...call, surfaced: kept, surfacedCount: count };
  }
  const found = paths.call(cwd);
  const unread =
    'stdout' in surfaces
      ? readShellOutput(outcome.stdout ?? '', surfaces.stdout, cwd, (path) => found.add(path))
      : countLines(outcome.stdout ?? '');
  const { kept, count } = found.done();
  return { ...call, surfaced: kept, surfacedCount: count, ...(unread > 0 ? { unreadLines: unread } : {}) };
}

/** The paths a result lists (Glob's and Grep's filenames), under `base`, as the keeper keeps them. */
function filenamesFound(
  filenames: readonly string[] | undefined,
  base: string | undefined,
  cwd: string | undefined,
  paths: PathKeeper,
): { kept: string[]; count: number } {
  const found = paths.call(cwd);
  for (const name of filenames ?? []) {
    const path = resolveTracePath(base, name);
    if (path !== undefined) found.add(path);
  }
  return found.done();
}

/**
 * A program's complaint (`lsd: 3: No such file or directory`, `ls: cannot access 'x'`) or the
 * shell's exit line, which a failed call's result mixes with what it printed: never a path.
 */
const ERROR_LINE = /^(?:[\w.+-]+: |\(eval\):\d+: |Exit code \d+$|Error: )/;

/**
 * A failed shell map call: the paths in what it printed once the error lines are set aside, the
 * call marked as having surfaced them though it failed; a failure that printed no path surfaced
 * nothing.
 */
function printedOnFailure(
  call: Classified,
  printed: string,
  reading: OutputReading,
  cwd: string | undefined,
  paths: PathKeeper,
): Classified {
  const lines = printed.split('\n');
  const output = lines.filter((line) => !ERROR_LINE.test(line));
  const found = paths.call(cwd);
  const unread = readShellOutput(output.join('\n'), reading, cwd, (path) => found.add(path)) + lines.length - output.length;
  const { kept, count } = found.done();
  if (count === 0) return call;
  return { ...call, surfaced: kept, surfacedCount: count, surfacedOnFailure: true, ...(unread > 0 ? { unreadLines: unread } : {}) };
}
