'use strict';
// Loads the command line's CommonJS bundles from dist/ with V8's code cache, so that a run does
// not spend its first tens of milliseconds compiling a megabyte of JavaScript (Node 20 has no
// module compile cache). Each bundle `<name>.cjs` may have a `<name>.cjs.cache` written at build
// time (scripts/build.mjs). A cache is used only when it is sound: V8 crashes on a damaged one
// instead of refusing it, so its header names the bundle it was made for (the build id at the end
// of the bundle, a digest of its text) and carries a SHA-1 of its payload, and V8's own checksum
// of the payload is turned on (off by default in release builds), so that V8 refuses a payload
// whose SHA-1 was recomputed after a change. Only a regular file of a bounded size is read: a
// FIFO, a device or a folder in its place is not opened for reading. A missing, stale, foreign or
// damaged cache is ignored without a word, and so is one V8 refuses (another Node version): the
// bundle then compiles as any script would. A cache forged on purpose, both digests recomputed, is
// not damage but a change of the code, like an edit of the bundle beside it. A bundle requiring
// `./<part>.cjs` (a lazily loaded part, such as the Markdown renderer) gets it through this loader
// too.
const { createHash } = require('node:crypto');
const { closeSync, constants, fstatSync, openSync, readFileSync, readSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

// Before any cache is made or read: the build writes its caches through this loader too, so both
// sides have the checksum.
setFlagsFromString('--verify-snapshot-checksum');

const MAGIC = 'compile-investigation code cache 1\n';
const BUILD_ID = /\n\/\/ build-id ([0-9a-f]{40})\n?$/;
/** Enough of the end of a bundle to hold its build-id line. */
const TRAILER_LENGTH = 64;
const PART = /^\.\/([a-z][a-z0-9-]*)\.cjs$/;
/** Far above any cache the build writes (under 1 MiB each): a larger file is not a cache of ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

const loaded = new Map();

/** The module of `<dir>/<name>.cjs`, loaded once. */
function loadBundle(dir, name) {
  const key = join(dir, name);
  const known = loaded.get(key);
  if (known) return known.module.exports;
  const file = join(dir, `${name}.cjs`);
  const bytes = readFileSync(file);
  const buildId = builtAs(bytes);
  // The build keeps bundles ASCII, which Latin-1 decodes faster than UTF-8, and the same.
  const source = bytes.latin1Slice(0, bytes.length);
  const cachedData = buildId === undefined ? undefined : soundCache(`${file}.cache`, buildId);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} };
  loaded.set(key, { module, script, file, buildId });
  const nodeRequire = createRequire(file);
  const require = (id) => {
    const part = PART.exec(id);
    return part ? loadBundle(dir, part[1]) : nodeRequire(id);
  };
  script.runInThisContext()(module.exports, require, module, file, dir);
  return module.exports;
}

/**
 * The bundle's build id, when its text is still what the build made (a SHA-1 of the bytes before
 * the id): V8 checks only a script's length against a cache, so an edited bundle of the same length
 * would otherwise run the old code.
 */
function builtAs(bytes) {
  const tail = bytes.latin1Slice(Math.max(0, bytes.length - TRAILER_LENGTH), bytes.length);
  const match = BUILD_ID.exec(tail);
  if (match === null) return undefined;
  const end = bytes.length - tail.length + match.index;
  const digest = createHash('sha1').update(bytes.subarray(0, end)).digest('hex');
  return digest === match[1] ? digest : undefined;
}

/** The cache's payload, when its header says it was made for this build and the payload is intact. */
function soundCache(path, buildId) {
  const bytes = regularFileBytes(path, MAX_CACHE_BYTES);
  if (bytes === undefined) return undefined;
  const header = Buffer.from(`${MAGIC}${buildId}\n`);
  const digestEnd = header.length + 20;
  if (bytes.length <= digestEnd || !bytes.subarray(0, header.length).equals(header)) return undefined;
  const payload = bytes.subarray(digestEnd);
  const digest = createHash('sha1').update(payload).digest();
  return digest.equals(bytes.subarray(header.length, digestEnd)) ? payload : undefined;
}

/**
 * The bytes of `path` when it is a regular file of at most `limit` bytes, else undefined. It is
 * opened without blocking (a FIFO with no writer would wait forever) and checked as opened, so a
 * link to a device or a pipe swapped in is refused too; it is read up to the size it had then.
 */
function regularFileBytes(path, limit) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > limit) return undefined;
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (read === 0) return undefined;
      filled += read;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A cache file for a loaded bundle, from the functions compiled so far (the build writes these after a warm-up run). */
function cacheOf(entry) {
  const payload = entry.script.createCachedData();
  const digest = createHash('sha1').update(payload).digest();
  return Buffer.concat([Buffer.from(`${MAGIC}${entry.buildId}\n`), digest, payload]);
}

/** Every bundle loaded so far, with the cache it would have now: for the build. */
function loadedBundles() {
  return [...loaded.values()]
    .filter((entry) => entry.buildId !== undefined)
    .map((entry) => ({ file: entry.file, cache: () => cacheOf(entry) }));
}

module.exports = { loadBundle, loadedBundles };
