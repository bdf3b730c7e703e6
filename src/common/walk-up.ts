import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The nearest regular file named one of `names` in `start` or a folder above it, as .editorconfig
 * and markdownlint-cli2 find theirs; in one folder the names are tried in order. Null when none is.
 */
export function nearestFile(start: string, names: readonly string[]): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    for (const name of names) {
      const candidate = join(dir, name);
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    if (dirname(dir) === dir) return null;
  }
}

/** nearestFile for many starting folders of one run, each folder's answer found once. */
export function nearestFileFinder(names: readonly string[]): (folder: string) => string | null {
  const byFolder = new Map<string, string | null>();
  return (folder) => {
    let found = byFolder.get(folder);
    if (found === undefined) byFolder.set(folder, (found = nearestFile(folder, names)));
    return found;
  };
}
