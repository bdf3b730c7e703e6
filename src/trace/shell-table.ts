// Which shell programs are cheap map calls and which are reads, as data: the table a team extends
// (docs/traces.md shows it). A pipeline is judged by its first program.

import { definedFields } from '../common/defined-fields.js';
import { firstCommandWords, programName } from './shell-words.js';
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
}

/** The programs known by default, by name. */
export const SHELL_PROGRAMS: Readonly<Record<string, ShellProgram>> = {
  find: { kind: 'map', output: 'paths' },
  ls: { kind: 'map', output: 'listing', valueOptions: ['-I', '--ignore', '-w', '--width'] },
  tree: { kind: 'map', output: 'tree', valueOptions: ['-I', '-L', '-P', '--filelimit'] },
  fd: { kind: 'map', output: 'paths', valueOptions: ['-e', '--extension', '-t', '--type', '-E', '--exclude', '-d', '--max-depth'] },
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
  output?: OutputShape;
}

/** What the command line `line` is: a map call, a read of one file, or other work. */
export function classifyShell(line: string, programs: Readonly<Record<string, ShellProgram>> = SHELL_PROGRAMS): ShellCall {
  const words = firstCommandWords(line);
  const first = words[0];
  if (first === undefined) return { kind: 'other', operands: [] };
  const program = programName(first);
  const entry = Object.hasOwn(programs, program) ? programs[program] : undefined;
  const { options, operands } = splitArguments(words.slice(1), entry?.valueOptions ?? []);
  if (entry === undefined || (entry.onlyWith !== undefined && !entry.onlyWith.some((option) => hasOption(options, option))))
    return { kind: 'other', program, operands };
  if (entry.kind === 'map') return { kind: 'map', program, operands, ...definedFields({ output: entry.output }) };
  // sed's script is its first operand unless -e gives it.
  const files =
    entry.scriptFirst === true && !hasOption(options, '-e') && !hasOption(options, '--expression') ? operands.slice(1) : operands;
  // A read is of one file: `cat a b` reads two, `cat` alone reads its input.
  if (files.length !== 1) return { kind: 'other', program, operands };
  return { kind: 'read', program, operands, file: files[0] as string };
}

function splitArguments(words: readonly string[], valueOptions: readonly string[]): { options: string[]; operands: string[] } {
  const options: string[] = [];
  const operands: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--') {
      operands.push(...words.slice(index + 1));
      break;
    }
    // find's expression (-name, -type, …) and a lone "-" (standard input) are no file operands of interest.
    if (word.startsWith('-') && word !== '-') {
      options.push(word);
      if (valueOptions.includes(word)) index++;
      continue;
    }
    operands.push(word);
  }
  return { options, operands };
}

/** `option` among `options`: exactly, as `--name=value`, or a letter inside a cluster of short ones. */
function hasOption(options: readonly string[], option: string): boolean {
  return options.some((given) => {
    if (given === option || given.startsWith(`${option}=`)) return true;
    if (option.length !== 2 || given.startsWith('--') || given.length < 3) return false;
    return /^-[A-Za-z]+$/.test(given) && given.includes(option[1] as string);
  });
}
