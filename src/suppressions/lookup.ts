import { dirname, relative, resolve, sep } from 'node:path';
import { boundaryText, lookupBoundary } from '../common/lookup-boundary.js';
import { fileFinder } from '../common/walk-up.js';
import { readDocument } from '../load/document.js';
import { SUPPRESSIONS_FILE_NAME, type Suppressions, SuppressionsError, validateSuppressions } from './file.js';

/** A suppressions file as a run uses it: read and checked once, or not there yet (to be written). */
export interface SuppressionsFile {
  /** Absolute. */
  path: string;
  /** Relative to the working directory, with forward slashes: how messages and the envelope name it. */
  shown: string;
  /** --suppressions, found walking up from a spec's folder (or the working directory), or new: the default name in the working directory. */
  source: 'flag' | 'walk-up' | 'new';
  exists: boolean;
  entries: Suppressions;
}

export interface SuppressionsLookup {
  /** The file that holds the baseline of the spec at the absolute `spec`, or null when there is none. */
  forSpec(spec: string): SuppressionsFile | null;
  /** Where a baseline is written for a spec that has none yet: the default name in the working directory. */
  fresh(): SuppressionsFile;
  /**
   * Notes that no earlier call returned, each file once: the baseline a walk up found (which, unlike
   * one named by --suppressions, the user may not know is there), and one it ignored above where
   * the walk stops.
   */
  takeNotes(): string[];
}

const MAX_SUPPRESSIONS_BYTES = 64 * 1024 * 1024;

/**
 * --suppressions FILE for every spec, wherever it is (read at once: a broken file throws here, a
 * missing one is a SuppressionsError unless the run writes it); else, per spec, the nearest
 * investigation-suppressions.json walking up from its folder, then from the working directory, as
 * configuration is found: never above the boundary (lookup-boundary.ts), and with a note.
 */
export function createSuppressionsLookup(
  flag: string | undefined,
  cwd: string,
  options: { writing: boolean; roots?: readonly string[] },
): SuppressionsLookup {
  const byPath = new Map<string, SuppressionsFile>();
  const load = (path: string, source: SuppressionsFile['source']): SuppressionsFile => {
    let file = byPath.get(path);
    if (file === undefined) byPath.set(path, (file = readSuppressions(path, source, cwd, options.writing || source === 'new')));
    return file;
  };
  if (flag !== undefined) {
    const pinned = load(resolve(cwd, flag), 'flag');
    return { forSpec: () => pinned, fresh: () => pinned, takeNotes: () => [] };
  }
  const nearest = fileFinder([SUPPRESSIONS_FILE_NAME], lookupBoundary(cwd, options.roots));
  const noted = new Set<string>();
  let notes: string[] = [];
  const note = (file: string, text: (shown: string) => string): void => {
    if (noted.has(file)) return;
    noted.add(file);
    notes.push(text(shownPath(file, cwd)));
  };
  return {
    forSpec(spec) {
      const start = dirname(spec);
      const own = nearest(start);
      const fallback = own.file === null ? nearest(cwd) : null;
      const found = own.file ?? fallback?.file ?? null;
      for (const walk of [own, fallback]) {
        if (walk?.beyond == null || walk.boundary === null || walk.beyond === found) continue;
        const where = boundaryText(walk.boundary, relative(cwd, walk.boundary.folder).split(sep).join('/') || '.');
        note(walk.beyond, (shown) => `ignored baseline ${shown}: it lies above ${where}; name it with --suppressions ${shown} to use it`);
      }
      if (found === null) return null;
      const from = own.file === null || start === resolve(cwd) ? 'the working directory' : shownPath(start, cwd);
      note(found, (shown) => `using baseline ${shown}, found by walking up from ${from}; pin it with --suppressions ${shown}`);
      return load(found, 'walk-up');
    },
    fresh: () => load(resolve(cwd, SUPPRESSIONS_FILE_NAME), 'new'),
    takeNotes() {
      const taken = notes;
      notes = [];
      return taken;
    },
  };
}

/** The key of a spec in its suppressions file: its path relative to the file's folder, with forward slashes. */
export function specKey(file: SuppressionsFile, spec: string): string {
  return relative(dirname(file.path), spec).split(sep).join('/');
}

/** A path as messages and the envelope show it: relative to the working directory, with forward slashes. */
function shownPath(path: string, cwd: string): string {
  return (relative(cwd, path) || path).split(sep).join('/');
}

function readSuppressions(path: string, source: SuppressionsFile['source'], cwd: string, mayBeMissing: boolean): SuppressionsFile {
  const shown = shownPath(path, cwd);
  const where = source === 'flag' ? `--suppressions ${shown}` : `suppressions file ${shown}`;
  const parsed = readDocument(path, {
    maxBytes: MAX_SUPPRESSIONS_BYTES,
    format: 'json',
    notAnObject: () => 'a suppressions file holds an object that maps spec paths to rule counts',
  });
  if (!parsed.ok && parsed.problem.subcode === 'NOT_FOUND') {
    if (mayBeMissing) return { path, shown, source, exists: false, entries: Object.create(null) };
    throw new SuppressionsError('SUPPRESSIONS_NOT_FOUND', `${where}: ${parsed.problem.message}; write one with --suppress-all`);
  }
  if (!parsed.ok) throw new SuppressionsError('INVALID_SUPPRESSIONS', `${where}: ${parsed.problem.message}`);
  return { path, shown, source, exists: true, entries: validateSuppressions(parsed.data, where) };
}
