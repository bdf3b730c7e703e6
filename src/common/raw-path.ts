import { basename, dirname, isAbsolute, sep } from 'node:path';

/**
 * A path as the file system has it. Linux allows any bytes but "/" and NUL in a name, so a name
 * found in a folder may not be UTF-8; Node's string paths are UTF-8, so such a name can only be
 * opened through its bytes. A RawPath is a string when its bytes are valid UTF-8 (almost always)
 * and the bytes otherwise; Node's fs functions take both. Buffers only occur on POSIX (Windows
 * names are UTF-16), so their separator is "/".
 */
export type RawPath = string | Buffer;

const SLASH = 0x2f;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The path of these bytes: a string when they are valid UTF-8, else the bytes themselves. */
export function rawPathFromBytes(bytes: Buffer): RawPath {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return bytes;
  }
}

/** A raw path back from a message between threads, which turns a Buffer into a plain Uint8Array. */
export function fromMessage(path: string | Uint8Array): RawPath {
  return typeof path === 'string' ? path : Buffer.from(path.buffer, path.byteOffset, path.byteLength);
}

/** How a path is shown and sorted: invalid bytes become U+FFFD. Never for opening the file. */
export function pathText(path: RawPath): string {
  return typeof path === 'string' ? path : path.toString('utf8');
}

/**
 * `name` inside `folder` (an absolute `name` stands alone), without normalizing "..": the target
 * of a link is resolved by the kernel from the folder the link is in, through any links on the way.
 */
export function joinRawPath(folder: RawPath, name: RawPath): RawPath {
  if (typeof folder === 'string' && typeof name === 'string') {
    if (isAbsolute(name)) return name;
    return folder.endsWith('/') || folder.endsWith(sep) ? `${folder}${name}` : `${folder}${sep}${name}`;
  }
  const tail = Buffer.from(name);
  if (tail[0] === SLASH) return tail;
  const head = Buffer.from(folder);
  return Buffer.concat([head, head.at(-1) === SLASH ? Buffer.alloc(0) : Buffer.from('/'), tail]);
}

/** The folder a path is in, and its name there. */
export function splitRawPath(path: RawPath): { folder: RawPath; name: RawPath } {
  if (typeof path === 'string') return { folder: dirname(path), name: basename(path) };
  const slash = path.lastIndexOf(SLASH);
  return { folder: slash < 0 ? '.' : slash === 0 ? '/' : path.subarray(0, slash), name: path.subarray(slash + 1) };
}

/** The path with `suffix` (plain text, such as ".expect.json") appended. */
export function appendToRawPath<T extends RawPath>(path: T, suffix: string): T;
export function appendToRawPath(path: RawPath, suffix: string): RawPath {
  return typeof path === 'string' ? `${path}${suffix}` : Buffer.concat([path, Buffer.from(suffix)]);
}

/** The path without its last `count` characters, for cutting an ASCII extension (of a Buffer: bytes). */
export function cutRawPath<T extends RawPath>(path: T, count: number): T;
export function cutRawPath(path: RawPath, count: number): RawPath {
  return typeof path === 'string' ? path.slice(0, path.length - count) : path.subarray(0, path.length - count);
}
