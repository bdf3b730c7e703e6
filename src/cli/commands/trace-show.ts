// `trace show TRACE`: what an agent's trace holds, as a timeline (text) or as data (JSON).
import { resolve } from 'node:path';
import { exitCodes } from '../../common/exit-codes.js';
import { jsonPieces } from '../../common/json-text.js';
import type { Compiler } from '../../compile.js';
import { formatTraceTimeline, traceCounts } from '../../render/trace-timeline.js';
import { escapeFor } from '../../render/untrusted/index.js';
import { toolInfo } from '../../tool.js';
import { TraceFileError, traceFileChunks } from '../../trace/file.js';
import { resolveTracePath } from '../../trace/paths.js';
import { readTrace, UnreadableTraceError } from '../../trace/read-trace.js';
import { type ShellProgram, shellProgramsWith } from '../../trace/shell-table.js';
import type { Trace } from '../../trace/types.js';
import { isTraceTime, narrowTrace, type TraceWindow, UntimedTraceError } from '../../trace/window.js';
import { CliError, usageError } from '../contract.js';
import { deliver } from './deliver.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from './judges.js';
import type { CommandResult, Io } from './result.js';

export interface TraceShowOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> {
  trace: string;
  /** The folder a spec's nodes are relative to (relative to the working folder when not absolute); else the cwd of the trace's first call. */
  traceRoot?: string;
  /** Only the calls from this time on, and up to that time (ISO 8601, both included). */
  since?: string;
  until?: string;
  format: 'text' | 'json';
  output?: string;
  json: boolean;
}

export function traceShowCommand(options: TraceShowOptions, io: Io): Promise<CommandResult> {
  const window = traceWindow(options);
  // The configuration found from the working directory, as for a spec on standard input: its
  // policy may lay shell programs over the built-in table.
  const judged = judgeInputs(runConfiguration({ ...options, failOn: 'error', quiet: false }, io), [{ open: '-' }]);
  const policy = (judged.compilers[0] as Compiler).policy;
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const programs = shellProgramsWith(policy.traceShellPrograms);
  const trace = narrowed(readTraceFile(resolve(io.cwd, options.trace), options.trace, programs), window, options.trace);
  const root = traceRoot(trace, options.traceRoot === undefined ? undefined : resolve(io.cwd, options.traceRoot));
  const data = { path: options.trace, ...(root === undefined ? {} : { root }), counts: traceCounts(trace), trace };
  // A trace of many calls makes a long JSON text: written in pieces as it is made.
  const rendered = options.format === 'json' ? jsonPieces(data) : formatTraceTimeline(trace, options.trace, root);
  const stdout = deliver(rendered, options, data, io.cwd, options.format === 'json');
  return Promise.resolve({ exitCode: exitCodes.passed, data, warnings: judged.warnings, error: null, stdout });
}

/** A trace file read whole, its failures the run's input errors. */
export function readTraceFile(path: string, shown: string, programs: Readonly<Record<string, ShellProgram>>): Trace {
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
export function traceWindow(options: { since?: string; until?: string }): TraceWindow {
  for (const [flag, value] of [
    ['--trace-since', options.since],
    ['--trace-until', options.until],
  ] as const) {
    if (value !== undefined && !isTraceTime(value))
      throw usageError('INVALID_ARGUMENT', `${flag} takes an ISO 8601 time such as 2026-03-02T10:00:00Z, not ${JSON.stringify(value)}`);
  }
  return {
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
  };
}

/** The trace within the window; a window asked of a trace without times is the user's to fix. */
export function narrowed(trace: Trace, window: TraceWindow, shown: string): Trace {
  try {
    return narrowTrace(trace, window);
  } catch (error) {
    if (error instanceof UntimedTraceError) throw usageError('CONFLICTING_ARGUMENTS', `${shown}: ${error.message}`);
    throw error;
  }
}

/** The root the trace's paths are shown under: the one given, else the cwd of its first call that has one. */
export function traceRoot(trace: Trace, given: string | undefined): string | undefined {
  if (given !== undefined) return resolveTracePath('/', given);
  return trace.calls.find((call) => call.cwd !== undefined)?.cwd;
}
