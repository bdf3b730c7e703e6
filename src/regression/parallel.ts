import type { RawPath } from '../common/raw-path.js';
import { runInWorkers, type WorkerLauncher } from '../workers/pool.js';
import type { FixtureJobContext } from './fixture-job.js';
import { type RunOptions, type RunSummary, runFixtures } from './summary.js';
import type { FixtureResult } from './types.js';

export interface ParallelRunOptions extends RunOptions {
  /** How many worker threads to use; 1 (or fewer fixtures than 2) runs in this thread. */
  workers: number;
  /** How to start a worker on the bundle (bundledWorker); null runs in this thread, as from source. */
  launcher: WorkerLauncher | null;
}

/**
 * Runs the fixtures on `workers` worker threads (runInWorkers hands them out in small batches) and
 * merges the results back in the order given, so the summary is the same whatever the number of
 * workers. `onResult` is called as results arrive, which is not the order of the list. With one
 * worker, one fixture or no launcher, the fixtures run in this thread, one after another, exactly
 * as `runFixtures` runs them.
 */
export async function runFixturesParallel(files: readonly RawPath[], options: ParallelRunOptions): Promise<RunSummary> {
  const { workers, launcher, onResult, ...fixtureOptions } = options;
  if (Math.min(workers, files.length) <= 1 || launcher === null)
    return runFixtures(files, { ...fixtureOptions, ...(onResult ? { onResult } : {}) });
  const context: FixtureJobContext = {
    cwd: fixtureOptions.cwd ?? process.cwd(),
    update: fixtureOptions.update ?? 'none',
    configuration: fixtureOptions.configuration ?? {},
    roots: fixtureOptions.roots ?? [],
  };
  const results = await runInWorkers<FixtureResult>(files, {
    workers,
    launcher,
    job: 'fixture',
    context,
    ...(onResult ? { onResult } : {}),
  });
  const failed = results.filter((result) => !result.passed).length;
  return { results, passed: results.length - failed, failed };
}
