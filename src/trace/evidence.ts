// A trace as evidence for a spec: the calls, and the folder the spec's nodes are relative to.
import { relativeToRoot, resolveTracePath } from './paths.js';
import type { Trace, TraceCall } from './types.js';

export interface TraceEvidence {
  trace: Trace;
  /** The absolute folder a spec's relative nodes are under: --trace-root, else the cwd of the trace's first call. */
  root: string | undefined;
  /** The trace as the user named it, for messages. */
  shown: string;
  /**
   * The spec judged against it, as an absolute path of this machine, when it is a file: the
   * agent's writes to it (and to its briefs folder) are part of the method (trace-no-writes).
   */
  spec?: string;
}

/** A trace as evidence: its paths under `root` when given (absolute), else under the cwd of its first call that has one. */
export function traceEvidence(trace: Trace, shown: string, root?: string): TraceEvidence {
  return { trace, shown, root: root !== undefined ? resolveTracePath('/', root) : trace.calls.find((call) => call.cwd !== undefined)?.cwd };
}

/** A spec's node as the trace's absolute path (undefined when it is relative and there is no root). */
export function tracePathOf(evidence: TraceEvidence, node: string): string | undefined {
  return resolveTracePath(evidence.root, node);
}

/** Where a call is in the trace, for a message: its line, id and time. */
export function tracePlace(evidence: TraceEvidence, call: TraceCall): string {
  const time = call.timestamp === undefined ? '' : `, ${call.timestamp}`;
  return `${evidence.shown} line ${call.line}, ${call.id}${time}`;
}

/** A trace path as a spec would name it: relative to the root when under it. */
export function asSpecNode(evidence: TraceEvidence, path: string): string {
  return relativeToRoot(evidence.root, path);
}

/** A map call whose output the agent saw: answered, or failed yet printed paths (`surfacedOnFailure`). */
export function mapCallSeen(call: TraceCall): boolean {
  return call.kind === 'map' && (call.status === 'ok' || call.surfacedOnFailure === true);
}

/**
 * The names a spec may give a call's tool: the agent's own, and the classifier's when the agent
 * names it otherwise (Gemini's read_file is a Read), so that a record written either way matches.
 */
export function toolNamesOf(call: TraceCall): readonly string[] {
  return call.classifiedAs === undefined ? [call.tool] : [call.tool, call.classifiedAs];
}

/**
 * The name a record gives a call's tool, as a draft writes it and trace-tool's fix offers it: a
 * shell call's program, else the classifier's name (the one the presets list), else the agent's.
 */
export function recordedToolOf(call: TraceCall): string {
  return call.program ?? call.classifiedAs ?? call.tool;
}
