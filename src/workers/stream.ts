import type { WorkerLauncher } from './pool.js';
import type { JobName, PoolMessage, WorkerReply, WorkerSetup } from './protocol.js';

/** Items sent in one message: a message costs more than a few items' copies, and the worker still starts within a few files. */
const BATCH = 8;

/** Items handed to one worker thread as they are made, and their results once all are done. */
export interface WorkerStream<Item, Result> {
  /** Sends `item` (the `index`-th of the run) to the worker now; its result comes back in `finish`. */
  push(index: number, item: Item): void;
  /** Waits for the result of every item pushed, in the order of their indices (a hole where none was pushed), then stops the worker. */
  finish(): Promise<Result[]>;
}

/**
 * One worker thread doing `job` on items sent as this thread makes them, rather than on a list
 * known up front (runInWorkers): the writer thread of --output-dir takes each report as it is
 * rendered, so that the file system's work overlaps the compiling of the next file. The worker
 * starts at once and loads its bundle while this thread works. Items go BATCH at a time (the last
 * ones in `finish`). Its results are read only when this thread yields, which it does in `finish`.
 * A failure of the worker rejects `finish`.
 */
export async function streamToWorker<Item, Result>(
  launcher: WorkerLauncher,
  job: JobName,
  context: unknown,
): Promise<WorkerStream<Item, Result>> {
  const { Worker } = await import('node:worker_threads');
  const setup: WorkerSetup = { job, context };
  const worker = new Worker(launcher.script, { eval: true, workerData: setup });
  const results: Result[] = [];
  let pushed = 0;
  let batch: PoolMessage = { type: 'items', indices: [], items: [] };
  const flush = (): void => {
    if (batch.indices.length === 0) return;
    worker.postMessage(batch);
    batch = { type: 'items', indices: [], items: [] };
  };
  let received = 0;
  let failure: Error | null = null;
  let settle: (() => void) | null = null;
  const check = (): void => {
    if (settle !== null && (failure !== null || received === pushed)) settle();
  };
  worker.on('message', (reply: WorkerReply) => {
    if (reply.type === 'error') failure ??= new Error(reply.message);
    else
      reply.indices.forEach((index, k) => {
        results[index] = reply.results[k] as Result;
        received += 1;
      });
    check();
  });
  worker.on('error', (error) => {
    failure ??= error;
    check();
  });
  worker.on('exit', (code) => {
    if (received < pushed) failure ??= new Error(`a worker thread stopped with exit code ${code} before it finished`);
    check();
  });
  // Until `finish` waits for it, the worker must not keep the process alive: a run that fails
  // before then (an internal error) still ends. After the listeners, which would ref it again.
  worker.unref();
  return {
    push(index, item) {
      pushed += 1;
      batch.indices.push(index);
      batch.items.push(item);
      if (batch.indices.length >= BATCH) flush();
    },
    async finish() {
      try {
        flush();
        worker.ref();
        await new Promise<void>((resolve) => {
          settle = resolve;
          check();
        });
        if (failure !== null) throw failure;
        return results;
      } finally {
        await worker.terminate();
      }
    },
  };
}
