// The entry of a worker thread, bundled as dist/worker.cjs and started by runInWorkers (pool.ts)
// through the launcher's loader, so that it starts from the bundle's code cache. It sets up its
// job once, then does the items it is sent, one batch at a time, and sends each batch's results.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { PoolMessage, WorkerReply, WorkerSetup } from '../../workers/protocol.js';
import { jobs } from './jobs.js';

async function serve(port: MessagePort, setup: WorkerSetup): Promise<void> {
  const reply = (message: WorkerReply): void => port.postMessage(message);
  try {
    const handle = await jobs[setup.job](setup.context);
    port.on('message', (message: PoolMessage) => {
      try {
        reply({ type: 'results', indices: message.indices, results: message.items.map(handle) });
      } catch (error) {
        reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    });
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

// Loaded in the main thread (the build's code-cache warm-up), it only offers its jobs.
if (parentPort !== null) void serve(parentPort, workerData as WorkerSetup);

export { jobs };
