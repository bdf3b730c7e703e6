// An ATIF document's mark and the versions of it read.
import { UnreadableTraceError } from '../unreadable.js';

/**
 * The versions read: every ATIF-v1.x. The RFC's v1.7 text is the one this reader follows; a later
 * minor version adds fields (none of which is read), as each minor version before it did.
 */
const VERSION = /^ATIF-v1\.\d{1,4}$/;

/** A document's mark: a schema_version that names ATIF (any version, so that one not read is refused by name). */
export function isAtifRoot(record: Record<string, unknown>): boolean {
  return typeof record['schema_version'] === 'string' && record['schema_version'].startsWith('ATIF-');
}

/** Refuses a schema_version that is no ATIF version read; `where` starts the message (its line, which trajectory). */
export function checkAtifVersion(version: unknown, where: string): void {
  if (typeof version === 'string' && VERSION.test(version)) return;
  const shown =
    typeof version === 'string' ? JSON.stringify(version.slice(0, 40)) : `of type ${version === null ? 'null' : typeof version}`;
  throw new UnreadableTraceError(
    `${where === '' ? 'its ' : where}schema_version ${shown} is no ATIF version read (ATIF-v1.0 to ATIF-v1.x)`,
  );
}
