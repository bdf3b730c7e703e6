import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { displayPath } from '../common/display-path.js';
import { type FolderBound, folderBound, openedInside } from '../common/folder-bound.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import { linkOutMessage } from '../load/read-input.js';

/** Where a fixture's side files (goldens, sidecar, the sidecar's configuration) must lie. */
export interface FixtureBound {
  bound: FolderBound;
  /** Whether the spec itself was found in a folder given (and is bound by it too), rather than named. */
  found: boolean;
}

/**
 * The folder a fixture's side files must lie in: the folder given to `test` that the fixture was
 * found in (the outermost, when folders given nest, so that the order of the arguments changes
 * nothing), or, for a spec named on the command line and in no folder given, the spec's own
 * folder. `roots` are the folders (and specs) given, absolute. A spec named on the command line
 * is read even if it is a link out: the user named it.
 */
export function fixtureBound(file: RawPath, roots: readonly string[], cwd: string): FixtureBound {
  const text = pathText(file);
  const containing = roots.filter((root) => text.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
  const outermost = containing.sort((a, b) => a.length - b.length)[0];
  const folder = outermost ?? dirname(text);
  const named = roots.includes(text);
  return { bound: folderBound(folder, `the fixture folder ${displayPath(folder, cwd) || '.'}`), found: outermost !== undefined && !named };
}

/**
 * A side file's bytes (a golden to compare, or what an update would replace), or why they cannot
 * be had, `shown` first. What was opened is checked, not the path before it: a file that leads out
 * of the fixture folder (a link out, or swapped for one) is refused before a byte of it is read,
 * and the message names the link, not what is outside.
 */
export function readSideFile(path: RawPath, shown: string, inside: FolderBound): { bytes: Buffer } | { problem: string } {
  let descriptor: number;
  try {
    // O_NONBLOCK: a FIFO is read as empty rather than waited on for a writer.
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { problem: `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  }
  try {
    if (!openedInside(descriptor, path, inside)) return { problem: linkOutMessage(shown, inside) };
    return { bytes: readFileSync(descriptor) };
  } catch (error) {
    return { problem: `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  } finally {
    closeSync(descriptor);
  }
}
