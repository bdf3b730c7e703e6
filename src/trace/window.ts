// A trace narrowed to the calls of one investigation: a session may hold more than that.
import type { Trace } from './types.js';

export interface TraceWindow {
  /** ISO 8601 times, both ends included. */
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
 * Throws UntimedTraceError when no call of the trace has a time.
 */
export function narrowTrace(trace: Trace, window: TraceWindow): Trace {
  if (window.since === undefined && window.until === undefined) return trace;
  if (trace.calls.length > 0 && trace.calls.every((call) => call.timestamp === undefined || Number.isNaN(Date.parse(call.timestamp))))
    throw new UntimedTraceError('its calls carry no time (hook payloads have none), so no window of time (since, until) can narrow it');
  const since = window.since === undefined ? Number.NEGATIVE_INFINITY : Date.parse(window.since);
  const until = window.until === undefined ? Number.POSITIVE_INFINITY : Date.parse(window.until);
  let carried = Number.NEGATIVE_INFINITY;
  const calls = trace.calls.filter((call) => {
    const time = call.timestamp === undefined ? Number.NaN : Date.parse(call.timestamp);
    if (!Number.isNaN(time)) carried = time;
    return carried >= since && carried <= until;
  });
  return { ...trace, calls, narrowed: { ...window, outside: trace.calls.length - calls.length } };
}

/** The shape of a time the window takes: an ISO 8601 date, or date and time (the schema's traceLink holds the same pattern). */
export const TRACE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Whether `text` is a time the window takes: of that shape, and a day and hour that exist. The
 * date is checked by its parts, since Date.parse rolls "2026-02-31" over into March.
 */
export function isTraceTime(text: string): boolean {
  if (!TRACE_TIME.test(text) || Number.isNaN(Date.parse(text))) return false;
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
