import { unlinkSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { descriptorRealPath, kernelPathOf } from './descriptor-path.js';
import { joinRawPath, type RawPath, splitRawPath } from './raw-path.js';
import { isWithin, realPathOrNull } from './real-path.js';

/** Real paths use the platform's separator only. */
const SEPARATOR = sep.charCodeAt(0);

/**
 * The folders the tool may read and write in without the user naming each file: a folder the
 * user gave (of specs or fixtures, an --output-dir), or an MCP server's roots. A file is taken
 * only when its real path lies inside one of the folders' real paths, so that a symbolic link
 * cannot lead a read or a write out of them.
 */
export interface FolderBound {
  /**
   * The folders' real paths; a folder that cannot be resolved is left out, and with none, nothing
   * lies inside. Uint8Arrays rather than Buffers after a trip to a worker thread.
   */
  reals: readonly Uint8Array[];
  /** How messages name the folders: "the fixture folder specs", "the folders this server may read". */
  shown: string;
}

/** The bound of `folder` (absolute), named `shown` in messages. */
export function folderBound(folder: string, shown: string): FolderBound {
  return foldersBound([folder], shown);
}

/** The bound of several folders (absolute): a file inside any one of them lies inside. */
export function foldersBound(folders: readonly string[], shown: string): FolderBound {
  return { reals: folders.map(realPathOrNull).filter((real) => real !== null), shown };
}

/** Whether the real path `real` lies inside one of the bound's folders. */
export function boundContains(bound: FolderBound, real: Buffer): boolean {
  return realsOf(bound).some((folder) => isWithin(real, folder));
}

/**
 * Whether the file open as `descriptor` (opened from `path`) lies inside the bound. The check is
 * of what was opened, not of a path checked before and opened again, so that a file swapped for a
 * link out between the two is still refused (see descriptorRealPath).
 */
export function openedInside(descriptor: number, path: RawPath, bound: FolderBound): boolean {
  const opened = descriptorRealPath(descriptor, path);
  return opened !== null && boundContains(bound, opened);
}

/**
 * Whether the absolute path `path` lies inside the bound by its name alone, "." and ".." worked
 * out and nothing on disk looked at: for a path a document names, refused the same way whatever
 * is there. Its links are checked after (resolvesInside, then openedInside).
 */
export function namedInside(path: string, bound: FolderBound): boolean {
  return boundContains(bound, Buffer.from(resolve(path)));
}

/**
 * Whether the path `path` (absolute) would lie inside the bound once its links are resolved: the
 * real path of the longest part of it that exists, with the rest (names that do not exist yet,
 * so no links) below it. For a file that a document names, such as a sidecar's configuration,
 * checked before it is opened, so that a path outside is refused the same way whether or not
 * something is there.
 */
export function resolvesInside(path: string, bound: FolderBound): boolean {
  const absolute = resolve(path);
  for (let existing = absolute; ; existing = dirname(existing)) {
    const resolved = realPathOrNull(existing);
    if (resolved !== null) {
      const rest = relative(existing, absolute);
      if (rest === '') return boundContains(bound, resolved);
      const joint = resolved.at(-1) === SEPARATOR ? '' : sep;
      return boundContains(bound, Buffer.concat([resolved, Buffer.from(`${joint}${rest}`)]));
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
  if (!byRename) {
    const resolved = realPathOrNull(path);
    return resolved !== null && boundContains(bound, resolved);
  }
  const { folder, name } = splitRawPath(path);
  const realFolder = realPathOrNull(folder);
  if (realFolder === null) throw Object.assign(new Error('the folder does not exist'), { code: 'ENOENT' });
  return boundContains(bound, Buffer.from(joinRawPath(realFolder, name)));
}

function realsOf(bound: FolderBound): Buffer[] {
  return bound.reals.map((real) => (Buffer.isBuffer(real) ? real : Buffer.from(real.buffer, real.byteOffset, real.byteLength)));
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
