// The nodes a map program's standard output names, as absolute paths: what it surfaced.
import { resolveTracePath } from './paths.js';
import type { OutputShape } from './shell-table.js';

/** `ls -l` and its kin: permissions, links, owner, group, size, a date of three words, then the name. */
const LONG_LISTING = /^[-bcdlps][-rwxsStTl@+.]{9}[@+.]?\s+\d+\s+\S+\s+\S+\s+[\d,]+\s+\S+\s+\S+\s+\S+\s(.+)$/;
/** tree's drawing before a name: a branch (U+251C or U+2514 and two U+2500, or ASCII "|-- ", "`-- ") after an indent of four characters a level. */
const TREE_BRANCH = /^((?:\u2502 {3}|\u2502\u00a0\u00a0 |\| {3}| {4})*)(?:\u251c\u2500\u2500 |\u2514\u2500\u2500 |\|-- |`-- )(.*)$/;

/**
 * The absolute paths `stdout` names, for a map program whose output has `shape`, run in the
 * folder `cwd` on `operands`. A name that cannot be made absolute (no cwd) is left out.
 */
export function surfacedPaths(stdout: string, shape: OutputShape, cwd: string | undefined, operands: readonly string[]): string[] {
  const lines = stdout.split('\n');
  const found: string[] = [];
  const add = (base: string | undefined, name: string): void => {
    const path = resolveTracePath(base, name);
    if (path !== undefined) found.push(path);
  };
  if (shape === 'paths') {
    for (const line of lines) if (line.trim() !== '') add(cwd, line.trim());
  } else if (shape === 'listing') {
    let folder = resolveTracePath(cwd, operands.length === 1 ? (operands[0] as string) : '.');
    for (const line of lines) {
      if (line.trim() === '' || /^total \d+/.test(line)) continue;
      // Several folders listed: each under a heading naming it.
      if (operands.length > 1 && line.endsWith(':')) {
        folder = resolveTracePath(cwd, line.slice(0, -1));
        continue;
      }
      const name = listedName(line);
      if (name !== undefined && name !== '.' && name !== '..') add(folder, name);
    }
  } else {
    const root = resolveTracePath(cwd, operands[0] ?? '.');
    const stack: string[] = [];
    for (const line of lines) {
      const branch = TREE_BRANCH.exec(line);
      if (branch === null) continue;
      const depth = [...(branch[1] as string)].length / 4;
      const name = (branch[2] as string).replace(/ -> .*$/, '');
      stack.length = depth;
      stack.push(name);
      if (root !== undefined) add(root, stack.join('/'));
    }
  }
  return found;
}

/** The name on a line of ls: the whole line, or the last field of a long listing (a link's own name, not its target). */
function listedName(line: string): string | undefined {
  const long = LONG_LISTING.exec(line);
  if (long === null) return line.trim();
  return (long[1] as string).replace(/ -> .*$/, '').trim();
}
