import { fstatSync, readlinkSync, statSync } from 'node:fs';
import type { RawPath } from './raw-path.js';
import { realPathOrNull } from './real-path.js';

/**
 * The path by which the file an open descriptor refers to can be reached now, without following
 * any link: on Linux, `/proc/self/fd/N` is a link to the very file that was opened, so a path
 * that stays `/proc/self/fd/N/name` names `name` inside an opened folder (openat semantics),
 * whatever has been renamed or swapped for a link since.
 */
export function descriptorPath(descriptor: number): string {
  return `/proc/self/fd/${descriptor}`;
}

/** The kernel's path of an open file (Linux: the target of /proc/self/fd/N; "pipe:[…]" for a pipe); null where there is no such name. */
export function kernelPathOf(descriptor: number): Buffer | null {
  try {
    return readlinkSync(descriptorPath(descriptor), { encoding: 'buffer' });
  } catch {
    return null;
  }
}

/**
 * The real path of what `descriptor` refers to: of the file that was opened, not of what `openedAs`
 * names now, so that a check on it cannot be raced by swapping the file for a link after the check.
 * Linux says it directly (the link `/proc/self/fd/N`). Without /proc (macOS, a container without
 * it), the real path of `openedAs` counts only if it names the same file as the descriptor (device
 * and inode): a file swapped since the open no longer does. Null when it cannot be told (a pipe
 * has no real path), which a caller treats as outside whatever it allows.
 */
export function descriptorRealPath(descriptor: number, openedAs: RawPath): Buffer | null {
  const linked = kernelPathOf(descriptor);
  // Only an absolute path is a file's: a pipe or a socket reads as "pipe:[…]" and the like.
  if (linked !== null) return linked[0] === 0x2f ? linked : null;
  return sameFileAt(descriptor, openedAs);
}

/**
 * The portable half of descriptorRealPath: the real path of `openedAs` when the file there now is
 * the one open as `descriptor` (same device and inode). Resolving after opening is what makes it
 * hold against a swap: a path that led out when opened and leads inside now names another file.
 */
export function sameFileAt(descriptor: number, openedAs: RawPath): Buffer | null {
  const real = realPathOrNull(openedAs);
  if (real === null) return null;
  try {
    const opened = fstatSync(descriptor, { bigint: true });
    const named = statSync(real, { bigint: true });
    return opened.dev === named.dev && opened.ino === named.ino ? real : null;
  } catch {
    return null;
  }
}
