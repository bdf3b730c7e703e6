import { readFileSync } from 'node:fs';
import type { RawPath } from '../common/raw-path.js';
import { writeFileSafely } from '../common/write-file.js';

/** What writeIfChanged did: left the file as it was, rewrote it, or made it. */
export type WriteOutcome = 'unchanged' | 'updated' | 'created';

/**
 * Writes `content` (UTF-8) to `path` only when the file's bytes differ, atomically, so that an
 * update run leaves unchanged goldens untouched.
 */
export function writeIfChanged(path: RawPath, content: string): WriteOutcome {
  let current: Buffer | null;
  try {
    current = readFileSync(path);
  } catch {
    current = null;
  }
  if (current?.equals(Buffer.from(content, 'utf8'))) return 'unchanged';
  writeFileSafely(path, content);
  return current === null ? 'created' : 'updated';
}
