import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `content` (UTF-8) to `path` only when the file's bytes differ, through a temporary file in
 * the same folder and a rename, so that a reader or a crash sees the old content or the new one.
 * Returns whether the file was written.
 */
export function writeIfChanged(path: string, content: string): boolean {
  const bytes = Buffer.from(content, 'utf8');
  let current: Buffer | null = null;
  try {
    current = readFileSync(path);
  } catch {
    current = null;
  }
  if (current !== null && current.equals(bytes)) return false;
  const temporary = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(temporary, bytes, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return true;
}
