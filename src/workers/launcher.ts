import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkerLauncher } from './pool.js';

/** The bundles a worker thread runs: every job (the pool's), or the writer of --output-dir alone. */
export type WorkerBundle = 'worker' | 'writer';

/**
 * How to start a worker thread on a bundle in `dist` (dist/worker.cjs or dist/writer.cjs, loaded
 * through bin/load-bundle.cjs beside it, with its code cache), or null when they are not there.
 */
export function workerLauncherIn(dist: string, bundle: WorkerBundle = 'worker'): WorkerLauncher | null {
  const loader = join(dist, '..', 'bin', 'load-bundle.cjs');
  if (!existsSync(join(dist, `${bundle}.cjs`)) || !existsSync(loader)) return null;
  return { script: `require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(dist)}, ${JSON.stringify(bundle)});` };
}

/** The launcher of this build: the bundle this code runs in sits in dist/; run from source (vitest), there is none. */
export function bundledWorker(bundle: WorkerBundle = 'worker'): WorkerLauncher | null {
  return workerLauncherIn(fileURLToPath(new URL('.', import.meta.url)), bundle);
}
