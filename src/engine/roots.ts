import { realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { type FolderBound, foldersBound } from '../common/folder-bound.js';
import { isWithin } from '../common/real-path.js';
import { usageError } from '../engine/contract.js';

/** The folders an MCP server may read and write in, by their real paths: nothing outside them is touched. */
export interface Roots {
  /** Real paths, in the order given; the first is where relative paths start. */
  readonly folders: readonly string[];
  /**
   * The real path of `path` (relative to the first root) when it lies inside a root, else null:
   * a first look, for a clear refusal. What was opened is checked again (`bound`), since the path
   * may be swapped for a link between this look and the opening.
   */
  inside(path: string): string | null;
  /** The roots as the bound of what is read and written: a real path inside one of them. */
  readonly bound: FolderBound;
}

/** The roots as given (default: the working directory), each an existing folder, else a usage error. */
export function createRoots(given: readonly string[], cwd: string): Roots {
  const folders = (given.length === 0 ? [cwd] : given).map((folder) => {
    const absolute = resolve(cwd, folder);
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      throw usageError('INVALID_ARGUMENT', `--root ${folder} does not exist; give a folder the server may read`);
    }
    if (!statSync(real).isDirectory()) throw usageError('NOT_A_DIRECTORY', `--root ${folder} is not a folder`);
    return real;
  });
  const first = folders[0] as string;
  return {
    folders,
    bound: foldersBound(folders, 'the folders this server may read'),
    inside(path) {
      const real = realPathOf(resolve(first, path));
      return folders.some((folder) => isWithinFolder(real, folder)) ? real : null;
    },
  };
}

/**
 * The real path of `path`, links followed; for a path that does not exist yet (a file to write),
 * the real path of its nearest existing folder with the rest appended, so that a link on the way
 * cannot lead out of a root either.
 */
function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolve(realPathOf(parent), relative(parent, path));
  }
}

/** Whether the real path `path` is `folder` itself or lies below it. */
export function isWithinFolder(path: string, folder: string): boolean {
  return isWithin(Buffer.from(path), Buffer.from(folder));
}
