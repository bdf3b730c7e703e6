import { existsSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import type { FoundPath } from './discover.js';
import { expectationCandidates } from './expectation.js';

/** The specs that are fixtures, and the folders left out as holding none. */
export interface FixtureFolders {
  files: FoundPath[];
  /** Absolute folders, sorted, whose specs were not taken as fixtures. */
  skipped: string[];
}

/**
 * Which found specs are fixtures. A folder none of whose specs has an expectation (such as a
 * folder of brief artifacts beside the suite) is no fixture folder when the folder given holds
 * expectations elsewhere; a folder given that holds none at all is a new suite, taken whole so that
 * --update can write its expectations; a spec named on the command line is always a fixture.
 */
export function selectFixtureFolders(files: readonly FoundPath[], given: readonly string[]): FixtureFolders {
  const roots = given.map((dir) => resolve(dir));
  const withExpectations = new Set<string>();
  for (const file of files) {
    if (expectationCandidates(file.path).some((candidate) => existsSync(candidate.file))) withExpectations.add(dirname(file.text));
  }
  const inside = (folder: string, root: string): boolean => folder === root || folder.startsWith(root.endsWith(sep) ? root : root + sep);
  const suites = roots.filter((root) => [...withExpectations].some((folder) => inside(folder, root)));
  const skipped = new Set<string>();
  const kept = files.filter((file) => {
    const folder = dirname(file.text);
    if (withExpectations.has(folder) || roots.includes(file.text)) return true;
    if (!suites.some((root) => inside(folder, root))) return true;
    skipped.add(folder);
    return false;
  });
  return { files: kept, skipped: [...skipped].sort() };
}
