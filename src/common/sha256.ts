import { createHash } from 'node:crypto';

/** The SHA-256 of `content` (a string as its UTF-8 bytes), in lower-case hex: how reports name a file's bytes. */
export function sha256Hex(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
