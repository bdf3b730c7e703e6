// A trace narrowed to the calls of one investigation: a session may hold more than that, by time
// (since, until) or by request (turn, where the format marks them).
import { readTime } from './time.js';
import type { Trace } from './types.js';

export interface TraceWindow {
  /** ISO 8601 times (see TRACE_TIME), both ends included. */
  since?: string;
  until?: string;
  /** One turn of the session, from 1 (Trace.turns). */
  turn?: number;
}

/** A window a trace cannot be narrowed to: a time asked of calls that carry none (hook payloads), a turn of a trace that marks none or fewer. */
export class UnnarrowableTraceError extends Error {
  override readonly name = 'UnnarrowableTraceError';
}

/**
 * The trace with only the calls made from `since` to `until`, both included, and in `turn`, and
 * how many were left out. A call without a readable time takes that of the call before it, as the
 * order does. Throws UnnarrowableTraceError when a time is asked and no call of the trace has
 * one, or a turn is asked that the trace does not mark. The window's ends are times isTraceTime
 * takes (checked by the caller).
 */
export function narrowTrace(trace: Trace, window: TraceWindow): Trace {
  if (window.since === undefined && window.until === undefined && window.turn === undefined) return trace;
  const inTurn = turnTest(trace, window.turn);
  const times = trace.calls.map((call) => (call.timestamp === undefined ? undefined : readTime(call.timestamp)?.ms));
  const timed = window.since !== undefined || window.until !== undefined;
  if (timed && trace.calls.length > 0 && times.every((time) => time === undefined))
    throw new UnnarrowableTraceError(
      'its calls carry no time (hook payloads have none), so no window of time (since, until) can narrow it',
    );
  const since = window.since === undefined ? Number.NEGATIVE_INFINITY : (readTime(window.since)?.ms ?? Number.NaN);
  const until = window.until === undefined ? Number.POSITIVE_INFINITY : (readTime(window.until)?.ms ?? Number.NaN);
  let carried = Number.NEGATIVE_INFINITY;
  const calls = trace.calls.filter((call, index) => {
    carried = times[index] ?? carried;
    return (!timed || (carried >= since && carried <= until)) && inTurn(call.turn);
  });
  const { since: from, until: to, turn } = window;
  const narrowed = {
    ...(from === undefined ? {} : { since: from }),
    ...(to === undefined ? {} : { until: to }),
    ...(turn === undefined ? {} : { turn }),
  };
  return { ...trace, calls, narrowed: { ...narrowed, outside: trace.calls.length - calls.length } };
}

/** Whether a call's turn is the one asked (any, when none is). */
function turnTest(trace: Trace, turn: number | undefined): (callTurn: number | undefined) => boolean {
  if (turn === undefined) return () => true;
  const turns = trace.turns?.[trace.turns.length - 1]?.number ?? 0;
  if (turns === 0) throw new UnnarrowableTraceError(`it marks no turns (a Codex session rollout does), so no turn (${turn}) can narrow it`);
  if (turn > turns) throw new UnnarrowableTraceError(`it has ${turns === 1 ? '1 turn' : `${turns} turns`}: there is no turn ${turn}`);
  return (callTurn) => callTurn === turn;
}
