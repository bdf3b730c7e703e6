// A trace read for a spec only once the spec is parsed: the nodes it names say which surfaced
// paths the reader keeps (kept-paths.ts), so the caller hands the core a reader, not the trace.
import type { TraceEvidence } from './evidence.js';

/** A trace read for a spec once its nodes are known (kept-paths.ts, `namedNodesOf`); it may throw, for its caller to catch. */
export type TraceReader = (nodes: readonly string[]) => TraceEvidence;

/**
 * `read`, remembering what it read for the last nodes asked: a spec judged twice (its fixes, then
 * the fixed text; a draft, then as final) reads its trace once.
 */
export function rememberedReader(read: TraceReader): TraceReader {
  let last: { key: string; evidence: TraceEvidence } | undefined;
  return (nodes) => {
    const key = nodes.join('\u0000');
    if (last?.key !== key) last = { key, evidence: read(nodes) };
    return last.evidence;
  };
}
