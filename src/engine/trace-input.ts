// An agent's trace as a command takes it (--trace, `trace show`, `trace draft`): its flags checked,
// then read as every caller reads one (src/run/trace-file.ts); each failure the user's to fix, said in one line.

import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import type { FolderBound } from '../common/folder-bound.js';
import type { Policy } from '../policy/types.js';
import { readTraceFile } from '../run/trace-file.js';
import type { TraceEvidence } from '../trace/evidence.js';
import { windowTimeProblem } from '../trace/time.js';
import { rememberedReader, type TraceReader } from '../trace/trace-reader.js';
import { inputError, usageError } from './contract.js';
import type { Io } from './result.js';

/** The options that name a trace and say how to read it. */
export interface TraceFlags {
  trace: string;
  /** The absolute folder, in the trace's paths, a spec's nodes are relative to; else the cwd of the trace's first call. */
  traceRoot?: string;
  /** The folders the trace must lie in (an MCP server's roots): what was opened is checked. */
  inside?: FolderBound;
  /** Only the calls from this time on, and up to that time (ISO 8601, both included). */
  since?: string;
  until?: string;
  /** Only the calls of this turn of the session (from 1). */
  turn?: number;
  /** Keep what each call was given, for `trace export`. */
  keepGiven?: boolean;
}

/**
 * The trace `flags` name, read under `policy` (its traceShellPrograms), narrowed and placed under
 * its root, for a command that has no spec (`trace show`, `trace draft`): the surfaced paths kept
 * are the first ones, within bounds.
 */
export function readTraceEvidence(flags: TraceFlags, policy: Policy, io: Pick<Io, 'cwd'>): TraceEvidence {
  checkTraceFlags(flags);
  return readChecked(flags, policy, io);
}

/**
 * The trace `flags` name as a reader for one spec (`compile --trace`, `next --trace`, the MCP
 * tools): the flags checked now, the file read when the spec's nodes are known, once for the same
 * nodes. What cannot be read is thrown then, as readTraceEvidence throws it.
 */
export function traceReaderOf(flags: TraceFlags, policy: Policy, io: Pick<Io, 'cwd'>): TraceReader {
  checkTraceFlags(flags);
  return rememberedReader((nodes) => readChecked(flags, policy, io, nodes));
}

function checkTraceFlags(flags: TraceFlags): void {
  // The trace's paths are the agent's machine's: a root is one of them, not a folder of this one.
  if (flags.traceRoot !== undefined && !flags.traceRoot.startsWith('/'))
    throw usageError(
      'INVALID_ARGUMENT',
      `--trace-root takes an absolute folder as the trace names it (such as /work/repo), not ${JSON.stringify(flags.traceRoot)}`,
    );
  for (const [flag, value] of [
    ['--trace-since', flags.since],
    ['--trace-until', flags.until],
  ] as const) {
    // A time without a zone is refused, not guessed: read in this machine's zone, the window would move with TZ.
    const problem = value === undefined ? undefined : windowTimeProblem(flag, value);
    if (problem !== undefined) throw usageError('INVALID_ARGUMENT', problem);
  }
}

function readChecked(flags: TraceFlags, policy: Policy, io: Pick<Io, 'cwd'>, nodes?: readonly string[]): TraceEvidence {
  const link = definedFields({ root: flags.traceRoot, since: flags.since, until: flags.until, turn: flags.turn });
  const read = readTraceFile(
    resolve(io.cwd, flags.trace),
    flags.trace,
    link,
    policy,
    flags.inside === undefined ? [] : [flags.inside],
    nodes,
    flags.keepGiven === true,
  );
  if (read.ok) return read.evidence;
  // A window asked of a trace without times is the flags' mistake, not the file's.
  if (read.unnarrowable === true) throw usageError('CONFLICTING_ARGUMENTS', read.problem.message);
  throw inputError(read.problem.subcode, read.problem.message);
}

/** A command's trace options as the trace flags, or none without --trace; an option that says how to read one without it is refused. */
export function traceFlagsOf(options: {
  trace?: string;
  traceRoot?: string;
  traceSince?: string;
  traceUntil?: string;
  traceTurn?: number;
}): TraceFlags | undefined {
  const { trace, traceRoot, traceSince, traceUntil, traceTurn } = options;
  if (trace === undefined) {
    const stray = [
      ['--trace-root', traceRoot],
      ['--trace-since', traceSince],
      ['--trace-until', traceUntil],
      ['--trace-turn', traceTurn],
    ].find(([, value]) => value !== undefined);
    if (stray !== undefined)
      throw usageError('CONFLICTING_ARGUMENTS', `${stray[0]} says how to read a trace: give the trace with --trace FILE`);
    return undefined;
  }
  return { trace, ...definedFields({ traceRoot, since: traceSince, until: traceUntil, turn: traceTurn }) };
}
