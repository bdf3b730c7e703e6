import { dirname, join, resolve } from 'node:path';
import type { Boundary, BoundaryOf } from './lookup-boundary.js';
import { statOrNull } from './stat-or-null.js';

/** What a walk up from one folder found. */
export interface WalkUp {
  /** The nearest regular file named one of the names, in the start folder or above it up to the boundary; null when none is. */
  file: string | null;
  /** Where the walk stopped; null when it could look nowhere. */
  boundary: Boundary | null;
  /**
   * When `file` is null: the nearest such file above the boundary, which a walk to the file
   * system's root would have taken. It is never used, only named in a note.
   */
  beyond: string | null;
}

/**
 * Walks up from each starting folder of one run to the nearest regular file named one of `names`,
 * as .editorconfig is found but never above `boundaryOf`'s folder; in one folder the names are
 * tried in order. Each folder is looked in once, and each start's answer found once.
 */
export function fileFinder(names: readonly string[], boundaryOf: BoundaryOf): (start: string) => WalkUp {
  const inFolder = new Map<string, string | null>();
  const fileIn = (folder: string): string | null => {
    let found = inFolder.get(folder);
    if (found === undefined) {
      found = names.map((name) => join(folder, name)).find((candidate) => statOrNull(candidate)?.isFile() === true) ?? null;
      inFolder.set(folder, found);
    }
    return found;
  };
  const byStart = new Map<string, WalkUp>();
  return (given) => {
    const start = resolve(given);
    let walk = byStart.get(start);
    if (walk === undefined) byStart.set(start, (walk = walkUp(start, boundaryOf(start), fileIn)));
    return walk;
  };
}

function walkUp(start: string, boundary: Boundary | null, fileIn: (folder: string) => string | null): WalkUp {
  if (boundary === null) return { file: null, boundary, beyond: null };
  let above = false;
  for (let folder = start; ; folder = dirname(folder)) {
    const file = fileIn(folder);
    if (file !== null) return above ? { file: null, boundary, beyond: file } : { file, boundary, beyond: null };
    if (folder === boundary.folder) above = true;
    if (dirname(folder) === folder) return { file: null, boundary, beyond: null };
  }
}
