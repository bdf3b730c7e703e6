// The entry of the writer thread of --output-dir, bundled as dist/writer.cjs: the write job alone,
// so that the thread is writing within milliseconds rather than after loading the compiler.
import { writeJob } from '../write-job.js';
import type { Job } from './jobs.js';
import { serveJobs } from './serve.js';

const jobs = { write: writeJob as Job };
serveJobs(jobs);

export { jobs };
