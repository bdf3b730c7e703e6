import { closeSync, constants, mkdirSync, openSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { descriptorPath, descriptorRealPath } from './descriptor-path.js';

/**
 * A folder opened once, to read and create files in it without naming it by its path again: a
 * folder of the path swapped for a link after the folder was checked cannot redirect what is
 * written (openat semantics). On Linux, files are named through `/proc/self/fd/N`, which stays the
 * opened folder whatever happens to its path; where there is no /proc, through the real path it
 * had when opened, checked to be the same folder (device and inode), which narrows the race to
 * the moment of each call. Close it when done.
 */
export interface FolderHandle {
  /** Its real path when it was opened. */
  readonly realPath: Buffer;
  /** The path of `name` inside the opened folder; `at('')` is the folder itself. */
  at(name: string): string;
  close(): void;
}

/** O_DIRECTORY, and O_NOFOLLOW for a name that must not be a link; 0 where the platform has neither. */
const DIRECTORY = constants.O_DIRECTORY ?? 0;
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens the folder at `path`, following links on the way (a folder the user named is theirs).
 * Throws the file system's error: ENOENT, ENOTDIR (not a folder), EACCES.
 */
export function openFolder(path: string): FolderHandle {
  return handleOf(path, constants.O_RDONLY | DIRECTORY);
}

/**
 * The folder `name` inside `parent`, created when missing (as mkdir, by one name in the opened
 * parent), then opened without following a link: a name that is, or becomes, a link is refused
 * (ENOTDIR or ELOOP), so a folder created here cannot be swapped for one elsewhere.
 */
export function createFolderIn(parent: FolderHandle, name: string): FolderHandle {
  try {
    mkdirSync(parent.at(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return handleOf(parent.at(name), constants.O_RDONLY | DIRECTORY | NO_FOLLOW);
}

function handleOf(path: string, flags: number): FolderHandle {
  let descriptor: number;
  try {
    descriptor = openSync(path, flags);
  } catch (error) {
    // Windows opens no folder as a file: the folder is then named by its real path, checked once.
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return byRealPath(path);
    throw error;
  }
  const realPath = descriptorRealPath(descriptor, path);
  if (realPath === null) {
    closeSync(descriptor);
    throw Object.assign(new Error(`${path} changed while it was opened`), { code: 'ESTALE' });
  }
  const base = hasProcLinks(descriptor) ? descriptorPath(descriptor) : realPath.toString();
  return {
    realPath,
    at: (name) => (name === '' ? base : join(base, name)),
    close: () => closeSync(descriptor),
  };
}

function hasProcLinks(descriptor: number): boolean {
  try {
    return statSync(descriptorPath(descriptor)).isDirectory();
  } catch {
    return false;
  }
}

function byRealPath(path: string): FolderHandle {
  const real = realpathSync(path);
  if (!statSync(real).isDirectory()) throw Object.assign(new Error(`${path} is not a folder`), { code: 'ENOTDIR' });
  return { realPath: Buffer.from(real), at: (name) => (name === '' ? real : join(real, name)), close: () => {} };
}
