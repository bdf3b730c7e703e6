import { lstatSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { isWithin, realPathOrNull } from '../common/real-path.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { isSpecFileName, type SkippedLink } from '../regression/discover.js';
import { GLOB_CHARACTERS } from './glob-syntax.js';

/**
 * The spec files a quoted glob matches, as absolute paths in code-unit order, expanded here so
 * that every shell gives the same list. Links follow the folder walk's policy, with the glob's
 * folder (its leading segments without glob characters, such as "specs" in "specs/**\/*.yaml") as
 * the folder given: a link to a file inside it is followed, a link that leads outside is skipped
 * and returned in `skippedLinks`, and files reached through a link to a folder are not listed (the
 * glob reaches those inside anyway, so nothing is listed twice). `folder` is that folder, absolute.
 */
export function expandGlob(pattern: string, cwd: string): { files: string[]; skippedLinks: SkippedLink[]; folder: string } {
  const base = resolve(cwd, globBase(pattern));
  const realBase = realPathOrNull(base);
  const linkOf = linkFinder(base);
  const files: string[] = [];
  const skipped = new Map<string, SkippedLink>();
  const matches = globSync(pattern, { cwd, onlyFiles: true, dot: false, ignore: ['**/node_modules/**'], expandDirectories: false })
    .filter((match) => isSpecFileName(basename(match)))
    .map((match) => resolve(cwd, match))
    .sort(compareStrings);
  for (const path of matches) {
    const link = linkOf(path);
    if (link === null) {
      files.push(path);
      continue;
    }
    // Judged by where the link itself leads: a folder link inside is merely not followed.
    const real = realPathOrNull(link);
    if (realBase !== null && real !== null && isWithin(real, realBase)) {
      if (link === path) files.push(path);
    } else if (!skipped.has(link)) {
      skipped.set(link, { path: link, text: link, root: base });
    }
  }
  return { files, skippedLinks: [...skipped.values()], folder: base };
}

/** The leading segments of a pattern that hold no glob character: the folder the glob searches. */
function globBase(pattern: string): string {
  const segments = pattern.split('/');
  const fixed = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  const base = segments.slice(0, fixed < 0 ? segments.length : fixed).join('/');
  return base === '' ? (pattern.startsWith('/') ? '/' : '.') : base;
}

/**
 * For a path below `base`: the first symbolic link on the way down from `base` (a folder, or the
 * file itself), or null. Folders are looked at once, however many files lie below them.
 */
function linkFinder(base: string): (path: string) => string | null {
  const folders = new Map<string, string | null>();
  const isLink = (path: string): boolean => {
    try {
      return lstatSync(path).isSymbolicLink();
    } catch {
      return false;
    }
  };
  const folderLink = (folder: string): string | null => {
    if (folder === base || !folder.startsWith(base) || dirname(folder) === folder) return null;
    let link = folders.get(folder);
    if (link === undefined) {
      link = folderLink(dirname(folder)) ?? (isLink(folder) ? folder : null);
      folders.set(folder, link);
    }
    return link;
  };
  return (path) => folderLink(dirname(path)) ?? (isLink(path) ? path : null);
}
