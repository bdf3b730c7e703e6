import type { JobName, PoolMessage, WorkerReply, WorkerSetup } from './protocol.js';

/** How to start a worker thread: the code it evaluates (see bundledWorker). */
export interface WorkerLauncher {
  script: string;
}

export interface PoolOptions<Result> {
  /** Worker threads to start: at most one per item. */
  workers: number;
  launcher: WorkerLauncher;
  job: JobName;
  /** The job's settings, cloned to every worker once. */
  context: unknown;
  /** Called as results arrive, which is not the order of the list. */
  onResult?: (result: Result, index: number) => void;
}

/** Items a worker is sent at once: enough that messaging costs little, few enough that the threads finish together. */
const MAX_BATCH = 32;
/** Batches a worker holds, so that it never waits for the next one while its last results travel. */
const BATCHES_IN_FLIGHT = 2;

/**
 * Runs `job` on every item on worker threads and returns the results in the order of the items.
 * Work is handed out in small batches as workers ask for more, not split up front, so that a
 * thread given slow items does not keep the others waiting. Any failure of a worker rejects, and
 * every worker is stopped; so is every worker at the end, idle by then.
 */
export async function runInWorkers<Result>(items: readonly unknown[], options: PoolOptions<Result>): Promise<Result[]> {
  // Loaded only here: a run without workers never pays for the worker threads module.
  const { Worker } = await import('node:worker_threads');
  const count = Math.max(1, Math.min(options.workers, items.length));
  const batch = Math.max(1, Math.min(MAX_BATCH, Math.ceil(items.length / (count * 8))));
  const results = new Array<Result>(items.length);
  let next = 0;
  let received = 0;

  /** The next batch, or null when every item has been handed out. */
  const takeBatch = (): PoolMessage | null => {
    if (next >= items.length) return null;
    const indices: number[] = [];
    for (const end = Math.min(items.length, next + batch); next < end; next++) indices.push(next);
    return { type: 'items', indices, items: indices.map((index) => items[index]) };
  };

  const started: Array<InstanceType<typeof Worker>> = [];
  try {
    await new Promise<void>((resolve, reject) => {
      if (items.length === 0) return resolve();
      const setup: WorkerSetup = { job: options.job, context: options.context };
      for (let n = 0; n < count; n++) {
        const worker = new Worker(options.launcher.script, { eval: true, workerData: setup });
        started.push(worker);
        const send = (): void => {
          const message = takeBatch();
          if (message !== null) worker.postMessage(message);
        };
        worker.on('message', (reply: WorkerReply) => {
          if (reply.type === 'error') return reject(new Error(reply.message));
          reply.indices.forEach((index, k) => {
            const result = reply.results[k] as Result;
            results[index] = result;
            options.onResult?.(result, index);
          });
          received += reply.indices.length;
          if (received === items.length) return resolve();
          send();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (received < items.length) reject(new Error(`a worker thread stopped with exit code ${code} before it finished`));
        });
        for (let k = 0; k < BATCHES_IN_FLIGHT; k++) send();
      }
    });
  } finally {
    await Promise.all(started.map((worker) => worker.terminate()));
  }
  return results;
}
