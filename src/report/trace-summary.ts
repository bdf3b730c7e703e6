// What a report says of the agent's trace its spec was checked against: which trace, what it held,
// and which of its reads the record has. Paths only, never a result's content.
import type { SpecView } from '../rules/spec-view.js';
import { countCalls } from '../trace/counts.js';
import { asSpecNode, readsAgainstRecord, type TraceEvidence } from '../trace/evidence.js';
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
  /** Calls whose time names no zone, read as UTC; absent when none. */
  timesWithoutZone?: number;
  /** Successful reads: how many, how many of them the record's deep dives name, and the nodes of the others. */
  reads: { total: number; matched: number; unmatched: string[]; unmatchedCount: number };
}

export function traceSummary(evidence: TraceEvidence, view: SpecView): TraceSummary {
  const { trace } = evidence;
  const counts = countCalls(trace);
  const reads = readsAgainstRecord(
    evidence,
    view.items('deepDives', ['node']).map(({ value }) => value.node),
  );
  return {
    path: evidence.shown,
    sha256: trace.sha256,
    format: trace.format,
    versions: trace.versions,
    root: evidence.root ?? null,
    lines: trace.lines,
    calls: counts.calls,
    byTool: counts.byTool,
    failedCalls: counts.byStatus.failed,
    sidechainCalls: counts.sidechain,
    skippedLines: trace.skippedCount,
    ...(trace.timesWithoutZone === undefined ? {} : { timesWithoutZone: trace.timesWithoutZone }),
    reads: {
      total: reads.total,
      matched: reads.recorded,
      unmatched: reads.unrecorded.slice(0, NAMED_READS).map((path) => asSpecNode(evidence, path)),
      unmatchedCount: reads.unrecorded.length,
    },
  };
}
