import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InputErrorSubcode } from '../load/input-error.js';

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; subcode: InputErrorSubcode; message: string };

/** Reads a whole input file, or standard input for "-", refusing anything larger than maxBytes. */
export function readInput(path: string, maxBytes: number): ReadResult {
  let descriptor: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever; a FIFO is
    // then refused as NOT_A_FILE below. It changes nothing for regular files.
    descriptor = path === '-' ? 0 : openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return describeFailure(path, error);
  }
  try {
    if (path !== '-') {
      const stats = fstatSync(descriptor);
      if (!stats.isFile()) return { ok: false, subcode: 'NOT_A_FILE', message: `${path} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}; give the path of a spec file` };
      if (stats.size > maxBytes) return tooLarge(path, maxBytes);
    }
    return readAll(path, descriptor, maxBytes);
  } catch (error) {
    return describeFailure(path, error);
  } finally {
    if (path !== '-') closeSync(descriptor);
  }
}

function readAll(path: string, descriptor: number, maxBytes: number): ReadResult {
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
    if (total > maxBytes) return tooLarge(path, maxBytes);
    chunks.push(Buffer.from(chunk.subarray(0, count)));
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

function tooLarge(path: string, maxBytes: number): ReadResult {
  return { ok: false, subcode: 'TOO_LARGE', message: `${path === '-' ? 'standard input' : path} is larger than ${maxBytes} bytes; raise the limit with --max-bytes if it really is one spec` };
}

function describeFailure(path: string, error: unknown): ReadResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { ok: false, subcode: 'NOT_FOUND', message: `${path} does not exist; check the path` };
  if (code === 'EISDIR') return { ok: false, subcode: 'NOT_A_FILE', message: `${path} is a directory; give the path of a spec file` };
  return { ok: false, subcode: 'UNREADABLE', message: `${path} cannot be read (${code ?? 'unknown error'})` };
}

/** Whether two paths name the same existing file. */
export function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Writes through a temporary file in the same folder and a rename, so that a reader (or a crash)
 * sees the old content or the new one, never a part.
 */
export function writeFileAtomic(path: string, content: string): void {
  const target = resolve(path);
  const temporary = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(temporary, content, { flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
