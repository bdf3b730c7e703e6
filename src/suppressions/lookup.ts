import { dirname, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayFolder, displayPath, shownPath } from '../common/display-path.js';
import type { FolderBound } from '../common/folder-bound.js';
import { type Boundary, boundaryBound, boundaryText, lookupBoundary } from '../common/lookup-boundary.js';
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
  /**
   * For a file the user did not name (found walking up, or new): the folder where lookup stops,
   * which it was read inside and which a rewrite of it must not leave through a link.
   */
  inside?: FolderBound;
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
  /**
   * Read the file --suppressions names only if what is opened lies inside (LINK_OUT otherwise); a
   * file found walking up is always read only inside the folder where that walk stops.
   */
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
 * configuration is found: never above the boundary (lookup-boundary.ts), and with a note. A file
 * found, or the new one, is read (and later written) only inside that boundary: a link out of it is
 * a SuppressionsError, never skipped for a file further up.
 */
export function createSuppressionsLookup(flag: string | undefined, cwd: string, options: LookupOptions): SuppressionsLookup {
  const byPath = new Map<string, SuppressionsFile>();
  const pin = options.pin ?? '--suppressions';
  // A path has one boundary, whichever start found it: the nearest repository top (or root, or
  // working directory) above its folder; so one file is read once, whatever its source.
  const load = (path: string, source: SuppressionsFile['source'], boundary: Boundary | null): SuppressionsFile => {
    let file = byPath.get(path);
    if (file === undefined) {
      const bounded = boundary === null ? null : boundaryBound(boundary, displayFolder(boundary.folder, cwd), options.roots);
      const reading = { pin, inside: bounded ?? options.inside, linkOut: bounded !== null };
      byPath.set(path, (file = readSuppressions(path, source, cwd, options.writing || source === 'new', reading)));
    }
    return file;
  };
  if (flag !== undefined) {
    const pinned = load(resolve(cwd, flag), 'flag', null);
    return { forSpec: () => pinned, fresh: () => pinned, takeNotes: () => [] };
  }
  const boundaryOf = lookupBoundary(cwd, options.roots);
  const nearest = fileFinder([SUPPRESSIONS_FILE_NAME], boundaryOf);
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
      const walk = own.file !== null ? own : fallback;
      const found = walk?.file ?? null;
      for (const each of [own, fallback]) {
        if (each?.beyond == null || each.boundary === null || each.beyond === found) continue;
        const where = boundaryText(each.boundary, displayFolder(each.boundary.folder, cwd));
        note(each.beyond, (shown) => `ignored baseline ${shown}: it lies above ${where}; name it with ${pin} ${shown} to use it`);
      }
      if (walk?.boundary == null || found === null) return null;
      const from = own.file === null || start === resolve(cwd) ? 'the working directory' : shownPath(start, cwd);
      note(found, (shown) => `using baseline ${shown}, found by walking up from ${from}; pin it with ${pin} ${shown}`);
      return load(found, 'walk-up', walk.boundary);
    },
    // Where the working directory's own walk stops, which a run outside the servers always has.
    fresh: () => load(resolve(cwd, SUPPRESSIONS_FILE_NAME), 'new', boundaryOf(cwd)),
    takeNotes() {
      const taken = notes;
      notes = [];
      return taken;
    },
  };
}

/** The key of a spec in its suppressions file: its path relative to the file's folder, with forward slashes. */
export function specKey(file: SuppressionsFile, spec: string): string {
  return displayPath(spec, dirname(file.path));
}

/** How a suppressions file is read: the argument that names one, the folder it must lie in, and whether a link out is told as a file found walking up. */
interface Reading {
  pin: string;
  inside: FolderBound | undefined;
  /** The file was found walking up (or is the new one): a link out says it must be the project's own. */
  linkOut: boolean;
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
  { inside, pin, linkOut }: Reading,
): SuppressionsFile {
  const shown = shownPath(path, cwd);
  const where = source === 'flag' ? `${pin} ${shown}` : `suppressions file ${shown}`;
  const bound = linkOut ? definedFields({ inside }) : {};
  const read = readText(path, inside);
  if (!read.ok && read.subcode === 'NOT_FOUND') {
    if (mayBeMissing) return { path, shown, source, exists: false, entries: new Suppressions(), ...bound };
    throw new SuppressionsError('SUPPRESSIONS_NOT_FOUND', `${where}: ${read.message}; write one with --suppress-all`);
  }
  if (!read.ok && read.subcode === 'LINK_OUT' && linkOut && inside !== undefined)
    throw new SuppressionsError(
      'INVALID_SUPPRESSIONS',
      `baseline ${shown} is a symbolic link out of ${inside.shown}; not read: a baseline found by walking up must be a file of the project (replace the link with the file, or name it with ${pin} to use it)`,
    );
  if (!read.ok) throw new SuppressionsError('INVALID_SUPPRESSIONS', `${where}: ${read.message}`);
  const scanned = scanSuppressions(read.text);
  const { sha256 } = read;
  if ('read' in scanned) return { path, shown, source, exists: true, entries: scanned.read, sha256, ...bound };
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
  return { path, shown, source, exists: true, entries: validateSuppressions(parsed.data, where), sha256, ...bound };
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
