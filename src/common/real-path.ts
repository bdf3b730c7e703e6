import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { RawPath } from './raw-path.js';

/** Real paths use the platform's separator only. */
const SEPARATOR = sep.charCodeAt(0);

/**
 * The real path (every link resolved) as bytes, so that no name is decoded lossily; null when it
 * cannot be resolved. The system's realpath(3), one call, rather than Node's own, which lstats
 * every component of the path: a folder run resolves a path per file.
 */
export function realPathOrNull(path: RawPath): Buffer | null {
  try {
    return realpathSync.native(path, { encoding: 'buffer' });
  } catch {
    return null;
  }
}

/** Whether the real path `inner` is `outer` itself or lies below it. Both must be real paths. */
export function isWithin(inner: Buffer, outer: Buffer): boolean {
  if (inner.equals(outer)) return true;
  if (inner.length <= outer.length || !inner.subarray(0, outer.length).equals(outer)) return false;
  // A root such as "/" or "C:\" ends with its separator; any other folder is followed by one.
  return outer.at(-1) === SEPARATOR || inner[outer.length] === SEPARATOR;
}

/** Whether two paths name the same existing file (or, when one does not exist, the same path). */
export function sameFile(a: RawPath, b: RawPath): boolean {
  return fileIdentity(a) === fileIdentity(b);
}

/** A key equal for every spelling of one file: its real path when it exists, else its absolute path; as bytes, one character each. */
export function fileIdentity(path: RawPath): string {
  let identity: Buffer;
  try {
    identity = realpathSync.native(path, { encoding: 'buffer' });
  } catch {
    identity = Buffer.from(typeof path === 'string' ? resolve(path) : path);
  }
  return identity.toString('latin1');
}
