// Where a spec the tool writes for the user goes (init, trace draft): standard output, or a new
// file written atomically, never over an existing file without --force.
import { dirname, resolve } from 'node:path';
import { targetKind } from '../common/write-file.js';
import { usageError } from '../engine/contract.js';
import { writeOutput } from '../engine/deliver.js';
import type { CommandResult, Io } from '../engine/result.js';

export interface NewSpecFlags {
  /** Without it: the --output file's extension, else YAML. */
  format?: 'yaml' | 'json';
  output?: string;
  force: boolean;
  json: boolean;
}

/** Where the spec goes: its format, the folder its relative paths start from, and the file (checked writable in kind) if any. */
export interface NewSpecTarget {
  format: 'yaml' | 'json';
  folder: string;
  file?: string;
}

/** The target of `flags`, refused before any work when it is a folder or a file --force does not allow to replace. */
export function newSpecTarget(flags: NewSpecFlags, io: Pick<Io, 'cwd'>): NewSpecTarget {
  const format = flags.format ?? (flags.output?.toLowerCase().endsWith('.json') ? 'json' : 'yaml');
  if (flags.output === undefined) return { format, folder: io.cwd };
  const file = resolve(io.cwd, flags.output);
  const kind = targetKind(file);
  if (kind === 'directory') throw usageError('OUTPUT_NOT_WRITABLE', `--output ${flags.output} is a directory; give the path of a file`);
  // A device or FIFO (/dev/stdout, a pipe) is written through, never replaced: only a file is overwritten.
  if (kind === 'file' && !flags.force)
    throw usageError('OUTPUT_EXISTS', `--output ${flags.output} already exists; choose another name, or add --force to overwrite it`);
  return { format, folder: dirname(file), file };
}

/** The spec's text written to its target; `data` (the --json envelope's) says where, or holds the text. */
export function writeNewSpec(
  text: string,
  target: NewSpecTarget,
  flags: NewSpecFlags,
  data: Record<string, unknown>,
): Pick<CommandResult, 'data' | 'stdout'> {
  if (target.file === undefined) {
    if (flags.json) data['rendered'] = text;
    return { data, stdout: flags.json ? '' : text };
  }
  writeOutput(target.file, text, `--output ${flags.output}`);
  data['output'] = flags.output;
  return { data, stdout: '' };
}
