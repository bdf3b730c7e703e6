// Where a command's output goes: a file written atomically (a failure is the user's to fix, never a
// crash), the envelope, or standard output.
import { resolve } from 'node:path';
import type { FolderBound } from '../../common/folder-bound.js';
import { WriteRefusedError, writeFileSafely } from '../../common/write-file.js';
import { type EnvelopeError, usageError } from '../contract.js';

/**
 * Writes `content` atomically to the absolute `path`. A file that cannot be written is the user's
 * to fix, so the result is an error naming it as `label` (such as "--output report.md"), not a crash.
 * A file the user did not name (a report in --output-dir) keeps `inside` the folder they named.
 */
export function writeOutputFile(path: string, content: string, label: string, inside?: FolderBound): EnvelopeError | null {
  try {
    writeFileSafely(path, content, inside);
    return null;
  } catch (error) {
    return { code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE', message: writeFailure(label, error) };
  }
}

/** As writeOutputFile, for an output without which the run has nothing to show: a failure is the run's usage error. */
export function writeOutput(path: string, content: string, label: string): void {
  const error = writeOutputFile(path, content, label);
  if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
}

/**
 * Where a command's rendered document goes: to --output (atomically, and named in the envelope as
 * `output`), else with --json into the envelope as `rendered` (unless `inData`: the document is the
 * envelope's data already), else to standard output. Returns what to print on standard output.
 */
export function deliver(
  rendered: string,
  options: { output?: string; json: boolean },
  data: Record<string, unknown>,
  cwd: string,
  inData: boolean,
): string {
  if (options.output !== undefined) {
    writeOutput(resolve(cwd, options.output), rendered, `--output ${options.output}`);
    data['output'] = options.output;
    return '';
  }
  if (!options.json) return rendered;
  if (!inData) data['rendered'] = rendered;
  return '';
}

/** Why a file could not be written, after its label: what was there, or the file system's error code. */
function writeFailure(label: string, error: unknown): string {
  if (error instanceof WriteRefusedError) return `${label} ${error.message}`;
  return `${label} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}); check that its folder exists and is writable`;
}
