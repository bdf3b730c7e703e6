// Writes the reports of --output-dir as they are rendered, rather than all of them after the last
// file is compiled: with many, in a writer thread, so that creating the files (the file system's
// work, as costly as compiling on some disks) overlaps the compiling of the files that follow.
import type { FolderBound } from '../../common/folder-bound.js';
import { bundledWorker } from '../../workers/launcher.js';
import { streamToWorker } from '../../workers/stream.js';
import { writeOutputFile } from './deliver.js';
import { type ReportFate, type ReportPlan, type ReportWrite, reportWrite } from './output-dir.js';

/** Reports from this many on go through a writer thread: below, starting the thread costs more than it saves. */
export const WRITER_THREAD_FROM = 64;

/** Takes each report as it is rendered, and says at the end what became of each. */
export interface ReportSink {
  /** The `index`-th input's rendered report: written now, or handed to the writer thread. */
  write(index: number, content: string): void;
  /** What became of every input's report, in input order (undefined for an input with none written). */
  fates(): Promise<Array<ReportFate | undefined>>;
}

/** The writer thread's job: each report written inside the output folder, its fate returned. */
export async function writeJob(context: { inside: FolderBound }): Promise<(item: ReportWrite) => ReportFate> {
  return (item) => writeReport(item, context.inside);
}

/**
 * The sink of a run that writes `count` reports by `plan`: a writer thread from WRITER_THREAD_FROM
 * reports on when the bundles are there (from source, under a test runner, there is no bundle to
 * start one with), else this thread. The files written and the fates are the same either way.
 */
export async function reportSink(plan: ReportPlan, count: number): Promise<ReportSink> {
  const fates: Array<ReportFate | undefined> = new Array(plan.targets.length).fill(undefined);
  const launcher = count >= WRITER_THREAD_FROM ? bundledWorker() : null;
  if (launcher === null)
    return {
      write(index, content) {
        const item = reportWrite(plan, index, content);
        if (item !== null) fates[index] = writeReport(item, plan.inside);
      },
      fates: async () => fates,
    };
  const stream = await streamToWorker<ReportWrite, ReportFate>(launcher, 'write', { inside: plan.inside });
  return {
    write(index, content) {
      const item = reportWrite(plan, index, content);
      if (item !== null) stream.push(index, item);
    },
    async fates() {
      const written = await stream.finish();
      return fates.map((_, index) => written[index]);
    },
  };
}

function writeReport(item: ReportWrite, inside: FolderBound): ReportFate {
  const error = writeOutputFile(item.path, item.content, item.shown, inside);
  return error === null ? { file: item.shown } : { file: item.shown, error };
}
