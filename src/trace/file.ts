// A trace file's bytes, a chunk at a time: a transcript of a gigabyte is read in constant memory.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { type FolderBound, openedInside } from '../common/folder-bound.js';

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
 * Opens `path` (a regular file) and returns its bytes as chunks, read as they are asked for and
 * closed at the end. Throws TraceFileError when it cannot be opened, is no regular file, or (with
 * `inside`) what was opened lies outside that bound.
 */
export function traceFileChunks(path: string, shown: string, inside?: FolderBound): Iterable<Uint8Array> {
  let descriptor: number;
  try {
    // Non-blocking, so that a FIFO named as a trace is refused below rather than waited on for ever.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new TraceFileError('NOT_FOUND', `${shown} does not exist`);
    if (code === 'EISDIR') throw new TraceFileError('NOT_A_FILE', `${shown} is a directory, not a trace file`);
    throw new TraceFileError('UNREADABLE', `${shown} cannot be read (${code ?? 'unknown error'})`);
  }
  if (inside !== undefined && !openedInside(descriptor, path, inside)) {
    closeSync(descriptor);
    throw new TraceFileError('LINK_OUT', `${shown} leads out of ${inside.shown}; not read`);
  }
  const stats = fstatSync(descriptor);
  if (!stats.isFile()) {
    closeSync(descriptor);
    throw new TraceFileError('NOT_A_FILE', `${shown} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}, not a trace file`);
  }
  return chunksOf(descriptor, shown);
}

function* chunksOf(descriptor: number, shown: string): Generator<Uint8Array, void, undefined> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    while (true) {
      let read: number;
      try {
        read = readSync(descriptor, buffer, 0, CHUNK, null);
      } catch (error) {
        throw new TraceFileError('UNREADABLE', `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
      }
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(descriptor);
  }
}
