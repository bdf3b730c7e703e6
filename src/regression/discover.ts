import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { RegressionUsageError } from './errors.js';
import { SPEC_EXTENSIONS } from './paths.js';

/** Files beside a spec that belong to it and are never specs themselves. */
const SIDE_FILE_SUFFIXES: readonly string[] = ['.expect.json', '.expect.yaml', '.expect.yml', '.report.json', '.report.md'];
const CONFIG_FILES: ReadonlySet<string> = new Set(['investigation.config.json', 'investigation.config.yaml', 'investigation.config.yml']);

/** Whether a file name is a fixture spec: .json, .yaml or .yml, and neither a side file nor a config file. */
export function isSpecFileName(name: string): boolean {
  const lower = name.toLowerCase();
  if (!SPEC_EXTENSIONS.some((extension) => lower.endsWith(extension))) return false;
  if (SIDE_FILE_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return false;
  return !CONFIG_FILES.has(lower);
}

/**
 * Every fixture spec under the given folders, as absolute paths, without duplicates, sorted by
 * path with a code-unit comparison, so that every file system and locale gives the same list.
 * Folders are searched recursively, skipping node_modules and hidden entries (names starting with
 * "."); symbolic links to files are followed, to folders not (no cycles). An argument that is a
 * spec file itself is taken as it is. A missing path, or a file that is not a spec, throws a
 * RegressionUsageError.
 */
export function discoverFixtures(dirs: readonly string[]): string[] {
  const found = new Set<string>();
  for (const dir of dirs) {
    const root = resolve(dir);
    const stats = statOrNull(root);
    if (stats === null) throw new RegressionUsageError('NOT_FOUND', `${dir} does not exist; give a folder of fixtures`);
    if (stats.isDirectory()) {
      walk(root, found);
    } else if (stats.isFile() && isSpecFileName(basename(root))) {
      found.add(root);
    } else {
      throw new RegressionUsageError('NOT_A_FIXTURE', `${dir} is not a folder or a fixture spec (.json, .yaml or .yml); give a folder of fixtures`);
    }
  }
  return [...found].sort((a, b) => compareStrings(portable(a), portable(b)));
}

function walk(folder: string, found: Set<string>): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new RegressionUsageError('NOT_FOUND', `${folder} cannot be read (${code})`);
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      walk(path, found);
    } else if (isSpecFileName(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && statOrNull(path)?.isFile() === true))) {
      found.add(path);
    }
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** Sort key: the same separators on every platform. */
function portable(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
