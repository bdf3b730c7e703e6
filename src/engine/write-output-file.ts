// One output file written atomically, its failure the user's to fix: an error naming it, not a crash.
// Apart from deliver.ts so that the writer thread's bundle holds the writer and no more.
import type { FolderBound } from '../common/folder-bound.js';
import type { OutputText } from '../common/output-text.js';
import { replaceFileSafely, WriteRefusedError, writeFileSafely } from '../common/write-file.js';
import type { EnvelopeError } from './contract.js';

/**
 * Writes `content` atomically to the absolute `path`. A file that cannot be written is the user's
 * to fix, so the result is an error naming it as `label` (such as "--output report.md"), not a crash.
 * A file the user did not name (a report in --output-dir) keeps `inside` the folder they named.
 */
export function writeOutputFile(path: string, content: OutputText, label: string, inside?: FolderBound): EnvelopeError | null {
  try {
    writeFileSafely(path, content, inside);
    return null;
  } catch (error) {
    return { code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE', message: writeFailure(label, error) };
  }
}

/**
 * As writeOutputFile, for a file the tool read as `read` and rewrites in place (`--fix`): refused,
 * with an error naming it, when its mode denies writing or it no longer holds what was read.
 */
export function replaceOutputFile(
  path: string,
  content: string,
  read: Uint8Array,
  label: string,
  inside?: FolderBound,
): EnvelopeError | null {
  try {
    replaceFileSafely(path, content, read, inside);
    return null;
  } catch (error) {
    return { code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE', message: writeFailure(label, error) };
  }
}

/** Why a file could not be written, after its label: what was there, or the file system's error code. */
function writeFailure(label: string, error: unknown): string {
  if (error instanceof WriteRefusedError) return `${label} ${error.message}`;
  return `${label} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}); check that its folder exists and is writable`;
}
