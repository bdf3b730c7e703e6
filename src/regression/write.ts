import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../cli/io.js';

/**
 * Writes `content` (UTF-8) to `path` only when the file's bytes differ, atomically, so that an
 * update run leaves unchanged goldens untouched. Returns whether the file was written.
 */
export function writeIfChanged(path: string, content: string): boolean {
  let current: Buffer | null;
  try {
    current = readFileSync(path);
  } catch {
    current = null;
  }
  if (current !== null && current.equals(Buffer.from(content, 'utf8'))) return false;
  writeFileAtomic(path, content);
  return true;
}
