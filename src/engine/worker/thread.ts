// The entry of the pool's worker threads, bundled as dist/worker.cjs and started by runInWorkers
// (src/workers/pool.ts) through the launcher's loader, so that it starts from the bundle's code
// cache: every job (a fixture, a file compiled, a report written).
import { jobs } from './jobs.js';
import { serveJobs } from './serve.js';

serveJobs(jobs);

export { jobs };
