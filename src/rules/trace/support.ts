// What the trace-* rules share: which read of the trace each deep dive stands for (the map calls
// an entry records are in map-calls.ts).
import { show } from '../../common/text.js';
import type { DeepDive } from '../../spec/types.js';
import { successfulReads, type TraceEvidence, tracePathOf } from '../../trace/evidence.js';
import type { TraceCall } from '../../trace/types.js';
import type { Item } from '../spec-view.js';

/** A deep dive and the read of the trace it stands for: the k-th dive of a node is its k-th successful read. */
export interface DiveRead {
  dive: Item<Pick<DeepDive, 'node'>>;
  /** The node as the trace's absolute path; undefined when it cannot be placed (relative, and no root). */
  path: string | undefined;
  read: TraceCall | undefined;
}

/**
 * By the list of dives: three rules ask for the same pairing, and a view hands each of them the
 * same list (SpecView caches it), which belongs to that view and so to its one trace.
 */
const paired = new WeakMap<readonly Item<Pick<DeepDive, 'node'>>[], DiveRead[]>();

export function diveReads(evidence: TraceEvidence, dives: readonly Item<Pick<DeepDive, 'node'>>[]): DiveRead[] {
  let reads = paired.get(dives);
  if (reads === undefined) {
    reads = pairDives(evidence, dives);
    paired.set(dives, reads);
  }
  return reads;
}

function pairDives(evidence: TraceEvidence, dives: readonly Item<Pick<DeepDive, 'node'>>[]): DiveRead[] {
  const readsOf = new Map<string, TraceCall[]>();
  for (const call of successfulReads(evidence)) {
    const target = call.target as string;
    const reads = readsOf.get(target);
    if (reads === undefined) readsOf.set(target, [call]);
    else reads.push(call);
  }
  const taken = new Map<string, number>();
  return dives.map((dive) => {
    const path = tracePathOf(evidence, dive.value.node);
    if (path === undefined) return { dive, path, read: undefined };
    const count = taken.get(path) ?? 0;
    taken.set(path, count + 1);
    // A dive past the reads of its node stands for the last one: it claims a read the trace does not repeat.
    const reads = readsOf.get(path) ?? [];
    return { dive, path, read: reads[Math.min(count, reads.length - 1)] };
  });
}

/** Up to `most` items of a list for a message, and how many more. */
export function firstFew(items: readonly string[], most = 5): string {
  const shown = items.slice(0, most).map((item) => show(item));
  return items.length > most ? `${shown.join(', ')} and ${items.length - most} more` : shown.join(', ');
}
