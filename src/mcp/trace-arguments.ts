// The trace arguments of the tools that check or draft from an agent's trace: compile's --trace
// options as a tool's arguments, the trace read only inside the server's roots.

import { usageError } from '../engine/contract.js';
import type { Roots } from '../engine/roots.js';
import { type TraceFlags, traceReaderOf } from '../engine/trace-input.js';
import type { Policy } from '../policy/types.js';
import { TRACE_TIME } from '../trace/time.js';
import type { TraceReader } from '../trace/trace-reader.js';
import { MAX_PATH_LENGTH } from './arguments.js';
import type { ToolContext } from './context.js';
import { insideRoots } from './inside-roots.js';

/** The longest ISO 8601 time worth reading: a date, a time with fractions of a second, an offset. */
const MAX_TIME_LENGTH = 64;

/** The agent's trace a spec is checked against, and how to read it: as compile's --trace options. */
export const traceArguments = {
  trace: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_PATH_LENGTH,
    description:
      "the agent's trace (any trace format trace show reads: a Claude Code transcript, a Codex session rollout, hook payloads) inside the server's roots, to check the spec against as compile --trace does; without it, a spec given as path follows its own x-trace",
  },
  traceRoot: {
    type: 'string',
    pattern: '^/',
    maxLength: MAX_PATH_LENGTH,
    description: "as --trace-root: the absolute folder, as the trace names it, the spec's nodes are relative to",
  },
  traceSince: {
    type: 'string',
    maxLength: MAX_TIME_LENGTH,
    pattern: TRACE_TIME.source,
    description:
      'as --trace-since: only the calls from this time on (ISO 8601 with its zone, such as 2026-03-02T10:00:00Z; a date alone is that day from 00:00 UTC)',
  },
  traceUntil: {
    type: 'string',
    maxLength: MAX_TIME_LENGTH,
    pattern: TRACE_TIME.source,
    description:
      "as --trace-until: only the calls up to this time (ISO 8601 with its zone, such as 2026-03-02T11:00:00Z; a date alone is that day's 00:00 UTC)",
  },
  traceTurn: {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'as --trace-turn: only the calls of this request of the session (from 1), as trace show marks them',
  },
};

/** The trace arguments of a call, as the trace options of the command line, the trace read only inside the roots. */
export function traceFlagsOf(args: Record<string, unknown>, trace: string, roots: Roots): TraceFlags {
  return {
    trace,
    inside: roots.bound,
    ...(typeof args['traceRoot'] === 'string' ? { traceRoot: args['traceRoot'] } : {}),
    ...(typeof args['traceSince'] === 'string' ? { since: args['traceSince'] } : {}),
    ...(typeof args['traceUntil'] === 'string' ? { until: args['traceUntil'] } : {}),
    ...(typeof args['traceTurn'] === 'number' ? { turn: args['traceTurn'] } : {}),
  };
}

/** A call's trace, to be read with the spec's policy; trace options without a trace are refused, as on the command line. */
export function traceOf(args: Record<string, unknown>, context: ToolContext): { trace?: (policy: Policy) => TraceReader } {
  if (typeof args['trace'] !== 'string') {
    const stray = ['traceRoot', 'traceSince', 'traceUntil', 'traceTurn'].find((name) => args[name] !== undefined);
    if (stray !== undefined) throw usageError('CONFLICTING_ARGUMENTS', `${stray} says how to read a trace: give the trace too`);
    return {};
  }
  const flags = traceFlagsOf(args, insideRoots(args['trace'], context.roots), context.roots);
  return { trace: (policy) => traceReaderOf(flags, policy, context.io) };
}
