import { type Dirent, readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { forwardSlashes } from '../common/display-path.js';
import { joinRawPath, pathText, type RawPath, rawPathFromBytes } from '../common/raw-path.js';
import { isWithin, realPathOrNull } from '../common/real-path.js';
import { statOrNull } from '../common/stat-or-null.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { SUPPRESSIONS_FILE_NAME } from '../suppressions/file.js';
import { RegressionUsageError } from './errors.js';
import { SPEC_EXTENSIONS } from './paths.js';

/** Files beside a spec that belong to it and are never specs themselves. */
const SIDE_FILE_SUFFIXES: readonly string[] = ['.expect.json', '.expect.yaml', '.expect.yml', '.report.json', '.report.md'];
/** The tool's own files, which may lie among specs: configuration and the baseline. */
const TOOL_FILES: ReadonlySet<string> = new Set([
  'investigation.config.json',
  'investigation.config.yaml',
  'investigation.config.yml',
  SUPPRESSIONS_FILE_NAME,
]);

/** Whether a file name is a fixture spec: .json, .yaml or .yml, and neither a side file nor a configuration or suppressions file. */
export function isSpecFileName(name: string): boolean {
  const lower = name.toLowerCase();
  if (!SPEC_EXTENSIONS.some((extension) => lower.endsWith(extension))) return false;
  if (SIDE_FILE_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return false;
  return !TOOL_FILES.has(lower);
}

/** Whether a file name is a spec or a JSON report (`<name>.report.json`): what `compare` reads from a folder. */
export function isSpecOrReportFileName(name: string): boolean {
  return isSpecFileName(name) || name.toLowerCase().endsWith('.report.json');
}

/** Which file names a walk takes: specs (isSpecFileName) by default. */
export type FileNameFilter = (name: string) => boolean;

/** A file or folder found by the walk: what to open, and how to show it. */
export interface FoundPath {
  /** The absolute path to open: its raw bytes when a name on the way is not UTF-8. */
  path: RawPath;
  /** The absolute path as text, invalid bytes as U+FFFD: for messages and sorting, never for opening. */
  text: string;
}

/** A folder whose entries could not be listed, with the file system's error code. */
export interface UnreadableFolder extends FoundPath {
  code: string;
}

/** A symbolic link that was not followed because it leads outside the folder given. */
export interface SkippedLink extends FoundPath {
  /** The folder given, as text: the link leads out of it. */
  root: string;
}

export interface Discovery {
  /** Spec files, sorted by their text with a code-unit comparison, without duplicates. */
  files: FoundPath[];
  /** Folders that could not be read: each is an input error of its own, and the walk goes on. */
  unreadable: UnreadableFolder[];
  /** Links out of the folders given, in the order found: each is worth a warning. */
  skippedLinks: SkippedLink[];
}

/**
 * A narrower walk, a glob's: which folders below the folder given it enters and which files it
 * takes, each named by its path relative to that folder with "/" separators. A link out of the
 * folder is reported only where the walk would have entered or taken it.
 */
export interface WalkScope {
  enters(folder: string): boolean;
  takes(file: string): boolean;
}

/** How folders are listed; tests replace it to make a folder unreadable where permissions cannot (as root). */
export type DirectoryReader = (folder: RawPath) => Array<Dirent<Buffer>>;

const readDirectory: DirectoryReader = (folder) => readdirSync(folder, { withFileTypes: true, encoding: 'buffer' });

/**
 * findFixtures for callers that know their folders (the test suite): the files' absolute paths as
 * text (a name that is not UTF-8 shows U+FFFD and cannot be opened from it), and a
 * RegressionUsageError for a folder that cannot be read. The CLI uses findFixtures.
 */
export function discoverFixtures(dirs: readonly string[]): string[] {
  const { files, unreadable } = findFixtures(dirs);
  const [first] = unreadable;
  if (first !== undefined) throw new RegressionUsageError('NOT_FOUND', `${first.text} cannot be read (${first.code})`);
  return files.map((file) => file.text);
}

/**
 * Every fixture spec under the given folders, as absolute paths, without duplicates, sorted by
 * path with a code-unit comparison, so that every file system and locale gives the same list.
 *
 * Folders are searched recursively, skipping node_modules and hidden entries (names starting with
 * "."). Names are read as bytes, so a file whose name is not UTF-8 can still be opened. A symbolic
 * link to a file is followed when its real path lies inside the real path of the folder given; a
 * link that leads outside is skipped and listed in `skippedLinks`, so that a folder of specs
 * cannot make the tool read (and quote) /etc/passwd. Links to folders are not followed (no cycles,
 * no file listed twice): one inside leads to files the walk reaches anyway, and one outside is
 * listed in `skippedLinks`. A folder that cannot be listed is reported in `unreadable`, and the
 * walk goes on with the others.
 *
 * An argument that is a spec file itself is taken as it is, links included: the user named it.
 * A missing path, or a file that is not a spec, throws a RegressionUsageError. `accept` says which
 * file names are taken (`compare` takes JSON reports too); specs by default; `scope` narrows the
 * walk of a folder to a glob's matches.
 */
export function findFixtures(
  dirs: readonly string[],
  reader: DirectoryReader = readDirectory,
  accept: FileNameFilter = isSpecFileName,
  scope?: WalkScope,
): Discovery {
  const found = new Map<string, FoundPath>();
  const discovery: Discovery = { files: [], unreadable: [], skippedLinks: [] };
  for (const dir of dirs) {
    const root = resolve(dir);
    const stats = statOrNull(root);
    if (stats === null) throw new RegressionUsageError('NOT_FOUND', `${dir} does not exist; give a folder of fixtures`);
    if (stats.isDirectory()) {
      const walk: Walk = { root, realRoot: realPathOrNull(root), reader, accept, found, discovery, ...(scope ? { scope } : {}) };
      visit(walk, root, '');
    } else if (stats.isFile() && accept(basename(root))) {
      found.set(keyOf(root), { path: root, text: root });
    } else {
      throw new RegressionUsageError(
        'NOT_A_FIXTURE',
        `${dir} is not a folder or a fixture spec (.json, .yaml or .yml); give a folder of fixtures`,
      );
    }
  }
  discovery.files = [...found.values()].sort(compareFoundPaths);
  discovery.unreadable.sort(compareFoundPaths);
  return discovery;
}

/** The order of findFixtures: code units of the text with "/" separators, then (for names shown alike) the bytes. */
export function compareFoundPaths(a: FoundPath, b: FoundPath): number {
  return compareStrings(portable(a.text), portable(b.text)) || compareStrings(keyOf(a.path), keyOf(b.path));
}

interface Walk {
  root: string;
  /** Null when the root cannot be resolved: then no link is followed. */
  realRoot: Buffer | null;
  reader: DirectoryReader;
  accept: FileNameFilter;
  found: Map<string, FoundPath>;
  discovery: Discovery;
  scope?: WalkScope;
}

/** Lists `folder`, which lies at `below` (relative, "/" separators, "" for the root) in the folder given. */
function visit(walk: Walk, folder: RawPath, below: string): void {
  let entries: Array<Dirent<Buffer>>;
  try {
    entries = walk.reader(folder);
  } catch (error) {
    walk.discovery.unreadable.push({
      path: folder,
      text: pathText(folder),
      code: (error as NodeJS.ErrnoException).code ?? 'unknown error',
    });
    return;
  }
  for (const entry of entries) {
    const name = pathText(entry.name);
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = joinRawPath(folder, rawPathFromBytes(entry.name));
    const relative = below === '' ? name : `${below}/${name}`;
    if (entry.isDirectory()) {
      if (walk.scope?.enters(relative) ?? true) visit(walk, path, relative);
    } else if (entry.isFile()) {
      if (walk.accept(name) && (walk.scope?.takes(relative) ?? true)) walk.found.set(keyOf(path), { path, text: pathText(path) });
    } else if (entry.isSymbolicLink()) {
      visitLink(walk, path, name, relative);
    }
  }
}

function visitLink(walk: Walk, path: RawPath, name: string, relative: string): void {
  const stats = statOrNull(path);
  // A dangling link or a loop leads nowhere; a link to anything but a spec file or a folder is no candidate.
  if (stats === null || !(stats.isDirectory() || (stats.isFile() && walk.accept(name)))) return;
  if (walk.scope !== undefined && !(stats.isDirectory() ? walk.scope.enters(relative) : walk.scope.takes(relative))) return;
  const real = realPathOrNull(path);
  if (walk.realRoot === null || real === null || !isWithin(real, walk.realRoot)) {
    walk.discovery.skippedLinks.push({ path, text: pathText(path), root: walk.root });
  } else if (stats.isFile()) {
    walk.found.set(keyOf(path), { path, text: pathText(path) });
  }
}

/** Identity of a path: its bytes, since two names that are not UTF-8 may show alike. */
function keyOf(path: RawPath): string {
  return Buffer.from(path).toString('latin1');
}

/** Sort key: the same separators on every platform. */
function portable(path: string): string {
  return forwardSlashes(path);
}
