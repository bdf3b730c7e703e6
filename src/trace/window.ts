// A trace narrowed to the calls of one investigation: a session may hold more than that.
import { readTime } from './time.js';
import type { Trace } from './types.js';

export interface TraceWindow {
  /** ISO 8601 times (see TRACE_TIME), both ends included. */
  since?: string;
  until?: string;
}

/** A window asked of a trace whose calls carry no time (hook payloads). */
export class UntimedTraceError extends Error {
  override readonly name = 'UntimedTraceError';
}

/**
 * The trace with only the calls made from `since` to `until`, both included, and how many were
 * left out. A call without a readable time takes that of the call before it, as the order does.
 * Throws UntimedTraceError when no call of the trace has a time. The window's ends are times
 * isTraceTime takes (checked by the caller).
 */
export function narrowTrace(trace: Trace, window: TraceWindow): Trace {
  if (window.since === undefined && window.until === undefined) return trace;
  const times = trace.calls.map((call) => (call.timestamp === undefined ? undefined : readTime(call.timestamp)?.ms));
  if (trace.calls.length > 0 && times.every((time) => time === undefined))
    throw new UntimedTraceError('its calls carry no time (hook payloads have none), so no window of time (since, until) can narrow it');
  const since = window.since === undefined ? Number.NEGATIVE_INFINITY : (readTime(window.since)?.ms ?? Number.NaN);
  const until = window.until === undefined ? Number.POSITIVE_INFINITY : (readTime(window.until)?.ms ?? Number.NaN);
  let carried = Number.NEGATIVE_INFINITY;
  const calls = trace.calls.filter((_, index) => {
    carried = times[index] ?? carried;
    return carried >= since && carried <= until;
  });
  return { ...trace, calls, narrowed: { ...window, outside: trace.calls.length - calls.length } };
}
