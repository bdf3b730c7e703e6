import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { RawPath } from './raw-path.js';

/** Real paths use the platform's separator only. */
const SEPARATOR = sep.charCodeAt(0);

/** The real path (every link resolved) as bytes, so that no name is decoded lossily; null when it cannot be resolved. */
export function realPathOrNull(path: RawPath): Buffer | null {
  try {
    return realpathSync(path, { encoding: 'buffer' });
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
