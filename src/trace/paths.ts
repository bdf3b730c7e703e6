// Paths of a trace compared with a spec's nodes by arithmetic alone: nothing on disk is read or
// followed, since the trace may come from another machine.
import { posix } from 'node:path';

/**
 * `path` as an absolute path, resolved against the absolute folder `base`: "." and ".." worked
 * out, repeated slashes folded, no trailing slash. A path starting with "~" or a variable ($HOME)
 * names a folder the trace does not give, so it is kept as written. Undefined for an empty path
 * or a relative one with no absolute base.
 */
export function resolveTracePath(base: string | undefined, path: string): string | undefined {
  if (path === '') return undefined;
  if (path.startsWith('~') || path.startsWith('$')) return path;
  if (path.startsWith('/')) return trimmed(posix.normalize(path));
  if (base === undefined || !base.startsWith('/')) return undefined;
  return trimmed(posix.normalize(`${base}/${path}`));
}

/** `path` relative to `root` when it lies inside it, else the absolute path as it is. */
export function relativeToRoot(root: string | undefined, path: string): string {
  if (root === undefined || !path.startsWith('/')) return path;
  if (path === root) return '.';
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function trimmed(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
