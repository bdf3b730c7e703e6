import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { type FolderBound, folderBound, openedInside } from '../common/folder-bound.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import { linkOutMessage } from '../load/read-input.js';
import { displayPath } from './paths.js';

/** Where a fixture's side files (goldens, sidecar, the sidecar's configuration) must lie. */
export interface FixtureBound {
  bound: FolderBound;
  /** Whether the spec itself was found in a folder given (and is bound by it too), rather than named. */
  found: boolean;
}

/**
 * The folder a fixture's side files must lie in: the folder given to `test` that the fixture was
 * found in (the outermost, when folders given nest, so that the order of the arguments changes
 * nothing), or, for a spec named on the command line and in no folder given, the spec's own
 * folder. `roots` are the folders (and specs) given, absolute. A spec named on the command line
 * is read even if it is a link out: the user named it.
 */
export function fixtureBound(file: RawPath, roots: readonly string[], cwd: string): FixtureBound {
  const text = pathText(file);
  const containing = roots.filter((root) => text.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
  const outermost = containing.sort((a, b) => a.length - b.length)[0];
  const folder = outermost ?? dirname(text);
  const named = roots.includes(text);
  return { bound: folderBound(folder, `the fixture folder ${displayPath(folder, cwd) || '.'}`), found: outermost !== undefined && !named };
}

/**
 * A side file's bytes (a golden to compare, or what an update would replace), or why they cannot
 * be had, `shown` first. What was opened is checked, not the path before it: a file that leads out
 * of the fixture folder (a link out, or swapped for one) is refused before a byte of it is read,
 * and the message names the link, not what is outside.
 */
export function readSideFile(path: RawPath, shown: string, inside: FolderBound): { bytes: Buffer } | { problem: string } {
  const opened = openSideFile(path, shown, inside);
  if ('problem' in opened) return opened;
  try {
    return { bytes: readFileSync(opened.descriptor) };
  } catch (error) {
    return { problem: cannotRead(shown, error) };
  } finally {
    closeSync(opened.descriptor);
  }
}

/**
 * A side file read a chunk at a time, for a file that may be large (a fixture's trace): opened
 * and checked as readSideFile does, and a regular file. The chunks throw SideFileError when a
 * read fails; the file is closed at the end.
 */
export function sideFileChunks(path: RawPath, shown: string, inside: FolderBound): { chunks: Iterable<Uint8Array> } | { problem: string } {
  const opened = openSideFile(path, shown, inside);
  if ('problem' in opened) return opened;
  if (!fstatSync(opened.descriptor).isFile()) {
    closeSync(opened.descriptor);
    return { problem: `${shown} is not a regular file` };
  }
  return { chunks: chunksOf(opened.descriptor, shown) };
}

/** A side file's read that failed after it was opened. */
export class SideFileError extends Error {
  override readonly name = 'SideFileError';
}

/** Bytes read at once from a side file read in chunks. */
const CHUNK = 1 << 20;

function* chunksOf(descriptor: number, shown: string): Generator<Uint8Array, void, undefined> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    while (true) {
      let read: number;
      try {
        read = readSync(descriptor, buffer, 0, CHUNK, null);
      } catch (error) {
        throw new SideFileError(cannotRead(shown, error));
      }
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(descriptor);
  }
}

function openSideFile(path: RawPath, shown: string, inside: FolderBound): { descriptor: number } | { problem: string } {
  let descriptor: number;
  try {
    // O_NONBLOCK: a FIFO is read as empty rather than waited on for a writer.
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { problem: cannotRead(shown, error) };
  }
  try {
    if (openedInside(descriptor, path, inside)) return { descriptor };
    closeSync(descriptor);
    return { problem: linkOutMessage(shown, inside) };
  } catch (error) {
    closeSync(descriptor);
    return { problem: cannotRead(shown, error) };
  }
}

function cannotRead(shown: string, error: unknown): string {
  return `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
}
