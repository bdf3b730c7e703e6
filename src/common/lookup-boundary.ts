import { dirname, join, resolve } from 'node:path';
import type { FolderBound } from './folder-bound.js';
import { isWithin, realPathOrNull } from './real-path.js';
import { statOrNull } from './stat-or-null.js';

/**
 * The last folder a walk up from a start folder looks in, and what made it the last. A file above
 * it is never used, only named in a note (see walk-up.ts).
 */
export interface Boundary {
  /** Absolute; the start folder or one above it. */
  folder: string;
  /**
   * repository: the nearest folder holding `.git` (a folder, or a file in worktrees and
   * submodules) or `.hg`; working-directory: outside any repository, the working directory, when
   * the start lies in it; start: outside both, the start folder alone; root: the MCP root that
   * holds the start (a repository inside the root stops the walk sooner).
   */
  kind: 'repository' | 'working-directory' | 'start' | 'root';
}

/** Where a walk up from `start` (absolute) stops; null: it may look nowhere (a folder outside every root). */
export type BoundaryOf = (start: string) => Boundary | null;

/** What marks the top folder of a repository, as Prettier finds the project root of an .editorconfig. */
const REPOSITORY_MARKERS = ['.git', '.hg'] as const;

/**
 * Where lookups stop: on the command line (`roots` undefined), at the repository that holds the
 * start, else at the working directory when the start lies in it, else at the start folder; in the
 * MCP server, at the same places but never above the root that holds the start, and nowhere for a
 * folder outside every root. Each folder is asked about its markers once per boundary.
 */
export function lookupBoundary(cwd: string, roots?: readonly string[]): BoundaryOf {
  const marked = new Map<string, boolean>();
  const isRepositoryTop = (folder: string): boolean => {
    let answer = marked.get(folder);
    if (answer === undefined) {
      answer = REPOSITORY_MARKERS.some((marker) => {
        const stats = statOrNull(join(folder, marker));
        return stats !== null && (stats.isDirectory() || stats.isFile());
      });
      marked.set(folder, answer);
    }
    return answer;
  };
  /** The nearest folder from `start` up to `last` (or the file system's root) that holds a repository marker. */
  const repositoryTop = (start: string, last: string | null): string | null => {
    for (let folder = start; ; folder = dirname(folder)) {
      if (isRepositoryTop(folder)) return folder;
      if (folder === last || dirname(folder) === folder) return null;
    }
  };
  const workingDirectory = resolve(cwd);
  if (roots === undefined) {
    return (given) => {
      const start = resolve(given);
      const top = repositoryTop(start, null);
      if (top !== null) return { folder: top, kind: 'repository' };
      return within(start, workingDirectory) ? { folder: workingDirectory, kind: 'working-directory' } : { folder: start, kind: 'start' };
    };
  }
  const folders = roots.map((root) => resolve(root));
  return (given) => {
    const start = resolve(given);
    // The innermost root that holds the start: nested roots never let a walk climb to the outer one.
    const root = folders.filter((folder) => within(start, folder)).sort((a, b) => b.length - a.length)[0];
    if (root === undefined) return null;
    const top = repositoryTop(start, root);
    return top === null ? { folder: root, kind: 'root' } : { folder: top, kind: 'repository' };
  };
}

/** Whether the absolute path `path` is `folder` or lies below it, by name. */
function within(path: string, folder: string): boolean {
  return isWithin(Buffer.from(path), Buffer.from(folder));
}

/** How a note names where a walk stopped; `shown` is the boundary's folder as the note shows paths. */
export function boundaryText(boundary: Boundary, shown: string): string {
  switch (boundary.kind) {
    case 'repository':
      return `the top of its repository (${shown})`;
    case 'working-directory':
      return 'the working directory, where lookup stops outside a repository';
    case 'start':
      return `${shown}, the folder it was looked up from, which lies outside both the working directory and any repository`;
    case 'root':
      return `the server's root ${shown}, and the server reads nothing outside its roots`;
  }
}

/**
 * What a file found by a walk up must lie inside, by what is opened (openedInside) and where it is
 * written: the folder where the walk stopped, by its real path, and in the servers never outside
 * their `roots` (real paths). The walk finds a file by its name in a folder of the project; a
 * committed link out of the project (to a shared /tmp, a home folder) is not the project's file,
 * so it is neither read nor written through. `shown` is the boundary's folder as messages show it.
 */
export function boundaryBound(boundary: Boundary, shown: string, roots?: readonly string[]): FolderBound {
  const real = realPathOrNull(boundary.folder);
  const inRoots =
    roots === undefined ||
    roots.some((root) => {
      const realRoot = realPathOrNull(root);
      return real !== null && realRoot !== null && isWithin(real, realRoot);
    });
  return { reals: real !== null && inRoots ? [real] : [], shown: boundaryName(boundary, shown) };
}

/** How a refusal names the folder a file found by a walk up must stay in; `shown` is the folder as messages show it. */
function boundaryName(boundary: Boundary, shown: string): string {
  switch (boundary.kind) {
    case 'repository':
      return `its repository (${shown})`;
    case 'working-directory':
      return `the working directory (${shown}), where lookup stops outside a repository`;
    case 'start':
      return `${shown}, the folder it was looked up from`;
    case 'root':
      return `the server's root ${shown}`;
  }
}
