import { createHash } from 'node:crypto';

/** The hex SHA-256 digest of some bytes: what a report states of its input, and how a test tells that a file was not touched. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
