// What a report says of the agent's trace its spec was checked against: which trace, what it held,
// and which of its reads the record has. Paths only, never a result's content.
import { definedFields } from '../common/defined-fields.js';
import type { SpecView } from '../rules/spec-view.js';
import { type RecordMatching, recordMatching } from '../rules/trace/support.js';
import { countCalls } from '../trace/counts.js';
import { asSpecNode } from '../trace/evidence.js';
import type { TraceFormat } from '../trace/types.js';

/** Reads named in a report: a trace of thousands of reads names the first ones and counts the rest. */
const NAMED_READS = 50;

export interface TraceSummary {
  path: string;
  sha256: string;
  format: TraceFormat;
  /** The versions of the agent the trace names (Claude Code's, Codex's). */
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
   * the others (the first ones, in time order), each with its node and place in the trace; and the
   * deep dives whose read a subagent made (their places in `deepDives`, from 0, in order).
   */
  reads: { total: number; matched: number; unmatched: UnrecordedRead[]; unmatchedCount: number; subagentDives: number[] };
}

/** A read of the trace no deep dive stands for. */
export interface UnrecordedRead {
  /** As the spec would name it: relative to the root when under it. */
  node: string;
  line: number;
  id: string;
  timestamp?: string;
  /** Present when a subagent made the read. */
  subagent?: true;
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
        ...(read.sidechain ? { subagent: true as const } : {}),
      })),
      unmatchedCount: unrecorded.length,
      subagentDives: subagentDives(matching),
    },
  };
}

/** The places in `deepDives` of the dives whose read a subagent made: a dive matched is an item of the view, which knows its place. */
function subagentDives(matching: RecordMatching): number[] {
  return matching.dives.flatMap((dive) => {
    const item = matching.items[dive.index];
    return dive.read?.sidechain === true && item !== undefined ? [item.index] : [];
  });
}
