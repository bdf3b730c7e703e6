// The writer thread's job (dist/writer.cjs): each report of --output-dir written inside the output
// folder, its fate returned. It imports no more than the writer, so that the thread starts at once.
import type { FolderBound } from '../common/folder-bound.js';
import type { ReportFate, ReportWrite } from './output-dir.js';
import { writeOutputFile } from './write-output-file.js';

/** Each report written inside the output folder, its fate returned. */
export async function writeJob(context: { inside: FolderBound }): Promise<(item: ReportWrite) => ReportFate> {
  return (item) => writeReport(item, context.inside);
}

/** One report written inside `inside`: where, and the error when it could not be. */
export function writeReport(item: ReportWrite, inside: FolderBound): ReportFate {
  const error = writeOutputFile(item.path, item.content, item.shown, inside);
  return error === null ? { file: item.shown } : { file: item.shown, error };
}
