import { pathText, type RawPath } from '../common/raw-path.js';
import { runFixtures, type RunOptions, type RunSummary } from './summary.js';
import type { FixtureResult, UpdateMode } from './types.js';

/** What one worker is asked to run: its share of the fixtures, with their places in the full list. */
export interface WorkerTask {
  files: RawPath[];
  indices: number[];
  cwd: string;
  update: UpdateMode;
}

/** What a worker posts back: results as they are done, then `done`; or the error that stopped it. */
export type WorkerMessage =
  | { type: 'results'; items: Array<{ index: number; result: FixtureResult }> }
  | { type: 'done' }
  | { type: 'error'; message: string };

export interface ParallelRunOptions extends RunOptions {
  /** How many worker threads to use; 1 (or fewer fixtures than 2) runs in this thread. */
  workers: number;
  /** The bundled worker module (dist/test-worker.js); null runs in this thread, as from source. */
  workerUrl: URL | null;
}

/**
 * Runs the fixtures on `workers` worker threads, each taking a round-robin share of the list
 * (fixture k goes to worker k mod n), and merges the results back in the order given, so the
 * summary is the same whatever the number of workers. `onResult` is called as results arrive,
 * which is not the order of the list. With one worker, one fixture or no worker module, the
 * fixtures run in this thread, one after another, exactly as `runFixtures` runs them.
 */
export async function runFixturesParallel(files: readonly RawPath[], options: ParallelRunOptions): Promise<RunSummary> {
  const { workers, workerUrl, onResult, ...fixtureOptions } = options;
  const count = Math.min(workers, files.length);
  if (count <= 1 || workerUrl === null) return runFixtures(files, { ...fixtureOptions, ...(onResult ? { onResult } : {}) });
  // Loaded only here: a run without workers never pays for the worker threads module.
  const { Worker } = await import('node:worker_threads');

  const cwd = fixtureOptions.cwd ?? process.cwd();
  const update = fixtureOptions.update ?? 'none';
  const results = new Array<FixtureResult | undefined>(files.length);
  const tasks: WorkerTask[] = Array.from({ length: count }, () => ({ files: [], indices: [], cwd, update }));
  files.forEach((file, index) => {
    const task = tasks[index % count] as WorkerTask;
    task.files.push(file);
    task.indices.push(index);
  });

  const started: Array<InstanceType<typeof Worker>> = [];
  try {
    await Promise.all(
      tasks.map(
        (task) =>
          new Promise<void>((resolve, reject) => {
            const worker = new Worker(workerUrl, { workerData: task });
            started.push(worker);
            let finished = false;
            worker.on('message', (message: WorkerMessage) => {
              if (message.type === 'results') {
                for (const { index, result } of message.items) {
                  results[index] = result;
                  onResult?.(result, index);
                }
              } else if (message.type === 'done') {
                finished = true;
                resolve();
              } else {
                finished = true;
                reject(new Error(message.message));
              }
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (!finished) reject(new Error(`a test worker stopped with exit code ${code} before it finished`));
            });
          }),
      ),
    );
  } finally {
    // Workers end on their own after `done`; on a failure the others are stopped.
    await Promise.all(started.map((worker) => worker.terminate()));
  }

  const merged = results.map((result, index) => {
    const file = files[index];
    if (result === undefined) throw new Error(`no result for ${file === undefined ? `fixture ${index}` : pathText(file)} from the test workers`);
    return result;
  });
  const failed = merged.filter((result) => !result.passed).length;
  return { results: merged, passed: merged.length - failed, failed };
}
