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
  // Most paths of a trace are already in normal form: they are taken as they are, not normalized again.
  if (path.startsWith('/')) return isNormal(path) ? path : trimmed(posix.normalize(path));
  if (base === undefined || !base.startsWith('/')) return undefined;
  if (isNormal(path) && isNormal(base)) return base === '/' ? `/${path}` : `${base}/${path}`;
  return trimmed(posix.normalize(`${base}/${path}`));
}

/** A path with no "." or ".." segment, no repeated slash and no trailing one: what normalizing it would return. */
function isNormal(path: string): boolean {
  return !path.includes('//') && !DOT_SEGMENT.test(path) && !(path.length > 1 && path.endsWith('/'));
}

/** A "." or ".." segment anywhere in a path. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

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
