import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { folderBound } from '../../common/folder-bound.js';
import { fileIdentity } from '../../common/real-path.js';
import { targetKind, writesInside } from '../../common/write-file.js';
import { fixtureStem } from '../../regression/paths.js';
import type { ReportFormat } from '../../render/formatters.js';
import { escapeFor } from '../../render/untrusted/index.js';
import type { InputFile } from '../../run/input-file.js';
import { toolInfo } from '../../tool.js';
import { type EnvelopeError, usageError } from '../contract.js';
import type { CompiledFile } from './compile-job.js';
import { writeOutputFile } from './deliver.js';
import type { Io } from './result.js';

/** What became of one file's report under --output-dir: written to `file`, or not, with the reason. */
interface ReportFate {
  file: string;
  error?: EnvelopeError;
}

/**
 * One report per input, as <name>.report.md or .report.json. Every target is checked before any
 * is written: two inputs may not claim one name, none may be written over an input, none may be a
 * symbolic link out of the folder (the user named the folder, not each report in it), and none
 * may be anything but a regular file (or a link to one), or nothing yet. The writes keep to the
 * folder too, checked again on what they open. A write that still fails (an I/O error, a full
 * disk, a link out swapped in meanwhile) does not stop the others: each file's fate is returned,
 * in input order (undefined for a file with no report).
 */
export function writeReports(
  compiled: CompiledFile[],
  outputDir: string,
  format: ReportFormat,
  cwd: string,
  inputs: InputFile[],
): Array<ReportFate | undefined> {
  try {
    mkdirSync(resolve(cwd, outputDir), { recursive: true });
  } catch (error) {
    throw usageError(
      'OUTPUT_NOT_WRITABLE',
      `--output-dir ${outputDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`,
    );
  }
  const inside = folderBound(resolve(cwd, outputDir), outputDir);
  const extension = format === 'json' ? '.report.json' : '.report.md';
  const files = compiled.map((file) => file.outcome);
  const targets = compiled.map(({ outcome, rendered }) =>
    rendered === undefined
      ? undefined
      : join(outputDir, `${basename(fixtureStem(outcome.path === '<stdin>' ? 'stdin' : outcome.path))}${extension}`),
  );
  const claimed = new Map<string, string>();
  const inputsByIdentity = new Map(inputs.filter((input) => input.open !== '-').map((input) => [fileIdentity(input.open), input]));
  targets.forEach((target, index) => {
    if (target === undefined) return;
    const other = claimed.get(target);
    if (other !== undefined)
      throw usageError(
        'CONFLICTING_ARGUMENTS',
        `${other} and ${files[index]?.path} would both write ${target}; compile them into different --output-dir folders`,
      );
    claimed.set(target, files[index]?.path ?? '');
    // Another input may be named like a report ("a.json" and "a.report.json"): never write over it.
    const input = inputsByIdentity.get(fileIdentity(resolve(cwd, target)));
    if (input)
      throw usageError(
        'OUTPUT_IS_INPUT',
        `the report of ${files[index]?.path} would be written to ${target}, which is the input ${input.shown}; refusing to overwrite it`,
      );
    if (!writesInside(resolve(cwd, target), inside))
      throw usageError(
        'OUTPUT_NOT_WRITABLE',
        `the report of ${files[index]?.path} would be written to ${target}, which is a symbolic link out of ${outputDir}; remove it or choose another --output-dir (nothing was written)`,
      );
    const kind = targetKind(resolve(cwd, target));
    if (kind !== 'missing' && kind !== 'file') {
      throw usageError(
        'OUTPUT_NOT_WRITABLE',
        `the report of ${files[index]?.path} would be written to ${target}, which is a ${kind}; remove it or choose another --output-dir (nothing was written)`,
      );
    }
  });
  const fates: Array<ReportFate | undefined> = [];
  for (const [index, { rendered }] of compiled.entries()) {
    const target = targets[index];
    if (rendered === undefined || target === undefined) {
      fates.push(undefined);
      continue;
    }
    const shown = target.split('\\').join('/');
    const error = writeOutputFile(resolve(cwd, target), rendered, shown, inside);
    fates.push(error === null ? { file: shown } : { file: shown, error });
  }
  return fates;
}

/** The run's error when some reports could not be written, each also said on standard error; null when all were. */
export function reportsNotWritten(fates: ReadonlyArray<ReportFate | undefined>, io: Io): EnvelopeError | null {
  const failed = fates.filter((fate): fate is ReportFate & { error: EnvelopeError } => fate?.error !== undefined);
  const [first] = failed;
  if (first === undefined) return null;
  for (const fate of failed) io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(fate.error.message)}\n`);
  const attempted = fates.filter((fate) => fate !== undefined).length;
  return {
    code: 'USAGE_ERROR',
    subcode: 'OUTPUT_NOT_WRITABLE',
    message: `${failed.length} of ${attempted} reports could not be written, first ${first.error.message}`,
  };
}
