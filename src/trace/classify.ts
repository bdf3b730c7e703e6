// One tool call as the method sees it, from what the call asked (its input) and what it got back
// (its outcome): a map call and what it surfaced, a read and of what, or other work.
import { definedFields } from '../common/defined-fields.js';
import { resolveTracePath } from './paths.js';
import { surfacedPaths } from './shell-output.js';
import { classifyShell, type ShellProgram } from './shell-table.js';
import type { CallKind } from './types.js';

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

export interface Classified {
  kind: CallKind;
  query?: string;
  program?: string;
  target?: string;
  partial?: boolean;
  surfaced?: string[];
}

/** Reads that show part of a file by nature: sed prints the lines asked for, head and tail some of them. */
const PARTIAL_READERS = new Set(['sed', 'head', 'tail']);

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
 * What a call of `tool` was: Glob and Grep map by pattern, Read reads a file, a shell call is what
 * its first program is in `programs`; anything else is other work. A call that failed or got no
 * answer keeps its kind but surfaced nothing.
 */
export function classifyCall(
  tool: string,
  input: CallInput,
  outcome: CallOutcome | undefined,
  cwd: string | undefined,
  programs: Readonly<Record<string, ShellProgram>>,
): Classified {
  const answered = outcome !== undefined && !outcome.isError;
  if (tool === 'Glob' || tool === 'Grep' || tool === 'LS') {
    const query = input.pattern ?? input.path;
    const base = input.path === undefined ? cwd : (resolveTracePath(cwd, input.path) ?? cwd);
    const surfaced = answered ? absolute(base, outcome.filenames ?? []) : undefined;
    return { kind: 'map', ...definedFields({ query, surfaced }) };
  }
  if (tool === 'Read' || tool === 'NotebookRead') {
    const named = outcome?.filePath ?? input.filePath;
    const target = named === undefined ? undefined : resolveTracePath(cwd, named);
    const partial =
      input.offset === true ||
      input.limit === true ||
      (outcome?.numLines !== undefined && outcome.totalLines !== undefined && outcome.numLines < outcome.totalLines);
    return { kind: 'read', ...definedFields({ target }), partial };
  }
  if ((tool === 'Bash' || tool === 'shell') && input.command !== undefined) {
    const shell = classifyShell(input.command, programs);
    const program = definedFields({ program: shell.program });
    if (shell.kind === 'map') {
      const surfaced =
        answered && shell.output !== undefined ? surfacedPaths(outcome.stdout ?? '', shell.output, cwd, shell.operands) : undefined;
      return { kind: 'map', query: input.command.trim(), ...program, ...definedFields({ surfaced }) };
    }
    if (shell.kind === 'read' && shell.file !== undefined) {
      const target = resolveTracePath(cwd, shell.file);
      return { kind: 'read', ...program, ...definedFields({ target }), partial: PARTIAL_READERS.has(shell.program ?? '') };
    }
    return { kind: 'other', ...program };
  }
  return { kind: 'other' };
}

function absolute(base: string | undefined, names: readonly string[]): string[] {
  const paths: string[] = [];
  for (const name of names) {
    const path = resolveTracePath(base, name);
    if (path !== undefined) paths.push(path);
  }
  return paths;
}
