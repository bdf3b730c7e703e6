import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkerLauncher } from './pool.js';

/**
 * How to start a worker thread on the bundles in `dist` (dist/worker.cjs, loaded through
 * bin/load-bundle.cjs beside it, with its code cache), or null when they are not there.
 */
export function workerLauncherIn(dist: string): WorkerLauncher | null {
  const loader = join(dist, '..', 'bin', 'load-bundle.cjs');
  if (!existsSync(join(dist, 'worker.cjs')) || !existsSync(loader)) return null;
  return { script: `require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(dist)}, 'worker');` };
}

/** The launcher of this build: the bundle this code runs in sits in dist/; run from source (vitest), there is none. */
export function bundledWorker(): WorkerLauncher | null {
  return workerLauncherIn(fileURLToPath(new URL('.', import.meta.url)));
}
