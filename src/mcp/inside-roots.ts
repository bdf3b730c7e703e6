import { relative } from 'node:path';
import { usageError } from '../engine/contract.js';
import { isWithinFolder, type Roots } from '../engine/roots.js';

/**
 * A path argument as the tools open and show it: its real path, relative to the first root when it
 * lies there (calls run in the first root); refused when it lies outside every root of the server.
 */
export function insideRoots(path: string, roots: Roots): string {
  const real = roots.inside(path);
  if (real === null) throw usageError('OUTSIDE_ROOTS', `${path} is outside the folders this server may read (${roots.folders.join(', ')})`);
  const first = roots.folders[0] as string;
  return real === first || !isWithinFolder(real, first) ? real : relative(first, real);
}
