import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { targetKind } from '../../common/write-file.js';
import { packageFiles } from '../../tool.js';
import { usageError } from '../contract.js';
import { specSkeleton } from '../skeleton.js';
import { writeOutput } from './deliver.js';
import type { CommandResult, Io } from './result.js';

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
  const folder = options.output === undefined ? io.cwd : dirname(resolve(io.cwd, options.output));
  const text = specSkeleton({ goal: options.goal, budget: options.budget, unit: options.unit, format, schema: schemaReference(folder) });
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

/**
 * The packaged schema (assets/investigation.schema.json of the installed package) relative to the
 * spec's folder, as editors resolve `$schema`: a file that exists wherever the tool is installed,
 * with no host to trust. A file URL when no relative path leads there (another drive).
 */
function schemaReference(folder: string): string {
  const path = relative(folder, packageFiles.investigationSchema);
  if (isAbsolute(path)) return pathToFileURL(packageFiles.investigationSchema).href;
  const shown = path.split(sep).join('/');
  return shown.startsWith('../') ? shown : `./${shown}`;
}
