import { fixtureJob } from '../../regression/fixture-job.js';
import type { JobName } from '../../workers/protocol.js';
import { compileJob } from '../compile-job.js';
import { writeJob } from '../write-job.js';

/** A job: set up once per worker from its settings, then applied to each item. */
export type Job = (context: unknown) => Promise<(item: unknown) => unknown>;

/** Every job a worker thread can do, by the name the pool gives. */
export const jobs: Record<JobName, Job> = {
  fixture: fixtureJob as Job,
  compile: compileJob as Job,
  write: writeJob as Job,
};
