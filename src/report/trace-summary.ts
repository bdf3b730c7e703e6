// What a report says of the agent's trace its spec was checked against: which trace, what it held,
// and which of its reads the record has. Paths only, never a result's content.
import type { SpecView } from '../rules/spec-view.js';
import { asSpecNode, successfulReads, type TraceEvidence, tracePathOf } from '../trace/evidence.js';
import type { TraceFormat } from '../trace/types.js';

/** Reads named in a report: a trace of thousands of reads names the first ones and counts the rest. */
const NAMED_READS = 50;

export interface TraceSummary {
  path: string;
  sha256: string;
  format: TraceFormat;
  /** Claude Code versions the transcript names. */
  versions: string[];
  /** The folder the spec's nodes are under; null when the trace gives none. */
  root: string | null;
  lines: number;
  calls: number;
  /** Calls by tool, by name. */
  byTool: Record<string, number>;
  failedCalls: number;
  sidechainCalls: number;
  /** Lines of the trace that could not be read. */
  skippedLines: number;
  /** Successful reads: how many, how many of them the record's deep dives name, and the nodes of the others. */
  reads: { total: number; matched: number; unmatched: string[]; unmatchedCount: number };
}

export function traceSummary(evidence: TraceEvidence, view: SpecView): TraceSummary {
  const { trace } = evidence;
  const byTool: Record<string, number> = {};
  for (const call of trace.calls) byTool[call.tool] = (byTool[call.tool] ?? 0) + 1;
  const recorded = new Set<string>();
  for (const { value } of view.items('deepDives', ['node'])) {
    const path = tracePathOf(evidence, value.node);
    if (path !== undefined) recorded.add(path);
  }
  const reads = successfulReads(evidence);
  const unmatched = [...new Set(reads.map((call) => call.target as string).filter((path) => !recorded.has(path)))];
  return {
    path: evidence.shown,
    sha256: trace.sha256,
    format: trace.format,
    versions: trace.versions,
    root: evidence.root ?? null,
    lines: trace.lines,
    calls: trace.calls.length,
    byTool: Object.fromEntries(Object.entries(byTool).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    failedCalls: trace.calls.filter((call) => call.status === 'failed').length,
    sidechainCalls: trace.calls.filter((call) => call.sidechain).length,
    skippedLines: trace.skippedCount,
    reads: {
      total: reads.length,
      matched: reads.filter((call) => recorded.has(call.target as string)).length,
      unmatched: unmatched.slice(0, NAMED_READS).map((path) => asSpecNode(evidence, path)),
      unmatchedCount: unmatched.length,
    },
  };
}
