import { fstatSync, readlinkSync, unlinkSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { joinRawPath, type RawPath, splitRawPath } from './raw-path.js';
import { isWithin, realPathOrNull } from './real-path.js';
import { statOrNull } from './stat-or-null.js';

/** Real paths use the platform's separator only. */
const SEPARATOR = sep.charCodeAt(0);

/**
 * A folder the user gave (a folder of specs or fixtures, an --output-dir), as the bound of the
 * files the tool reads and writes in it without the user naming each one: such a file is taken
 * only when its real path lies inside the folder's real path, so that a symbolic link cannot lead
 * a read or a write out of it.
 */
export interface FolderBound {
  /**
   * The folder's real path; null when it cannot be resolved, and then nothing lies inside it. A
   * Uint8Array rather than a Buffer after a trip to a worker thread.
   */
  real: Uint8Array | null;
  /** How messages name the folder. */
  shown: string;
}

/** The bound of `folder` (absolute), named `shown` in messages. */
export function folderBound(folder: string, shown: string): FolderBound {
  return { real: realPathOrNull(folder), shown };
}

/**
 * Whether the file open as `descriptor` (opened from `path`) lies inside the bound. The check is
 * of what was opened, not of a path checked before and opened again, so that a file swapped for a
 * link out between the two is still refused: on Linux the kernel names the open file
 * (/proc/self/fd); elsewhere the path's real path must lie inside and be that very file.
 */
export function openedInside(descriptor: number, path: RawPath, bound: FolderBound): boolean {
  const real = realOf(bound);
  if (real === null) return false;
  const opened = kernelPathOf(descriptor);
  return opened === null ? sameFileInside(descriptor, path, real) : isWithin(opened, real);
}

/**
 * The portable check of openedInside: the real path of `path` lies inside `real`, and the file
 * there is the one open as `descriptor` (same device and inode). Resolving after opening is what
 * makes it hold against a swap: a path that led out when opened and leads inside now names
 * another file.
 */
export function sameFileInside(descriptor: number, path: RawPath, real: Buffer): boolean {
  const resolved = realPathOrNull(path);
  if (resolved === null || !isWithin(resolved, real)) return false;
  const there = statOrNull(resolved);
  const opened = fstatSync(descriptor);
  return there !== null && there.dev === opened.dev && there.ino === opened.ino;
}

/**
 * Whether the path `path` (absolute) would lie inside the bound once its links are resolved: the
 * real path of the longest part of it that exists, with the rest (names that do not exist yet,
 * so no links) below it. For a file that a document names, such as a sidecar's configuration,
 * checked before it is opened, so that a path outside is refused the same way whether or not
 * something is there.
 */
export function resolvesInside(path: string, bound: FolderBound): boolean {
  const real = realOf(bound);
  if (real === null) return false;
  const absolute = resolve(path);
  for (let existing = absolute; ; existing = dirname(existing)) {
    const resolved = realPathOrNull(existing);
    if (resolved !== null) {
      const rest = relative(existing, absolute);
      if (rest === '') return isWithin(resolved, real);
      const joint = resolved.at(-1) === SEPARATOR ? '' : sep;
      return isWithin(Buffer.concat([resolved, Buffer.from(`${joint}${rest}`)]), real);
    }
    if (dirname(existing) === existing) return false;
  }
}

/**
 * Whether a write to `path` (not a link, or a link to what is written through) lands inside the
 * bound: a file renamed into place (`byRename`: a regular file, or nothing yet) by the real path
 * of its folder and its name; a FIFO or a device, written through, by its own real path. A folder
 * that does not exist throws ENOENT, as the write itself would.
 */
export function writeLandsInside(path: RawPath, byRename: boolean, bound: FolderBound): boolean {
  const real = realOf(bound);
  if (real === null) return false;
  if (!byRename) {
    const resolved = realPathOrNull(path);
    return resolved !== null && isWithin(resolved, real);
  }
  const { folder, name } = splitRawPath(path);
  const realFolder = realPathOrNull(folder);
  if (realFolder === null) throw Object.assign(new Error('the folder does not exist'), { code: 'ENOENT' });
  return isWithin(Buffer.from(joinRawPath(realFolder, name)), real);
}

function realOf(bound: FolderBound): Buffer | null {
  const { real } = bound;
  if (real === null) return null;
  return Buffer.isBuffer(real) ? real : Buffer.from(real.buffer, real.byteOffset, real.byteLength);
}

/**
 * Removes the file open as `descriptor`, which was created at `path`: by the kernel's name for it
 * where there is one (Linux), since a folder on `path` may have been swapped since, and by `path`
 * elsewhere. Best effort: a file already gone is no error.
 */
export function removeOpened(descriptor: number, path: RawPath): void {
  const opened = kernelPathOf(descriptor);
  try {
    unlinkSync(opened !== null && opened[0] === SEPARATOR ? opened : path);
  } catch {
    // Gone already, or not removable: nothing more can be done about it here.
  }
}

/** The kernel's path of an open file (Linux: /proc/self/fd/N; "pipe:[…]" for a pipe); null where there is no such name. */
function kernelPathOf(descriptor: number): Buffer | null {
  if (process.platform !== 'linux') return null;
  try {
    return readlinkSync(`/proc/self/fd/${descriptor}`, { encoding: 'buffer' });
  } catch {
    return null;
  }
}
