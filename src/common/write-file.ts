import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { type FolderBound, openedInside, removeOpened, writeLandsInside } from './folder-bound.js';
import type { OutputText } from './output-text.js';
import { joinRawPath, type RawPath, splitRawPath } from './raw-path.js';
import { removeStaleTemporaries, temporaryName } from './stale-temporaries.js';

/** What a path names before it is written. */
export type TargetKind = 'missing' | 'file' | 'directory' | 'FIFO' | 'socket' | 'character device' | 'block device';

/** A target the writer will not write: what the user should be told, after the path. */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
}

/** Links followed before giving up, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;
/** How long to wait for a FIFO or terminal whose buffer is full to take more. */
const RETRY_MS = 5;

/**
 * Writes `content` to `path` as the user means it, whatever is there now, and never replaces
 * anything but a regular file:
 *
 * - Nothing, or a regular file: atomically, through a temporary `.<name>.tmp-<pid>-<hex>` in the
 *   same folder and a rename, so that a reader (or a crash) sees the old content or the new one,
 *   never a part. A replaced file keeps its permission bits (rwx for owner, group and others), and
 *   its owner and group where the process may set them; a new file gets the default mode (umask).
 * - A symbolic link, or a chain of them: the final target is written that way (created if the
 *   link dangles); the links stay.
 * - A character device, FIFO or socket (`/dev/null`, a pipe): written through, with no rename. A
 *   FIFO is opened without blocking, so one with no reader is refused at once instead of waited on.
 * - A folder or a block device: refused with a WriteRefusedError.
 *
 * A file the user did not name, such as a golden or a report in --output-dir, is written only
 * inside the folder given (`inside`): a link out of it, to a file or to nothing yet, is refused
 * with a WriteRefusedError, never written through. The check is made of the target first, and
 * again of what was opened: the temporary (or the device) once open must lie inside, so that a
 * folder on the way swapped for a link out meanwhile is caught; the rename then moves the
 * temporary only within the folder it was checked in (a target swapped for a link at the last
 * moment is replaced, link and all, which writes nothing outside).
 *
 * A SIGKILL cannot be caught, so a run killed mid-write leaves its temporary behind: every write
 * first removes the temporaries of the same target whose process is gone (removeStaleTemporaries).
 * Other failures throw the file system's error, with its code, and leave no temporary.
 *
 * Content in pieces is encoded and written a piece at a time, so that a large report is never
 * whole in memory as text or as bytes.
 */
export function writeFileSafely(path: RawPath, content: OutputText, inside?: FolderBound): void {
  const target = followLinks(path);
  if (inside !== undefined && !landsInside(target, inside)) throw new WriteRefusedError(linkOutRefusal(inside));
  const kind = kindOf(target.stats);
  if (kind === 'missing' || kind === 'file') {
    replaceAtomically(target.path, content, target.stats, inside);
    return;
  }
  if (kind === 'directory') throw new WriteRefusedError('is a directory; give the path of a file');
  if (kind === 'block device') throw new WriteRefusedError('is a block device; refusing to write a report onto a disk');
  writeThrough(target.path, content, kind, inside);
}

/** After the name of a file rewritten in place: why it was left as it is when it changed meanwhile. */
const CHANGED_SINCE_READ = 'changed since it was read (saved by another program meanwhile?); left as it is: run again';

/**
 * Rewrites the regular file at `path`, which the tool read as `read`, with `content` (`--fix`): as
 * writeFileSafely replaces a file (links followed, atomically, mode, owner and group kept, inside
 * `inside`), but only what the file system would let its user rewrite, and only while it still
 * holds what was read, so that nothing saved meanwhile is lost:
 *
 * - A file whose mode denies its user writing is refused (WriteRefusedError) rather than replaced
 *   by the rename, which needs only the folder's permission. By the mode bits, not access(2): the
 *   write bit of the owner for the file's owner and for root (whom the kernel lets write anything,
 *   but a file its owner made read-only is not to be rewritten behind their back), of the group for
 *   a member of the file's group, of others for anyone else. Access control lists are not read.
 * - Once the new content is in the temporary, the file is read again just before the rename: if its
 *   bytes are no longer `read` (or it is gone, or no longer a regular file), the temporary is removed
 *   and the write refused. What can still slip in is a save in the instant between that read and
 *   the rename.
 */
export function replaceFileSafely(path: RawPath, content: string, read: Uint8Array, inside?: FolderBound): void {
  const target = followLinks(path);
  if (inside !== undefined && !landsInside(target, inside)) throw new WriteRefusedError(linkOutRefusal(inside));
  const { stats } = target;
  if (stats === null || !stats.isFile()) throw new WriteRefusedError(CHANGED_SINCE_READ);
  if (!userMayWrite(stats))
    throw new WriteRefusedError(
      `is read-only (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); left as it is: make it writable (chmod u+w) first`,
    );
  throughTemporary(target.path, content, stats, inside, (temporary) => {
    if (!stillHolds(target.path, read)) throw new WriteRefusedError(CHANGED_SINCE_READ);
    renameSync(temporary, target.path);
  });
}

/** Whether the mode's write bit for this process's class (owner, group, others; root as the owner) is set. */
function userMayWrite(stats: Stats): boolean {
  const uid = process.getuid?.();
  // Without user ids (Windows), a read-only file has no write bit at all.
  if (uid === undefined || uid === 0 || uid === stats.uid) return (stats.mode & 0o200) !== 0;
  const groups = [process.getgid?.(), ...(process.getgroups?.() ?? [])];
  return (stats.mode & (groups.includes(stats.gid) ? 0o020 : 0o002)) !== 0;
}

/** Whether the regular file at `path` holds exactly `bytes`. */
function stillHolds(path: RawPath, bytes: Uint8Array): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size !== bytes.length) return false;
    // One byte more than expected, to see a file that grew since fstat.
    const now = Buffer.allocUnsafe(bytes.length + 1);
    let filled = 0;
    while (filled < now.length) {
      const got = readSync(descriptor, now, filled, now.length - filled, null);
      if (got === 0) break;
      filled += got;
    }
    return filled === bytes.length && now.subarray(0, filled).equals(bytes);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Whether a write to `path` would stay inside the bound, following links as writeFileSafely does:
 * for callers that check every target before writing any.
 */
export function writesInside(path: RawPath, inside: FolderBound): boolean {
  return landsInside(followLinks(path), inside);
}

/** What `path` names now, following links: the writer's first look, for callers that check every target before writing any. */
export function targetKind(path: RawPath): TargetKind {
  return kindOf(followLinks(path).stats);
}

/** After the target's name: why a write through a link out is refused. */
function linkOutRefusal(inside: FolderBound): string {
  return `is a symbolic link out of ${inside.shown}; not written through`;
}

function landsInside(target: { path: RawPath; stats: Stats | null }, inside: FolderBound): boolean {
  const kind = kindOf(target.stats);
  return writeLandsInside(target.path, kind === 'missing' || kind === 'file', inside);
}

function kindOf(stats: Stats | null): TargetKind {
  if (stats === null) return 'missing';
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice()) return 'character device';
  return 'block device';
}

/**
 * The path to write, and what is there. A link to a regular file (or to nothing) is read hop by
 * hop, so that the file can be replaced beside its target rather than over the link. A link to
 * anything else is kept as it is: opening it follows it, and the kernel also resolves the links of
 * /proc (/dev/stdout to "pipe:[…]"), which no path names.
 */
function followLinks(path: RawPath): { path: RawPath; stats: Stats | null } {
  let current = path;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const own = statOrNull(current, lstatSync);
    if (own === null || !own.isSymbolicLink()) return { path: current, stats: own };
    const followed = statOrNull(current, statSync);
    if (followed !== null && !followed.isFile()) return { path: current, stats: followed };
    const link = typeof current === 'string' ? readlinkSync(current) : readlinkSync(current, { encoding: 'buffer' });
    current = joinRawPath(splitRawPath(current).folder, link);
  }
  throw Object.assign(new Error(`too many levels of symbolic links`), { code: 'ELOOP' });
}

/** Stats, or null when nothing is there (or a link on the way dangles). */
function statOrNull(path: RawPath, stat: typeof lstatSync): Stats | null {
  try {
    return stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function replaceAtomically(target: RawPath, content: OutputText, existing: Stats | null, inside: FolderBound | undefined): void {
  throughTemporary(target, content, existing, inside, (temporary) => renameSync(temporary, target));
}

/**
 * Creates `path` with `content`, atomically and only if nothing is there: for a file that must
 * never be written over, such as the next version of a chain that two runs may race to write.
 * The content goes to a temporary beside it (as writeFileSafely's does), which is then hard-linked
 * to `path`: link(2) fails with EEXIST when the name exists in any form (a file, a folder, a
 * dangling link), so of two runs creating the same name exactly one succeeds, and a reader (or a
 * crash) never sees a part of the file. The temporary is removed either way. A failure throws the
 * file system's error: EEXIST when the name is taken; EPERM or ENOTSUP on a file system without
 * hard links, where nothing is written rather than something written without that guarantee.
 */
export function createFileSafely(path: RawPath, content: string): void {
  throughTemporary(path, content, null, undefined, (temporary) => {
    linkSync(temporary, path);
    // The file is in place under its name, so the write succeeded: a temporary that cannot be
    // removed now is only litter, which a later write of the same name clears once this run ends.
    try {
      rmSync(temporary, { force: true });
    } catch {}
  });
}

/**
 * Writes `content` to a fresh temporary `.<name>.tmp-<pid>-<hex>` beside `target` (with the owner
 * and mode of `existing`, when there is one), then hands it to `commit`, which puts it in place.
 * With `inside`, the temporary must lie inside the bound once open, or nothing is committed. The
 * temporary never outlives a failure.
 */
function throughTemporary(
  target: RawPath,
  content: OutputText,
  existing: Stats | null,
  inside: FolderBound | undefined,
  commit: (temporary: RawPath) => void,
): void {
  const { folder, name } = splitRawPath(target);
  const temporary = joinRawPath(folder, temporaryName(name));
  let descriptor: number | null = null;
  try {
    descriptor = openSync(temporary, 'wx', 0o666);
    if (inside !== undefined && !openedInside(descriptor, temporary, inside)) {
      // Made outside, through a folder swapped for a link out: removed where it is, not by a path
      // that may lead elsewhere by now.
      removeOpened(descriptor, temporary);
      throw new WriteRefusedError(linkOutRefusal(inside));
    }
    // Only once the folder is known to be the one meant: a folder outside is not cleaned either.
    removeStaleTemporaries(folder, name);
    writeText(descriptor, content);
    if (existing !== null) keepOwnerAndMode(descriptor, existing);
    closeSync(descriptor);
    descriptor = null;
    commit(temporary);
  } catch (error) {
    if (descriptor !== null) closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The owner first, since changing it clears set-id bits; then the permission bits. Set-id and
 * sticky bits are not copied: a report is not a program. A process that may not give the file
 * away (EPERM) keeps it as its own, as cp does.
 */
function keepOwnerAndMode(descriptor: number, existing: Stats): void {
  const created = fstatSync(descriptor);
  if (created.uid !== existing.uid || created.gid !== existing.gid) {
    try {
      fchownSync(descriptor, existing.uid, existing.gid);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'EINVAL' && code !== 'ENOSYS') throw error;
    }
  }
  fchmodSync(descriptor, existing.mode & 0o777);
}

function writeThrough(path: RawPath, content: OutputText, kind: TargetKind, inside: FolderBound | undefined): void {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_WRONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
    if (kind === 'FIFO') throw new WriteRefusedError('is a FIFO with no reader; start the reader first, or write to a file');
    throw new WriteRefusedError(`is a ${kind} that cannot be opened for writing (ENXIO)`);
  }
  try {
    if (inside !== undefined && !openedInside(descriptor, path, inside)) throw new WriteRefusedError(linkOutRefusal(inside));
    writeText(descriptor, content);
  } finally {
    closeSync(descriptor);
  }
}

/** The text as UTF-8, a piece at a time when it comes in pieces (which never split a surrogate pair). */
function writeText(descriptor: number, content: OutputText): void {
  const pieces = typeof content === 'string' ? [content] : content;
  for (const piece of pieces) writeAll(descriptor, Buffer.from(piece, 'utf8'));
}

/** Every byte, waiting a little whenever a non-blocking FIFO or terminal is full (EAGAIN). */
function writeAll(descriptor: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(descriptor, bytes, offset, bytes.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
}
