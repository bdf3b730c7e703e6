// The messages between the pool (src/workers/pool.ts) and its worker threads (thread.ts).

/** The jobs a worker thread knows (src/engine/worker/jobs.ts): what it does to each item. */
export type JobName = 'fixture' | 'compile' | 'write';

/** What a worker is started with: its job, and the job's settings, the same for every item. */
export interface WorkerSetup {
  job: JobName;
  context: unknown;
}

/** From the pool: items to do, with their places in the full list. */
export interface PoolMessage {
  type: 'items';
  indices: number[];
  items: unknown[];
}

/** From a worker: the results of the last items, in their order; or the error that stopped it. */
export type WorkerReply = { type: 'results'; indices: number[]; results: unknown[] } | { type: 'error'; message: string };
