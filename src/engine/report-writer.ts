// Writes the reports of --output-dir as they are rendered, rather than all of them after the last
// file is compiled: with many, in a writer thread, so that creating the files (the file system's
// work, as costly as compiling on some disks) overlaps the compiling of the files that follow.
import { bundledWorker } from '../workers/launcher.js';
import { streamToWorker } from '../workers/stream.js';
import { type ReportFate, type ReportPlan, type ReportWrite, reportWrite } from './output-dir.js';
import { writeReport } from './write-job.js';

/**
 * Reports from this many on go through a writer thread. Measured on two cores (Markdown, interleaved
 * medians): starting the thread costs a run about 60 ms, which 16 to 128 reports never won back;
 * at 250 the two ways were even, at 500 the thread was even (Markdown) to 10% faster (JSON), at
 * 2,000 20-25% faster.
 */
export const WRITER_THREAD_FROM = 400;

/** Takes each report as it is rendered, and says at the end what became of each. */
export interface ReportSink {
  /** The `index`-th input's rendered report: written now, or handed to the writer thread. */
  write(index: number, content: string): void;
  /** What became of every input's report, in input order (undefined for an input with none written). */
  fates(): Promise<Array<ReportFate | undefined>>;
}

/**
 * The sink of a run that writes its reports by `plan`: a writer thread from WRITER_THREAD_FROM
 * targets on when the bundles are there (from source, under a test runner, there is no bundle to
 * start one with), else this thread. The files written and the fates are the same either way.
 */
export async function reportSink(plan: ReportPlan): Promise<ReportSink> {
  const count = plan.targets.filter((target) => target !== undefined).length;
  const launcher = count >= WRITER_THREAD_FROM ? bundledWorker('writer') : null;
  if (launcher === null) {
    const fates: Array<ReportFate | undefined> = new Array(plan.targets.length).fill(undefined);
    return {
      write(index, content) {
        const item = reportWrite(plan, index, content);
        if (item !== null) fates[index] = writeReport(item, plan.inside);
      },
      fates: async () => fates,
    };
  }
  const stream = await streamToWorker<ReportWrite, ReportFate>(launcher, 'write', { inside: plan.inside });
  return {
    write(index, content) {
      const item = reportWrite(plan, index, content);
      if (item !== null) stream.push(index, item);
    },
    async fates() {
      const written = await stream.finish();
      return Array.from({ length: plan.targets.length }, (_, index) => written[index]);
    },
  };
}
