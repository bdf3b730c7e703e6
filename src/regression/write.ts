import { readFileSync } from 'node:fs';
import type { RawPath } from '../common/raw-path.js';
import { writeFileSafely } from '../common/write-file.js';

/**
 * Writes `content` (UTF-8) to `path` only when the file's bytes differ, atomically, so that an
 * update run leaves unchanged goldens untouched. Returns whether the file was written.
 */
export function writeIfChanged(path: RawPath, content: string): boolean {
  let current: Buffer | null;
  try {
    current = readFileSync(path);
  } catch {
    current = null;
  }
  if (current?.equals(Buffer.from(content, 'utf8'))) return false;
  writeFileSafely(path, content);
  return true;
}
