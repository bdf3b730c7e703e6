import type { FolderBound } from '../common/folder-bound.js';
import type { RawPath } from '../common/raw-path.js';
import { writeFileSafely } from '../common/write-file.js';
import { readSideFile } from './fixture-bound.js';

/** What writeIfChanged did: left the file as it was, rewrote it, or made it. */
export type WriteOutcome = 'unchanged' | 'updated' | 'created';

/**
 * Writes `content` (UTF-8) to `path` only when the file's bytes differ, atomically, so that an
 * update run leaves unchanged goldens untouched. Both the read and the write stay inside the
 * fixture folder: a side file that links out of it is neither compared nor written through.
 */
export function writeIfChanged(path: RawPath, content: string, inside: FolderBound): WriteOutcome {
  const read = readSideFile(path, '', inside);
  const current = 'bytes' in read ? read.bytes : null;
  if (current?.equals(Buffer.from(content, 'utf8'))) return 'unchanged';
  writeFileSafely(path, content, inside);
  return current === null ? 'created' : 'updated';
}
