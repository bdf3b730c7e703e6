// An agent's trace as a command takes it (--trace, `trace show`): read with the policy's shell
// programs, narrowed to a window, placed under a root; each failure the user's to fix, said in one line.

import { resolve } from 'node:path';
import { definedFields } from '../../common/defined-fields.js';
import { exitCodes } from '../../common/exit-codes.js';
import type { Policy } from '../../policy/types.js';
import { type TraceEvidence, traceEvidence } from '../../trace/evidence.js';
import { TraceFileError, traceFileChunks } from '../../trace/file.js';
import { readTrace, UnreadableTraceError } from '../../trace/read-trace.js';
import { type ShellProgram, shellProgramsWith } from '../../trace/shell-table.js';
import type { Trace } from '../../trace/types.js';
import { isTraceTime, narrowTrace, type TraceWindow, UntimedTraceError } from '../../trace/window.js';
import { CliError, usageError } from '../contract.js';
import type { Io } from './result.js';

/** The options that name a trace and say how to read it. */
export interface TraceFlags {
  trace: string;
  /** The absolute folder, in the trace's paths, a spec's nodes are relative to; else the cwd of the trace's first call. */
  traceRoot?: string;
  /** Only the calls from this time on, and up to that time (ISO 8601, both included). */
  since?: string;
  until?: string;
}

/** The trace `flags` name, read under `policy` (its traceShellPrograms), narrowed and placed under its root. */
export function readTraceEvidence(flags: TraceFlags, policy: Policy, io: Pick<Io, 'cwd'>): TraceEvidence {
  // The trace's paths are the agent's machine's: a root is one of them, not a folder of this one.
  if (flags.traceRoot !== undefined && !flags.traceRoot.startsWith('/'))
    throw usageError(
      'INVALID_ARGUMENT',
      `--trace-root takes an absolute folder as the trace names it (such as /work/repo), not ${JSON.stringify(flags.traceRoot)}`,
    );
  const window = traceWindow(flags);
  const programs = shellProgramsWith(policy.traceShellPrograms);
  const trace = narrowed(readTraceFile(resolve(io.cwd, flags.trace), flags.trace, programs), window, flags.trace);
  return traceEvidence(trace, flags.trace, flags.traceRoot);
}

/** A trace file read whole, its failures the run's input errors. */
function readTraceFile(path: string, shown: string, programs: Readonly<Record<string, ShellProgram>>): Trace {
  try {
    return readTrace(traceFileChunks(path, shown), { programs });
  } catch (error) {
    if (error instanceof TraceFileError) throw new CliError('INPUT_ERROR', error.subcode, error.message, exitCodes.input);
    if (error instanceof UnreadableTraceError)
      throw new CliError('INPUT_ERROR', 'NOT_A_TRACE', `${shown}: ${error.message}`, exitCodes.input);
    throw error;
  }
}

/** --trace-since and --trace-until, refused unless each is an ISO 8601 time. */
function traceWindow(options: { since?: string; until?: string }): TraceWindow {
  for (const [flag, value] of [
    ['--trace-since', options.since],
    ['--trace-until', options.until],
  ] as const) {
    if (value !== undefined && !isTraceTime(value))
      throw usageError('INVALID_ARGUMENT', `${flag} takes an ISO 8601 time such as 2026-03-02T10:00:00Z, not ${JSON.stringify(value)}`);
  }
  return definedFields({ since: options.since, until: options.until });
}

/** The trace within the window; a window asked of a trace without times is the user's to fix. */
function narrowed(trace: Trace, window: TraceWindow, shown: string): Trace {
  try {
    return narrowTrace(trace, window);
  } catch (error) {
    if (error instanceof UntimedTraceError) throw usageError('CONFLICTING_ARGUMENTS', `${shown}: ${error.message}`);
    throw error;
  }
}
