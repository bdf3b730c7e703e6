import { type Stats, statSync } from 'node:fs';

/** What is at a path, following links (statSync) or not (lstatSync); null when nothing can be seen there. */
export function statOrNull(path: string | Buffer, stat: typeof statSync = statSync): Stats | null {
  try {
    return stat(path);
  } catch {
    return null;
  }
}
