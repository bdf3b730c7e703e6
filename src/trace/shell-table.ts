// Which shell programs are cheap map calls and which are reads, as data: the table a team extends
// (docs/traces.md shows it). A line is judged by its first program; a map's output is read as
// paths only when it is that program's own (shell-pipeline.ts).

import { definedFields } from '../common/defined-fields.js';
import { hasOption, splitArguments } from './shell-arguments.js';
import { outputIsTheMapsOwn } from './shell-pipeline.js';
import { programName, shellCommands } from './shell-words.js';
import type { CallKind } from './types.js';

/** How a map program's standard output names what it surfaced. */
export type OutputShape =
  /** One path a line, as the program was given it (relative to the call's folder, or absolute). */
  | 'paths'
  /** ls: names relative to the folder listed, long listings too, "folder:" headings for several. */
  | 'listing'
  /** tree: a drawn tree under the folder given. */
  | 'tree';

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
  /** A read's first operand is its script, not its file (`sed -n '1,80p' FILE`). */
  scriptFirst?: boolean;
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
    output: 'paths',
    onlyWith: ['--files', '-l', '--files-with-matches'],
    valueOptions: ['-g', '--glob', '-t', '--type', '-T', '--type-not', '-e', '--regexp', '-m', '--max-count', '-d', '--max-depth'],
  },
  grep: {
    kind: 'map',
    output: 'paths',
    onlyWith: ['-l', '--files-with-matches'],
    valueOptions: ['-e', '--regexp', '-f', '--file', '-m', '--max-count', '--include', '--exclude', '--exclude-dir'],
  },
  cat: { kind: 'read' },
  sed: { kind: 'read', onlyWith: ['-n', '--quiet', '--silent'], scriptFirst: true, valueOptions: ['-e', '--expression', '-f', '--file'] },
  head: { kind: 'read', valueOptions: ['-n', '--lines', '-c', '--bytes'] },
  tail: { kind: 'read', valueOptions: ['-n', '--lines', '-c', '--bytes'] },
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
  /** A map's output, when it is read as paths: the map program alone, or piped only into line filters. */
  output?: OutputShape;
  /** With `output`, for a program with start points (find): the folders every path it prints begins with. */
  startPoints?: string[];
}

/** find's options before its start points: -H, -L, -P, -D with a value, -O with a level. */
const FIND_LEADING_OPTIONS = /^-(?:[HLP]|O\d*)$/;

/** What the command line `line` is: a map call, a read of one file, or other work. */
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
  if (entry.kind === 'map') {
    const read =
      entry.output !== undefined &&
      !(entry.outputUnreadWith ?? []).some((option) => hasOption(options, option, valueOptions)) &&
      outputIsTheMapsOwn(commands);
    if (!read) return { kind: 'map', program, operands };
    const startPoints = entry.startPoints === true ? startPointsOf(words.slice(1)) : undefined;
    return { kind: 'map', program, operands, output: entry.output as OutputShape, ...definedFields({ startPoints }) };
  }
  // sed's script is its first operand unless -e gives it.
  const files =
    entry.scriptFirst === true && !hasOption(options, '-e', valueOptions) && !hasOption(options, '--expression')
      ? operands.slice(1)
      : operands;
  // A read is of one file: `cat a b` reads two, `cat` alone reads its input.
  if (files.length !== 1) return { kind: 'other', program, operands };
  return { kind: 'read', program, operands, file: files[0] as string };
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
