import { resolve } from 'node:path';
import { globMatcher } from '../common/glob-pattern.js';
import { statOrNull } from '../common/stat-or-null.js';
import { type DirectoryReader, type Discovery, type FileNameFilter, findFixtures } from '../regression/discover.js';
import { GLOB_CHARACTERS } from './glob-syntax.js';

/**
 * The files a quoted glob matches, expanded here so that every shell gives the same list: the walk
 * of the glob's folder (its leading segments without glob characters, such as "specs" in
 * "specs/**\/*.yaml") that a folder argument gets, narrowed to the paths the rest of the pattern
 * matches. So a glob and a folder agree on everything but the pattern: hidden entries and
 * node_modules are not walked, links follow the folder's policy (one out of the glob's folder is
 * skipped and reported, where the pattern would have reached it), a folder that cannot be listed is
 * reported, and names that are not UTF-8 can be opened. The pattern is the one glob syntax of the
 * tool (globMatcher: also that of ignores and trace policies); folders no match can lie in are not
 * entered. `folder` is the glob's folder, absolute; a glob whose folder does not exist matches
 * nothing. `reader` lists folders (findFixtures').
 */
export function expandGlob(
  pattern: string,
  cwd: string,
  accept?: FileNameFilter,
  reader?: DirectoryReader,
): Discovery & { folder: string } {
  const { base, rest } = splitPattern(pattern);
  const folder = resolve(cwd, base);
  const matcher = globMatcher(rest);
  if (matcher === undefined || statOrNull(folder)?.isDirectory() !== true) return { files: [], unreadable: [], skippedLinks: [], folder };
  const scope = { enters: matcher.mayContain, takes: matcher };
  return { ...findFixtures([folder], reader, accept, scope), folder };
}

/**
 * The pattern's leading segments that hold no glob character (the folder it searches) and the
 * segments from the first that holds one (what is matched below that folder).
 */
function splitPattern(pattern: string): { base: string; rest: string } {
  const segments = pattern.split('/');
  const first = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  const fixed = first < 0 ? segments.length - 1 : first;
  const base = segments.slice(0, fixed).join('/');
  return { base: base === '' ? (pattern.startsWith('/') ? '/' : '.') : base, rest: segments.slice(fixed).join('/') };
}
