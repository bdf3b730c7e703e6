import type { CommandResult, Io } from '../engine/result.js';
import { type NewSpecFlags, newSpecTarget, writeNewSpec } from './new-spec-file.js';
import { schemaReference } from './schema-reference.js';
import { specSkeleton } from './skeleton.js';

export interface InitOptions extends NewSpecFlags {
  goal: string;
  budget: number;
  unit: 'reads' | 'tokens';
}

/** A skeleton spec to fill in, on standard output or written (atomically, never over a file without --force) to --output. */
export function initCommand(options: InitOptions, io: Io): CommandResult {
  const target = newSpecTarget(options, io);
  const text = specSkeleton({
    goal: options.goal,
    budget: options.budget,
    unit: options.unit,
    format: target.format,
    schema: schemaReference(target.folder),
  });
  return { exitCode: 0, warnings: [], error: null, ...writeNewSpec(text, target, options, { format: target.format }) };
}
