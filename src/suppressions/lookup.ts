import { dirname, relative, resolve, sep } from 'node:path';
import { nearestFileFinder } from '../common/walk-up.js';
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
}

const MAX_SUPPRESSIONS_BYTES = 64 * 1024 * 1024;

/**
 * --suppressions FILE for every spec (read at once: a broken file throws here, a missing one is a
 * SuppressionsError unless the run writes it); else, per spec, the nearest
 * investigation-suppressions.json walking up from its folder, then from the working directory,
 * as configuration is found.
 */
export function createSuppressionsLookup(flag: string | undefined, cwd: string, options: { writing: boolean }): SuppressionsLookup {
  const byPath = new Map<string, SuppressionsFile>();
  const load = (path: string, source: SuppressionsFile['source']): SuppressionsFile => {
    let file = byPath.get(path);
    if (file === undefined) byPath.set(path, (file = readSuppressions(path, source, cwd, options.writing || source === 'new')));
    return file;
  };
  if (flag !== undefined) {
    const pinned = load(resolve(cwd, flag), 'flag');
    return { forSpec: () => pinned, fresh: () => pinned };
  }
  const nearest = nearestFileFinder([SUPPRESSIONS_FILE_NAME]);
  return {
    forSpec(spec) {
      const found = nearest(dirname(spec)) ?? nearest(cwd);
      return found === null ? null : load(found, 'walk-up');
    },
    fresh: () => load(resolve(cwd, SUPPRESSIONS_FILE_NAME), 'new'),
  };
}

/** The key of a spec in its suppressions file: its path relative to the file's folder, with forward slashes. */
export function specKey(file: SuppressionsFile, spec: string): string {
  return relative(dirname(file.path), spec).split(sep).join('/');
}

function readSuppressions(path: string, source: SuppressionsFile['source'], cwd: string, mayBeMissing: boolean): SuppressionsFile {
  const shown = (relative(cwd, path) || path).split(sep).join('/');
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
