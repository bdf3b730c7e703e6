// Which shell programs are cheap map calls and which are reads, as data: the table a team extends
// (docs/traces.md shows it). A line is judged by its first program; a map's output is read as
// paths only when it is that program's own (shell-pipeline.ts).

import { definedFields } from '../common/defined-fields.js';
import { hasOption, splitArguments } from './shell-arguments.js';
import { outputIsTheMapsOwn } from './shell-pipeline.js';
import { programName, type ShellCommand, shellCommands } from './shell-words.js';
import type { CallKind } from './types.js';

/** How a map program's standard output names what it surfaced. */
export type OutputShape =
  /** One path a line, as the program was given it (relative to the call's folder, or absolute). */
  | 'paths'
  /** ls: names relative to the folder listed, long listings too, "folder:" headings for several. */
  | 'listing'
  /** tree: a drawn tree under the folder given. */
  | 'tree'
  /** A content search (rg, grep): `path:line:text` lines (or `path:text` without line numbers), the path before the first `:`. */
  | 'matches';

export interface ShellProgram {
  kind: Exclude<CallKind, 'other'>;
  /** A map program's output. */
  output?: OutputShape;
  /**
   * The call is of this kind only with one of these options (`rg --files`, `grep -l`); without
   * them it is other work. A one-letter option counts inside a cluster (`-rl`).
   */
  onlyWith?: readonly string[];
  /** Options that take the next word as their value, so that it is no operand (`head -n 20`). */
  valueOptions?: readonly string[];
  /**
   * Its first operand is its script or pattern, not a file (`sed -n '1,80p' FILE`, `rg PATTERN
   * DIR`), unless `-e` (or `-f`) gives it.
   */
  scriptFirst?: boolean;
  /** A map program's options with which it prints one path a line ('paths'), whatever `output` says (`rg --files`, `grep -l`). */
  pathsWith?: readonly string[];
  /**
   * A map program's options with which it runs other programs or writes files (find's `-exec`,
   * `-delete`): its output is then not read as paths, whatever it printed.
   */
  outputUnreadWith?: readonly string[];
  /**
   * The words before its first option are the folders it starts from (`.` without one), and
   * every path it prints begins with one of them: find.
   */
  startPoints?: boolean;
}

/** The programs known by default, by name. */
export const SHELL_PROGRAMS: Readonly<Record<string, ShellProgram>> = {
  find: {
    kind: 'map',
    output: 'paths',
    startPoints: true,
    outputUnreadWith: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'],
  },
  ls: { kind: 'map', output: 'listing', valueOptions: ['-I', '--ignore', '-w', '--width'] },
  tree: { kind: 'map', output: 'tree', valueOptions: ['-I', '-L', '-P', '--filelimit'] },
  fd: {
    kind: 'map',
    output: 'paths',
    valueOptions: ['-e', '--extension', '-t', '--type', '-E', '--exclude', '-d', '--max-depth'],
    outputUnreadWith: ['-x', '--exec', '-X', '--exec-batch'],
  },
  rg: {
    kind: 'map',
    output: 'matches',
    pathsWith: ['--files', '-l', '--files-with-matches'],
    scriptFirst: true,
    valueOptions: [
      '-g',
      '--glob',
      '-t',
      '--type',
      '-T',
      '--type-not',
      '-e',
      '--regexp',
      '-f',
      '--file',
      '-m',
      '--max-count',
      '-d',
      '--max-depth',
      '-A',
      '-B',
      '-C',
      '-r',
      '--replace',
    ],
    outputUnreadWith: ['-I', '--no-filename', '--json', '-c', '--count', '--count-matches'],
  },
  grep: {
    kind: 'map',
    output: 'matches',
    pathsWith: ['-l', '--files-with-matches'],
    scriptFirst: true,
    valueOptions: ['-e', '--regexp', '-f', '--file', '-m', '--max-count', '--include', '--exclude', '--exclude-dir', '-A', '-B', '-C'],
    outputUnreadWith: ['-h', '--no-filename', '-c', '--count', '-L', '--files-without-match', '-Z', '--null'],
  },
  cat: { kind: 'read' },
  sed: { kind: 'read', onlyWith: ['-n', '--quiet', '--silent'], scriptFirst: true, valueOptions: ['-e', '--expression', '-f', '--file'] },
  head: { kind: 'read', valueOptions: ['-n', '--lines', '-c', '--bytes'] },
  tail: { kind: 'read', valueOptions: ['-n', '--lines', '-c', '--bytes'] },
  nl: { kind: 'read', valueOptions: ['-b', '-d', '-f', '-h', '-i', '-l', '-n', '-s', '-v', '-w'] },
};

/**
 * The table a policy makes: the built-in programs with `extra` laid over them (a policy's
 * `traceShellPrograms`), a program set to null taken out.
 */
export function shellProgramsWith(
  extra: Readonly<Record<string, ShellProgram | null>> | undefined,
): Readonly<Record<string, ShellProgram>> {
  if (extra === undefined) return SHELL_PROGRAMS;
  const programs: Record<string, ShellProgram> = Object.assign(Object.create(null), SHELL_PROGRAMS);
  for (const [name, entry] of Object.entries(extra)) {
    if (entry === null) delete programs[name];
    else programs[name] = entry;
  }
  return programs;
}

/** A shell command line as the method sees it. */
export interface ShellCall {
  kind: CallKind;
  /** The first program, when the line has one. */
  program?: string;
  /** The words after the program that are neither options nor their values. */
  operands: string[];
  /** A read's one file. */
  file?: string;
  /** A read of part of its file: by sed, head or tail, or piped into one of them (`nl -ba FILE | sed -n '1,9p'`). */
  partial?: boolean;
  /** The reads of a chain after the first (`sed -n 1,80p a && cat b`): every other command of the list that is a read. */
  moreReads?: ShellRead[];
  /** A map's output, when it is read as paths: the map program alone, or piped only into line filters. */
  output?: OutputShape;
  /**
   * With `output`, the folders every path it prints begins with: find's start points; a content
   * search's folders and files searched ("" for any relative path, when it searched its folder).
   */
  startPoints?: string[];
  /** With `output` 'matches': its lines carry line numbers (`rg -n`, `grep -n`), `path:line:text`. */
  lineNumbers?: boolean;
}

/** One read of a command line: its program, its file, and whether it reads part of it. */
export interface ShellRead {
  program: string;
  file: string;
  partial: boolean;
}

/** find's options before its start points: -H, -L, -P, -D with a value, -O with a level. */
const FIND_LEADING_OPTIONS = /^-(?:[HLP]|O\d*)$/;
/** Reads that show part of a file by nature: sed prints the lines asked for, head and tail some of them. */
const PARTIAL_READERS = new Set(['sed', 'head', 'tail']);
/** The operators that end one command of a list (`a && b`, `a; b`): what follows is a command of its own, not fed by it. */
const LIST_ENDS = new Set<string | undefined>([';', '&&', '||', '\n', '&', '(', ')']);

/**
 * What the command line `line` is: a map call, a read of one file (and of more, for a chain of
 * reads), or other work. It is judged by its first program.
 */
export function classifyShell(line: string, programs: Readonly<Record<string, ShellProgram>> = SHELL_PROGRAMS): ShellCall {
  const commands = shellCommands(line);
  const words = commands[0]?.words ?? [];
  const first = words[0];
  if (first === undefined) return { kind: 'other', operands: [] };
  const program = programName(first);
  const entry = Object.hasOwn(programs, program) ? programs[program] : undefined;
  const valueOptions = entry?.valueOptions ?? [];
  const { options, operands } = splitArguments(words.slice(1), valueOptions);
  if (entry === undefined || (entry.onlyWith !== undefined && !entry.onlyWith.some((option) => hasOption(options, option, valueOptions))))
    return { kind: 'other', program, operands };
  if (entry.kind === 'map') return mapCall(entry, program, words, options, operands, commands);
  const pipelines = pipelinesOf(commands);
  const read = readOf(pipelines[0] ?? [], programs);
  if (read === undefined) return { kind: 'other', program, operands };
  const moreReads = pipelines.slice(1).flatMap((pipeline) => readOf(pipeline, programs) ?? []);
  return {
    kind: 'read',
    program,
    operands,
    file: read.file,
    partial: read.partial,
    ...(moreReads.length > 0 ? { moreReads } : {}),
  };
}

/** A map program's call: its output read as `output` says when it is the program's own, else not read. */
function mapCall(
  entry: ShellProgram,
  program: string,
  words: readonly string[],
  options: readonly string[],
  operands: string[],
  commands: readonly ShellCommand[],
): ShellCall {
  const valueOptions = entry.valueOptions ?? [];
  const given = (option: string): boolean => hasOption(options, option, valueOptions);
  const read = entry.output !== undefined && !(entry.outputUnreadWith ?? []).some(given) && outputIsTheMapsOwn(commands);
  if (!read) return { kind: 'map', program, operands };
  const output = (entry.pathsWith ?? []).some(given) ? 'paths' : (entry.output as OutputShape);
  if (output === 'matches') {
    const patternGiven = ['-e', '--regexp', '-f', '--file'].some(given);
    const searched = entry.scriptFirst === true && !patternGiven ? operands.slice(1) : operands;
    // grep with no file and no -r reads its input: it prints no path.
    if (searched.length === 0 && program === 'grep' && !['-r', '-R', '--recursive'].some(given)) return { kind: 'map', program, operands };
    const lineNumbers = given('-n') || given('--line-number');
    return { kind: 'map', program, operands, output, startPoints: searched.length === 0 ? [''] : searched, lineNumbers };
  }
  const startPoints = entry.startPoints === true ? startPointsOf(words.slice(1)) : undefined;
  return { kind: 'map', program, operands, output, ...definedFields({ startPoints }) };
}

/** The commands of a line as pipelines: the commands joined by pipes, one pipeline for each command of a list. */
function pipelinesOf(commands: readonly ShellCommand[]): ShellCommand[][] {
  const pipelines: ShellCommand[][] = [[]];
  for (const command of commands) {
    (pipelines[pipelines.length - 1] as ShellCommand[]).push(command);
    if (LIST_ENDS.has(command.end)) pipelines.push([]);
  }
  return pipelines.filter((pipeline) => pipeline.length > 0);
}

/** The read a pipeline makes, when its first program is a read of one file; partial when it or a program after it shows part. */
function readOf(pipeline: readonly ShellCommand[], programs: Readonly<Record<string, ShellProgram>>): ShellRead | undefined {
  const [head, ...rest] = pipeline;
  const first = head?.words[0];
  if (first === undefined) return undefined;
  const program = programName(first);
  const entry = Object.hasOwn(programs, program) ? programs[program] : undefined;
  if (entry === undefined || entry.kind !== 'read') return undefined;
  const valueOptions = entry.valueOptions ?? [];
  const { options, operands } = splitArguments((head as ShellCommand).words.slice(1), valueOptions);
  if (entry.onlyWith !== undefined && !entry.onlyWith.some((option) => hasOption(options, option, valueOptions))) return undefined;
  // sed's script is its first operand unless -e gives it.
  const files =
    entry.scriptFirst === true && !hasOption(options, '-e', valueOptions) && !hasOption(options, '--expression')
      ? operands.slice(1)
      : operands;
  // A read is of one file: `cat a b` reads two, `cat` alone reads its input.
  if (files.length !== 1) return undefined;
  const shows = (command: ShellCommand): boolean => PARTIAL_READERS.has(programName(command.words[0] ?? ''));
  return { program, file: files[0] as string, partial: PARTIAL_READERS.has(program) || rest.some(shows) };
}

/** The folders a find starts from: its words before the expression, after its leading options; "." when there are none. */
function startPointsOf(words: readonly string[]): string[] {
  let index = 0;
  while (index < words.length && (FIND_LEADING_OPTIONS.test(words[index] as string) || words[index] === '-D'))
    index += words[index] === '-D' ? 2 : 1;
  const points: string[] = [];
  for (; index < words.length; index++) {
    const word = words[index] as string;
    if (word.startsWith('-') || word === '(' || word === '!' || word === ')' || word === ',') break;
    points.push(word);
  }
  return points.length === 0 ? ['.'] : points;
}
