import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathText, type RawPath } from '../common/raw-path.js';
import type { InputErrorSubcode } from '../load/input-error.js';

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; subcode: InputErrorSubcode; message: string };

/**
 * Reads a whole input file, or standard input for "-", refusing anything larger than maxBytes.
 * Messages name the file as `shown`, so that an absolute path opened stays out of them.
 */
export function readInput(path: RawPath, maxBytes: number, shown: string = pathText(path)): ReadResult {
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
    if (path !== '-') {
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) return { ok: false, subcode: 'NOT_A_FILE', message: `${shown} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}; give the path of a spec file` };
      if (stats.size > maxBytes) return tooLarge(shown, maxBytes);
    }
    return readAll(label, descriptor, maxBytes);
  } catch (error) {
    return describeFailure(label, error);
  } finally {
    if (path !== '-') closeSync(descriptor);
  }
}

function readAll(label: string, descriptor: number, maxBytes: number): ReadResult {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let count: number;
    try {
      count = readSync(descriptor, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((error as NodeJS.ErrnoException).code === 'EOF') break;
      throw error;
    }
    if (count === 0) break;
    total += count;
    if (total > maxBytes) return tooLarge(label, maxBytes);
    chunks.push(Buffer.from(chunk.subarray(0, count)));
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

function tooLarge(label: string, maxBytes: number): ReadResult {
  return { ok: false, subcode: 'TOO_LARGE', message: `${label} is larger than ${maxBytes} bytes; raise the limit with --max-bytes if it really is one spec` };
}

function describeFailure(shown: string, error: unknown): ReadResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { ok: false, subcode: 'NOT_FOUND', message: `${shown} does not exist; check the path` };
  if (code === 'EISDIR') return { ok: false, subcode: 'NOT_A_FILE', message: `${shown} is a directory; give the path of a spec file` };
  return { ok: false, subcode: 'UNREADABLE', message: `${shown} cannot be read (${code ?? 'unknown error'})` };
}

/** Whether two paths name the same existing file (or, when one does not exist, the same path). */
export function sameFile(a: RawPath, b: RawPath): boolean {
  return fileIdentity(a) === fileIdentity(b);
}

/** A key equal for every spelling of one file: its real path when it exists, else its absolute path; as bytes, one character each. */
export function fileIdentity(path: RawPath): string {
  let identity: Buffer;
  try {
    identity = realpathSync(path, { encoding: 'buffer' });
  } catch {
    identity = Buffer.from(typeof path === 'string' ? resolve(path) : path);
  }
  return identity.toString('latin1');
}
