import { dirname, relative, resolve, sep } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import type { FolderBound } from '../common/folder-bound.js';
import { boundaryText, lookupBoundary } from '../common/lookup-boundary.js';
import { sha256Hex } from '../common/sha256.js';
import { fileFinder } from '../common/walk-up.js';
import { parseDocument } from '../load/document.js';
import type { InputErrorSubcode } from '../load/input-error.js';
import { decodeUtf8 } from '../load/parse.js';
import { DEFAULT_MAX_BYTES, readInput } from '../load/read-input.js';
import { LineIndex } from '../load/text-position.js';
import { SUPPRESSIONS_FILE_NAME, Suppressions, SuppressionsError, validateSuppressions } from './file.js';
import { scanSuppressions } from './scan.js';

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
  /** The SHA-256 of the file's bytes, when it exists. */
  sha256?: string;
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

/** How a run finds and reads its baselines. */
export interface LookupOptions {
  /** The run writes the baseline (--suppress-all, --suppress-rule, --prune-suppressions): a missing file is no error. */
  writing: boolean;
  /** The walk up never goes above these folders (the MCP server's roots). */
  roots?: readonly string[];
  /** Read a suppressions file only if what is opened lies inside (LINK_OUT otherwise). */
  inside?: FolderBound;
  /** How messages name the way to give a baseline: --suppressions unless the caller has another (an MCP argument). */
  pin?: string;
}

const MIB = 1024 * 1024;

/**
 * The largest suppressions file read: 64 MiB, some two million entries written compactly, or a
 * million as --suppress-all writes them; read by the scan, a baseline that size peaks at about
 * 550 MB. (README, "Baselines", has the figures.)
 */
const MAX_SUPPRESSIONS_BYTES = 64 * MIB;

/**
 * The largest suppressions file the general reader (JSON.parse and the document's objects) reads
 * when the scan cannot: a spec's own default limit, where that reader peaks at about 600 MB.
 * Larger files must have the form the tool writes.
 */
const MAX_GENERAL_READ = DEFAULT_MAX_BYTES;

/**
 * --suppressions FILE for every spec, wherever it is (read at once: a broken file throws here, a
 * missing one is a SuppressionsError unless the run writes it); else, per spec, the nearest
 * investigation-suppressions.json walking up from its folder, then from the working directory, as
 * configuration is found: never above the boundary (lookup-boundary.ts), and with a note.
 */
export function createSuppressionsLookup(flag: string | undefined, cwd: string, options: LookupOptions): SuppressionsLookup {
  const byPath = new Map<string, SuppressionsFile>();
  const pin = options.pin ?? '--suppressions';
  const load = (path: string, source: SuppressionsFile['source']): SuppressionsFile => {
    let file = byPath.get(path);
    if (file === undefined) byPath.set(path, (file = readSuppressions(path, source, cwd, options.writing || source === 'new', options)));
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
        note(walk.beyond, (shown) => `ignored baseline ${shown}: it lies above ${where}; name it with ${pin} ${shown} to use it`);
      }
      if (found === null) return null;
      const from = own.file === null || start === resolve(cwd) ? 'the working directory' : shownPath(start, cwd);
      note(found, (shown) => `using baseline ${shown}, found by walking up from ${from}; pin it with ${pin} ${shown}`);
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

/**
 * Reads a suppressions file within MAX_SUPPRESSIONS_BYTES: the usual shape by the fast scan, and
 * anything else by the general reader, which names its problems.
 */
function readSuppressions(
  path: string,
  source: SuppressionsFile['source'],
  cwd: string,
  mayBeMissing: boolean,
  { inside, pin = '--suppressions' }: Pick<LookupOptions, 'inside' | 'pin'>,
): SuppressionsFile {
  const shown = shownPath(path, cwd);
  const where = source === 'flag' ? `${pin} ${shown}` : `suppressions file ${shown}`;
  const read = readText(path, inside);
  if (!read.ok && read.subcode === 'NOT_FOUND') {
    if (mayBeMissing) return { path, shown, source, exists: false, entries: new Suppressions() };
    throw new SuppressionsError('SUPPRESSIONS_NOT_FOUND', `${where}: ${read.message}; write one with --suppress-all`);
  }
  if (!read.ok) throw new SuppressionsError('INVALID_SUPPRESSIONS', `${where}: ${read.message}`);
  const scanned = scanSuppressions(read.text);
  const { sha256 } = read;
  if ('read' in scanned) return { path, shown, source, exists: true, entries: scanned.read, sha256 };
  if ('problems' in scanned) throw scanned.problems.error(where);
  if (read.text.length > MAX_GENERAL_READ) {
    const { line, column } = new LineIndex(read.text).position(scanned.unusual.offset);
    throw new SuppressionsError(
      'INVALID_SUPPRESSIONS',
      `${where}: at line ${line}, column ${column}, expected ${scanned.unusual.expected}: a suppressions file over ${MAX_GENERAL_READ / MIB} MiB is read only in the form --suppress-all writes ({"spec": {"rule": {"count": N}}}, in any JSON layout)`,
    );
  }
  const parsed = parseDocument(read.text, {
    format: 'json',
    notAnObject: () => 'a suppressions file holds an object that maps spec paths to rule counts',
  });
  if (!parsed.ok) throw new SuppressionsError('INVALID_SUPPRESSIONS', `${where}: ${parsed.problem.message}`);
  return { path, shown, source, exists: true, entries: validateSuppressions(parsed.data, where), sha256 };
}

/** The file's text, decoded from UTF-8; its bytes are let go before the text is read, so that the two are not held together. */
function readText(
  path: string,
  inside: FolderBound | undefined,
): { ok: true; text: string; sha256: string } | { ok: false; subcode: InputErrorSubcode; message: string } {
  const read = readInput(path, {
    maxBytes: MAX_SUPPRESSIONS_BYTES,
    limitNote: 'a suppressions file holds at most 64 MiB',
    ...definedFields({ inside }),
  });
  if (!read.ok) return read;
  const sha256 = sha256Hex(read.bytes);
  const decoded = decodeUtf8(read.bytes);
  return decoded.ok ? { ...decoded, sha256 } : { ok: false, subcode: decoded.problem.subcode, message: decoded.problem.message };
}
