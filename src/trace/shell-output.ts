// The nodes a map program's standard output names, as absolute paths: what it surfaced. A line is
// read as a path only where it looks like one the program prints; any other line (an error, a
// banner, text that is no path) is left out and counted, never copied.
import { resolveTracePath } from './paths.js';
import type { OutputShape } from './shell-table.js';

/** The longest line read as a path, in characters: Linux's PATH_MAX. */
export const MAX_PATH_CHARS = 4096;
/** The longest line of a listing or a tree read at all: a path and what ls -l or tree draws before it. */
const MAX_LINE_CHARS = MAX_PATH_CHARS + 256;

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
  /** A content search's lines carry line numbers: `path:line:text`. */
  lineNumbers?: boolean;
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
    const under = reading.startPoints === undefined ? undefined : startPointTest(reading.startPoints);
    for (const line of lines) {
      const path = line.trim();
      if ((under === undefined || under(path)) && looksLikePath(path)) take(cwd, path);
      else unread++;
    }
    return unread;
  }
  if (reading.output === 'listing') return readListing(lines, reading.operands, cwd, take);
  if (reading.output === 'matches') return readMatches(lines, reading, cwd, take);
  const root = resolveTracePath(cwd, reading.operands[0] ?? '.');
  const stack: string[] = [];
  lines.forEach((line, index) => {
    const branch = line.length > MAX_LINE_CHARS ? null : TREE_BRANCH.exec(line);
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

/**
 * Whether a line of find's output lies under one of its start points: it is one, or begins with
 * one and a "/". A start point the shell expands (`~`, `$HOME`) may print any absolute path; one
 * with a glob, any path under the glob's fixed part.
 */
function startPointTest(points: readonly string[]): (path: string) => boolean {
  let absolute = false;
  const folders: string[] = [];
  for (const point of points) {
    if (point.startsWith('~') || point.includes('$')) absolute = true;
    else folders.push(GLOB.test(point) ? point.slice(0, fixedPartEnd(point)) : point);
  }
  const under = underAny(folders);
  return (path) => (absolute && path.startsWith('/')) || under(path);
}

interface FolderNode {
  next: Map<string, FolderNode>;
  /** A folder ends here. */
  end: boolean;
}

/**
 * Whether a path is one of `folders` or lies under one ("" stands for every relative path), in
 * time linear in the path, whatever the number of folders: they are walked as a tree of their
 * characters, never each compared with each line.
 */
function underAny(folders: readonly string[]): (path: string) => boolean {
  let relative = false;
  const root: FolderNode = { next: new Map(), end: false };
  for (const folder of folders) {
    const trimmed = folder.length > 1 && folder.endsWith('/') ? folder.slice(0, -1) : folder;
    if (trimmed === '') {
      relative = true;
      continue;
    }
    let node = root;
    for (const character of trimmed) {
      let next = node.next.get(character);
      if (next === undefined) node.next.set(character, (next = { next: new Map(), end: false }));
      node = next;
    }
    node.end = true;
  }
  return (path) => {
    if (relative && !path.startsWith('/')) return true;
    let node = root;
    for (let index = 0; index < path.length; index++) {
      const next = node.next.get(path[index] as string);
      if (next === undefined) return false;
      node = next;
      const after = path[index + 1];
      if (node.end && (after === undefined || after === '/' || path[index] === '/')) return true;
    }
    return false;
  };
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
  const named = new Set(operands);
  const globs = operands.filter((operand) => GLOB.test(operand)).map((operand) => operand.slice(0, fixedPartEnd(operand)));
  const underGlob = globs.length === 0 ? () => false : underAny(globs);
  // A heading names an operand of several, a folder under a glob's fixed part, or one under a
  // folder listed (-R); the test is made when a line first looks like a heading.
  let underListed: ((path: string) => boolean) | undefined;
  let folder = resolveTracePath(cwd, operands.length === 1 ? (operands[0] as string) : '.');
  for (const line of lines) {
    if (line.length > MAX_LINE_CHARS) {
      unread++;
      continue;
    }
    if (/^total \d+/.test(line)) continue;
    if (named.has(line.trim())) {
      take(cwd, line.trim());
      continue;
    }
    const heading = line.endsWith(':') ? line.slice(0, -1) : undefined;
    underListed ??= heading === undefined ? undefined : underAny([...globs, ...(operands.length === 0 ? ['.'] : operands)]);
    if (heading !== undefined && ((operands.length > 1 && named.has(heading)) || underListed?.(heading) === true)) {
      folder = resolveTracePath(cwd, heading);
      continue;
    }
    const name = listedName(line);
    if (name === '.' || name === '..') continue;
    const bare = name.endsWith('/') ? name.slice(0, -1) : name;
    if (bare.includes('/') && underGlob(bare) && looksLikePath(bare)) take(cwd, bare);
    else if (bare !== '' && !bare.includes('/') && looksLikePath(bare)) take(folder, bare);
    else unread++;
  }
  return unread;
}

/** A numbered match's path: what comes before the first `:N:`. */
const NUMBERED_MATCH = /^(.+?):\d+:/;

/**
 * A content search (rg, grep): each line's path, before its line number (`path:12:text`) or,
 * without line numbers, before the first ":"; a file with several matches counted once for each
 * run of its lines. A path must lie under what was searched, so that the text of a match, or the
 * lines of a search in one file (which name no path), are never taken for one.
 */
function readMatches(
  lines: readonly string[],
  reading: OutputReading,
  cwd: string | undefined,
  take: (base: string | undefined, name: string) => void,
): number {
  let unread = 0;
  const under = startPointTest(reading.startPoints ?? ['']);
  let previous: string | undefined;
  for (const line of lines) {
    const path =
      line.length > MAX_LINE_CHARS
        ? undefined
        : reading.lineNumbers === true
          ? NUMBERED_MATCH.exec(line)?.[1]
          : line.slice(0, Math.max(line.indexOf(':'), 0));
    if (path === undefined || !under(path) || !looksLikePath(path)) {
      unread++;
      continue;
    }
    if (path !== previous) take(cwd, path);
    previous = path;
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
