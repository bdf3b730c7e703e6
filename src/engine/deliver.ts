// Where a command's output goes: a file written atomically (a failure is the user's to fix, never a
// crash), the envelope, or standard output.
import { resolve } from 'node:path';
import type { FolderBound } from '../common/folder-bound.js';
import { type OutputText, wholeText } from '../common/output-text.js';
import { usageError } from './contract.js';
import { writeOutputFile } from './write-output-file.js';

/** As writeOutputFile, for an output without which the run has nothing to show: a failure is the run's usage error. */
export function writeOutput(path: string, content: OutputText, label: string, inside?: FolderBound): void {
  const error = writeOutputFile(path, content, label, inside);
  if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
}

/**
 * Where a command's rendered document goes: to --output (atomically, and named in the envelope as
 * `output`), else with --json into the envelope as `rendered` (unless `inData`: the document is the
 * envelope's data already), else to standard output. Returns what to print on standard output.
 */
export function deliver(
  rendered: OutputText,
  options: { output?: string; json: boolean },
  data: Record<string, unknown>,
  cwd: string,
  inData: boolean,
): OutputText {
  if (options.output !== undefined) {
    writeOutput(resolve(cwd, options.output), rendered, `--output ${options.output}`);
    data['output'] = options.output;
    return '';
  }
  if (!options.json) return rendered;
  if (!inData) data['rendered'] = wholeText(rendered);
  return '';
}
