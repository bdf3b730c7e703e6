import { resolve } from 'node:path';
import { targetKind } from '../../common/write-file.js';
import { usageError } from '../contract.js';
import { specSkeleton } from '../skeleton.js';
import type { CommandResult, Io } from './result.js';
import { writeOutput } from './shared.js';

export interface InitOptions {
  goal: string;
  budget: number;
  unit: 'reads' | 'tokens';
  /** Without it: the --output file's extension, else YAML. */
  format?: 'yaml' | 'json';
  output?: string;
  force: boolean;
  json: boolean;
}

/** A skeleton spec to fill in, on standard output or written (atomically, never over a file without --force) to --output. */
export function initCommand(options: InitOptions, io: Io): CommandResult {
  const format = options.format ?? (options.output?.toLowerCase().endsWith('.json') ? 'json' : 'yaml');
  const text = specSkeleton({ goal: options.goal, budget: options.budget, unit: options.unit, format });
  const data: Record<string, unknown> = { format };
  if (options.output === undefined) {
    if (options.json) data['rendered'] = text;
    return { exitCode: 0, data, warnings: [], error: null, stdout: options.json ? '' : text };
  }
  const target = resolve(io.cwd, options.output);
  const kind = targetKind(target);
  if (kind === 'directory') throw usageError('OUTPUT_NOT_WRITABLE', `--output ${options.output} is a directory; give the path of a file`);
  // A device or FIFO (/dev/stdout, a pipe) is written through, never replaced: only a file is overwritten.
  if (kind === 'file' && !options.force)
    throw usageError('OUTPUT_EXISTS', `--output ${options.output} already exists; choose another name, or add --force to overwrite it`);
  writeOutput(target, text, `--output ${options.output}`);
  data['output'] = options.output;
  return { exitCode: 0, data, warnings: [], error: null, stdout: '' };
}
