// What the trace-* rules share: which read of the trace each deep dive stands for (the map calls
// an entry records are in map-calls.ts).
import { show } from '../../common/text.js';
import type { DeepDive } from '../../spec/types.js';
import { asSpecNode, type TraceEvidence } from '../../trace/evidence.js';
import { matchReads, type ReadMatching } from '../../trace/match.js';
import type { TraceCall } from '../../trace/types.js';
import type { Item, SpecView } from '../spec-view.js';

/** The record's deep dives matched with the trace's reads (src/trace/match.ts), as the rules read them. */
export interface RecordMatching extends ReadMatching {
  /** The dives matched: those whose node the schema accepted, in the record's order. */
  items: readonly Item<Pick<DeepDive, 'node'>>[];
  /** Whether that is every dive: a read left out of the record is only concluded from all of them. */
  complete: boolean;
}

/** One matching a view: the rules, the report's summary and the fixes ask for the same one. */
const matchings = new WeakMap<SpecView, RecordMatching>();

/** The matching of the view's deep dives with its trace's reads; undefined without a trace. */
export function recordMatching(view: SpecView): RecordMatching | undefined {
  const evidence = view.trace;
  if (evidence === undefined) return undefined;
  let matching = matchings.get(view);
  if (matching === undefined) {
    const items = view.items('deepDives', ['node']);
    const matched = matchReads(
      evidence,
      items.map(({ value }) => value.node),
    );
    matching = { ...matched, items, complete: view.isComplete('deepDives', ['node']) };
    matchings.set(view, matching);
  }
  return matching;
}

/** A read for a message: its trace line and its node as the spec would name it. */
export function readShown(evidence: TraceEvidence, read: TraceCall): string {
  return `line ${read.line} (${show(asSpecNode(evidence, read.target as string))})`;
}
