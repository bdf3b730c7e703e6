// What a trace holds, counted once for every output that says it: `trace show` and the report's
// "Checked against the trace".
import { compareStrings } from '../diagnostics/diagnostic.js';
import { TRACE_FORMATS } from './formats/index.js';
import type { Trace, TraceFormat } from './types.js';

/** A format as outputs name it. */
export const TRACE_FORMAT_NAMES = Object.fromEntries(TRACE_FORMATS.map((format) => [format.format, format.name])) as Readonly<
  Record<TraceFormat, string>
>;

/** The agent whose versions a trace of the format names (Claude Code, Codex), if any. */
export function traceAgentOf(format: TraceFormat): string | undefined {
  return TRACE_FORMATS.find((reader) => reader.format === format)?.agent;
}

export interface TraceCounts {
  calls: number;
  /** Calls by tool, tools in code-unit order. */
  byTool: Record<string, number>;
  byKind: { map: number; read: number; other: number };
  byStatus: { ok: number; failed: number; 'no-result': number };
  /** Calls made by subagents. */
  sidechain: number;
}

export function countCalls(trace: Trace): TraceCounts {
  const byTool: Record<string, number> = Object.create(null);
  const byKind = { map: 0, read: 0, other: 0 };
  const byStatus = { ok: 0, failed: 0, 'no-result': 0 };
  let sidechain = 0;
  for (const call of trace.calls) {
    byTool[call.tool] = (byTool[call.tool] ?? 0) + 1;
    byKind[call.kind]++;
    byStatus[call.status]++;
    if (call.sidechain) sidechain++;
  }
  return { calls: trace.calls.length, byTool: sortedCounts(byTool), byKind, byStatus, sidechain };
}

/** Counts by name, names in code-unit order (on every machine and locale). */
export function sortedCounts(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => compareStrings(a, b)));
}
