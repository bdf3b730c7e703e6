// The nodes a map program's standard output names, as absolute paths: what it surfaced. A line is
// read as a path only where it looks like one the program prints; any other line (an error, a
// banner, text that is no path) is left out and counted, never copied.
import { resolveTracePath } from './paths.js';
import type { OutputShape } from './shell-table.js';

/** The longest line read as a path, in characters: Linux's PATH_MAX. */
export const MAX_PATH_CHARS = 4096;

/** `ls -l` and its kin: permissions, links, owner, group, size, a date of three words, then the name. */
const LONG_LISTING = /^[-bcdlps][-rwxsStTl@+.]{9}[@+.]?\s+\d+\s+\S+\s+\S+\s+[\d,]+\s+\S+\s+\S+\s+\S+\s(.+)$/;
/** tree's drawing before a name: a branch (U+251C or U+2514 and two U+2500, or ASCII "|-- ", "`-- ") after an indent of four characters a level. */
const TREE_BRANCH = /^((?:\u2502 {3}|\u2502\u00a0\u00a0 |\| {3}| {4})*)(?:\u251c\u2500\u2500 |\u2514\u2500\u2500 |\|-- |`-- )(.*)$/;
/** tree's closing count: "3 directories, 5 files". */
const TREE_REPORT = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;
/** C0 and C1 controls and DEL: no path an agent's map printed holds one. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Characters that make an ls operand a glob the shell expanded before ls saw it. */
const GLOB = /[*?[]/;

/** How a map call's output is read: its shape, its operands, and for find the folders its paths begin with. */
export interface OutputReading {
  output: OutputShape;
  operands: readonly string[];
  startPoints?: readonly string[];
}

/**
 * Calls `add` with each absolute path `stdout` names, for a map call run in the folder `cwd` and
 * read as `reading` says; returns how many lines were not read as paths. The lines a program
 * prints around its names (ls's "total", tree's root and its count) are neither. A name that
 * cannot be made absolute (no cwd) is dropped.
 */
export function readShellOutput(stdout: string, reading: OutputReading, cwd: string | undefined, add: (path: string) => void): number {
  let unread = 0;
  const take = (base: string | undefined, name: string): void => {
    const path = resolveTracePath(base, name);
    if (path !== undefined) add(path);
  };
  const lines = linesOf(stdout);
  if (reading.output === 'paths') {
    const prefixes = reading.startPoints?.map((point) => (point.endsWith('/') ? point : `${point}/`));
    for (const line of lines) {
      const path = line.trim();
      const fits =
        prefixes === undefined || reading.startPoints?.includes(path) === true || prefixes.some((prefix) => path.startsWith(prefix));
      if (fits && looksLikePath(path)) take(cwd, path);
      else unread++;
    }
    return unread;
  }
  if (reading.output === 'listing') return readListing(lines, reading.operands, cwd, take);
  const root = resolveTracePath(cwd, reading.operands[0] ?? '.');
  const stack: string[] = [];
  lines.forEach((line, index) => {
    const branch = TREE_BRANCH.exec(line);
    const name = branch === null ? undefined : (branch[2] as string).replace(/ -> .*$/, '');
    if (branch === null || name === undefined || name.includes('/') || !looksLikePath(name)) {
      // The first line names the folder drawn; the last counts what was drawn.
      if (!(index === 0 || TREE_REPORT.test(line.trim()))) unread++;
      return;
    }
    stack.length = [...(branch[1] as string)].length / 4;
    stack.push(name);
    if (root !== undefined) take(root, stack.join('/'));
  });
  return unread;
}

/** How many lines of `stdout` are not blank: a map's output that is not read at all is all unread. */
export function countLines(stdout: string): number {
  return linesOf(stdout).length;
}

/**
 * ls: with one folder, the names in it, which hold no "/" (a trailing one marks a folder, -F);
 * with several, each under a heading naming it; a line that is one of the operands names it; a
 * glob (expanded by the shell) lists paths from the call's folder under its fixed part.
 */
function readListing(
  lines: readonly string[],
  operands: readonly string[],
  cwd: string | undefined,
  take: (base: string | undefined, name: string) => void,
): number {
  let unread = 0;
  const globbed = operands.filter((operand) => GLOB.test(operand)).map((operand) => operand.slice(0, fixedPartEnd(operand)));
  let folder = resolveTracePath(cwd, operands.length === 1 ? (operands[0] as string) : '.');
  for (const line of lines) {
    if (/^total \d+/.test(line)) continue;
    if (operands.includes(line.trim())) {
      take(cwd, line.trim());
      continue;
    }
    // Several folders listed (or a glob that matched folders): each under a heading naming it.
    if ((operands.length > 1 || globbed.length > 0) && line.endsWith(':')) {
      const heading = line.slice(0, -1);
      if (operands.includes(heading) || globbed.some((fixed) => heading.startsWith(fixed))) {
        folder = resolveTracePath(cwd, heading);
        continue;
      }
    }
    const name = listedName(line);
    if (name === '.' || name === '..') continue;
    const bare = name.endsWith('/') ? name.slice(0, -1) : name;
    if (globbed.length > 0 && globbed.some((fixed) => fixed !== '' && bare.startsWith(fixed)) && looksLikePath(bare)) take(cwd, bare);
    else if (bare !== '' && !bare.includes('/') && looksLikePath(bare)) take(folder, bare);
    else unread++;
  }
  return unread;
}

/** Where the fixed part of a glob ends: after the last "/" before its first glob character. */
function fixedPartEnd(glob: string): number {
  const first = glob.search(GLOB);
  return glob.lastIndexOf('/', first) + 1;
}

/** A name as a path may be: no control character, not too long. */
function looksLikePath(name: string): boolean {
  return name.length > 0 && name.length <= MAX_PATH_CHARS && !CONTROL.test(name);
}

/** The name on a line of ls: the whole line, or the last field of a long listing (a link's own name, not its target). */
function listedName(line: string): string {
  const long = LONG_LISTING.exec(line);
  if (long === null) return line.trim();
  return (long[1] as string).replace(/ -> .*$/, '').trim();
}

/** The lines of `text` that are not blank, a "\r" before a line break dropped. */
function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
