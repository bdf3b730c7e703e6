// What a report says of the agent's trace its spec was checked against: which trace, what it held,
// and which of its reads the record has. Paths only, never a result's content.
import { definedFields } from '../common/defined-fields.js';
import type { SpecView } from '../rules/spec-view.js';
import { recordMatching } from '../rules/trace/support.js';
import { countCalls } from '../trace/counts.js';
import { asSpecNode } from '../trace/evidence.js';
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
  /**
   * The tokens the agent spent (input and output, once per message); null when the trace holds no
   * token counts (hook payloads), so that a budget in tokens could not be checked against it.
   */
  tokens: { input: number; output: number } | null;
  /**
   * Successful reads: how many, how many of them a deep dive stands for (one dive, one read), and
   * the others (the first ones, in time order), each with its node and place in the trace.
   */
  reads: { total: number; matched: number; unmatched: UnrecordedRead[]; unmatchedCount: number };
}

/** A read of the trace no deep dive stands for. */
export interface UnrecordedRead {
  /** As the spec would name it: relative to the root when under it. */
  node: string;
  line: number;
  id: string;
  timestamp?: string;
}

/** What the report says of the trace the view was checked against; undefined without one. */
export function traceSummary(view: SpecView): TraceSummary | undefined {
  const evidence = view.trace;
  const matching = recordMatching(view);
  if (evidence === undefined || matching === undefined) return undefined;
  const { trace } = evidence;
  const counts = countCalls(trace);
  const unrecorded = matching.unrecorded;
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
    tokens: trace.tokens === undefined ? null : { input: trace.tokens.input, output: trace.tokens.output },
    reads: {
      total: matching.reads.length,
      matched: matching.reads.length - unrecorded.length,
      unmatched: unrecorded.slice(0, NAMED_READS).map((read) => ({
        node: asSpecNode(evidence, read.target as string),
        line: read.line,
        id: read.id,
        ...definedFields({ timestamp: read.timestamp }),
      })),
      unmatchedCount: unrecorded.length,
    },
  };
}
