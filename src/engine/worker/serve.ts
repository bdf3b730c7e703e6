// What a worker thread does with the jobs its bundle holds: it sets up the job it was started for
// once, then does the items it is sent, one batch at a time, and sends each batch's results.
import { parentPort, workerData } from 'node:worker_threads';
import type { PoolMessage, WorkerReply, WorkerSetup } from '../../workers/protocol.js';
import type { Job } from './jobs.js';

/**
 * Serves `jobs` when this code runs in a worker thread; loaded in the main thread (the build's
 * code-cache warm-up), it does nothing.
 */
export function serveJobs(jobs: Readonly<Partial<Record<WorkerSetup['job'], Job>>>): void {
  if (parentPort === null) return;
  const port = parentPort;
  const setup = workerData as WorkerSetup;
  const reply = (message: WorkerReply): void => port.postMessage(message);
  const fail = (error: unknown): void => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  const job = jobs[setup.job];
  if (job === undefined) {
    fail(new Error(`this worker bundle has no ${setup.job} job`));
    return;
  }
  job(setup.context).then((handle) => {
    port.on('message', (message: PoolMessage) => {
      try {
        reply({ type: 'results', indices: message.indices, results: message.items.map(handle) });
      } catch (error) {
        fail(error);
      }
    });
  }, fail);
}
