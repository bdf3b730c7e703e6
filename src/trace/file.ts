// A trace file's bytes, a chunk at a time: a transcript of a gigabyte is read in constant memory.
// Only a regular file on a file system that holds data is read, and never past the size it had
// when it was opened: a device, a FIFO or a file of /proc or /sys (which may never end) is
// refused by what it is, before a byte of it is read.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { type FolderBound, openedInside } from '../common/folder-bound.js';
import { pseudoFileSystemOf } from '../common/pseudo-file-system.js';
import type { RawPath } from '../common/raw-path.js';
import { statOrNull } from '../common/stat-or-null.js';

/** Bytes read at once. */
const CHUNK = 1 << 20;

/** Why a trace file could not be opened, as an input error's subcode. */
export class TraceFileError extends Error {
  override readonly name = 'TraceFileError';

  constructor(
    readonly subcode: 'NOT_FOUND' | 'NOT_A_FILE' | 'UNREADABLE' | 'LINK_OUT',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Opens `path` (a regular file) and returns its bytes as chunks, read as they are asked for, up to
 * the size the file had when opened, and closed at the end. Throws TraceFileError when it cannot
 * be opened, is no regular file or lies on a pseudo file system, or what was opened lies outside
 * one of `within`.
 */
export function traceFileChunks(path: RawPath, shown: string, within: readonly FolderBound[] = []): Iterable<Uint8Array> {
  // Looked at before it is opened: opening a device may itself do something (a tape rewinds).
  const named = statOrNull(path);
  if (named !== null && !named.isFile()) throw notAFile(shown, named);
  let descriptor: number;
  try {
    // Non-blocking, so that a FIFO swapped in is refused below rather than waited on for ever.
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new TraceFileError('NOT_FOUND', `${shown} does not exist`);
    if (code === 'EISDIR') throw new TraceFileError('NOT_A_FILE', `${shown} is a directory, not a trace file`);
    throw new TraceFileError('UNREADABLE', `${shown} cannot be read (${code ?? 'unknown error'})`);
  }
  try {
    const outside = within.find((bound) => !openedInside(descriptor, path, bound));
    if (outside !== undefined) throw new TraceFileError('LINK_OUT', `${shown} leads out of ${outside.shown}; not read`);
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw notAFile(shown, stats);
    const pseudo = pseudoFileSystemOf(descriptor);
    if (pseudo !== null)
      throw new TraceFileError('NOT_A_FILE', `${shown} is a file of the kernel's ${pseudo} file system, not a trace file`);
    return chunksOf(descriptor, shown, stats.size);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

function notAFile(shown: string, stats: Stats): TraceFileError {
  return new TraceFileError('NOT_A_FILE', `${shown} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}, not a trace file`);
}

/** The bytes open as `descriptor`, the first `size` of them at most: a file still being written is read as it was when opened. */
function* chunksOf(descriptor: number, shown: string, size: number): Generator<Uint8Array, void, undefined> {
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)));
  let left = size;
  try {
    while (left > 0) {
      let read: number;
      try {
        read = readSync(descriptor, buffer, 0, Math.min(buffer.length, left), null);
      } catch (error) {
        throw new TraceFileError('UNREADABLE', `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
      }
      if (read === 0) return;
      left -= read;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(descriptor);
  }
}
