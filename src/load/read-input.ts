import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { type FolderBound, openedInside } from '../common/folder-bound.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import type { InputErrorSubcode } from './input-error.js';

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; subcode: InputErrorSubcode; message: string };

/** What a refusal for size says after the limit: how to raise it, for a spec. */
const RAISE_MAX_BYTES = 'raise the limit with --max-bytes if it really is one spec';

export interface ReadInputOptions {
  /** The most bytes read; more is TOO_LARGE. */
  maxBytes: number;
  /** How messages name the file, so that an absolute path opened stays out of them; the path by default. */
  shown?: string;
  /**
   * The folder the file was found in, when the user did not name it, or the roots of an MCP
   * server: the file is read only if what was opened lies inside; a link out, or a file swapped
   * for one after the folder was listed or the path checked, is refused as LINK_OUT before a byte
   * of it is read.
   */
  inside?: FolderBound;
  /** What a refusal for size says after the limit, for a file whose limit is not --max-bytes (configuration, baselines). */
  limitNote?: string;
}

/** Reads a whole input file, or standard input for "-", within the limits of `options`. */
export function readInput(path: RawPath, options: ReadInputOptions): ReadResult {
  const { maxBytes, shown = pathText(path), inside, limitNote = RAISE_MAX_BYTES } = options;
  const label = path === '-' ? 'standard input' : shown;
  let descriptor: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever; a FIFO is
    // then refused as NOT_A_FILE below. It changes nothing for regular files.
    descriptor = path === '-' ? 0 : openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return describeFailure(label, error);
  }
  try {
    let expectedSize = 0;
    if (path !== '-' && inside !== undefined && !openedInside(descriptor, path, inside))
      return { ok: false, subcode: 'LINK_OUT', message: linkOutMessage(shown, inside) };
    if (path !== '-') {
      const stats = fstatSync(descriptor);
      if (!stats.isFile())
        return {
          ok: false,
          subcode: 'NOT_A_FILE',
          message: `${shown} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}; give the path of a spec file`,
        };
      if (stats.size > maxBytes) return tooLarge(shown, maxBytes, limitNote);
      expectedSize = stats.size;
    }
    return readAll(label, descriptor, maxBytes, expectedSize, limitNote);
  } catch (error) {
    return describeFailure(label, error);
  } finally {
    if (path !== '-') closeSync(descriptor);
  }
}

/**
 * Reads to the end. A regular file is read straight into one buffer of the size it had when
 * opened (plus one byte, to see whether it grew): the input is held once, not once in chunks and
 * again joined. Standard input, of unknown size, and a file that grew go on in chunks.
 */
function readAll(label: string, descriptor: number, maxBytes: number, expectedSize: number, limitNote: string): ReadResult {
  const first = Buffer.allocUnsafe(expectedSize + 1);
  let filled = 0;
  while (filled < first.length) {
    const count = readSome(descriptor, first, filled);
    if (count === 0) return { ok: true, bytes: first.subarray(0, filled) };
    filled += count;
  }
  const chunks: Buffer[] = [first];
  let total = filled;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    if (total > maxBytes) return tooLarge(label, maxBytes, limitNote);
    const count = readSome(descriptor, chunk, 0);
    if (count === 0) break;
    total += count;
    chunks.push(Buffer.from(chunk.subarray(0, count)));
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

/** Reads into `buffer` from `offset`: the number of bytes read, 0 at the end of the input. */
function readSome(descriptor: number, buffer: Buffer, offset: number): number {
  for (;;) {
    try {
      return readSync(descriptor, buffer, offset, buffer.length - offset, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((error as NodeJS.ErrnoException).code === 'EOF') return 0;
      throw error;
    }
  }
}

/** The refusal of a file that leads out of its folder: it names the link and the folder, and nothing of what lies outside. */
export function linkOutMessage(shown: string, inside: FolderBound): string {
  return `${shown} is a symbolic link out of ${inside.shown}; not read`;
}

/** The refusal of an input over the limit: its message says how to raise it, or why it is what it is. */
export function tooLarge(label: string, maxBytes: number, limitNote = RAISE_MAX_BYTES): Extract<ReadResult, { ok: false }> {
  return { ok: false, subcode: 'TOO_LARGE', message: `${label} is larger than ${maxBytes} bytes; ${limitNote}` };
}

function describeFailure(shown: string, error: unknown): ReadResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { ok: false, subcode: 'NOT_FOUND', message: `${shown} does not exist; check the path` };
  if (code === 'EISDIR') return { ok: false, subcode: 'NOT_A_FILE', message: `${shown} is a directory; give the path of a spec file` };
  return { ok: false, subcode: 'UNREADABLE', message: `${shown} cannot be read (${code ?? 'unknown error'})` };
}
