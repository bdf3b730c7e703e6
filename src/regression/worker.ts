// Entry point of a `compile-investigation test` worker thread, bundled as dist/test-worker.js. It
// runs its share of the fixtures (workerData: a WorkerTask) one after another, exactly as the
// in-process runner does, and posts the results back in small batches as they are done.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage, WorkerTask } from './parallel.js';
import { runFixture } from './run-fixture.js';
import type { FixtureResult } from './types.js';

/** Results are posted at least this often, so that the progress bar moves... */
const FLUSH_MS = 50;
/** ...and in batches of at most this many, so that messaging costs little. */
const BATCH = 32;

function run(port: NonNullable<typeof parentPort>, task: WorkerTask): void {
  const post = (message: WorkerMessage): void => port.postMessage(message);
  let batch: Array<{ index: number; result: FixtureResult }> = [];
  let flushed = Date.now();
  try {
    task.files.forEach((file, k) => {
      // A raw path arrives as a plain Uint8Array: messaging does not keep the Buffer class.
      const path = typeof file === 'string' ? file : Buffer.from(file);
      batch.push({ index: task.indices[k] as number, result: runFixture(path, { cwd: task.cwd, update: task.update }) });
      if (batch.length >= BATCH || Date.now() - flushed >= FLUSH_MS) {
        post({ type: 'results', items: batch });
        batch = [];
        flushed = Date.now();
      }
    });
    if (batch.length > 0) post({ type: 'results', items: batch });
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

if (parentPort === null) throw new Error('test-worker.js runs as a worker thread of `compile-investigation test`');
run(parentPort, workerData as WorkerTask);
