// Which read of the agent's trace each deep dive of a record stands for: one dive, one read. The
// k-th dive of a node is the k-th successful read of it in time; a dive past its node's reads has
// no read of its own, and a read no dive takes is one the record leaves out. Every output that
// speaks of the record against its trace (the trace rules, the report's summary, the HTML page,
// `next`, `--fix`) reads this one matching, so that none of them can disagree.
import { type TraceEvidence, tracePathOf } from './evidence.js';
import type { TraceCall } from './types.js';

export interface DiveRead {
  /** The dive's place in the list matched. */
  index: number;
  /** The node as the trace's absolute path; undefined when it cannot be placed (relative, and no root). */
  path: string | undefined;
  /** The read it stands for; undefined when its node has no read left for it. */
  read: TraceCall | undefined;
  /** Which dive of its node it is (1 for the first), and how many successful reads the node has. */
  nth: number;
  readsOfNode: number;
}

export interface ReadMatching {
  /** The dives, in the order given, each with its read. */
  dives: DiveRead[];
  /** Every successful read of the trace, in time order. */
  reads: TraceCall[];
  /** The reads no dive stands for, in time order. */
  unrecorded: TraceCall[];
  /**
   * The dives whose read breaks the time order of the others': the fewest whose removal leaves the
   * rest in the order their reads happened, each with a dive of the rest it contradicts (written
   * before it and read after it, or written after it and read before it).
   */
  outOfOrder: OutOfOrder[];
}

export interface OutOfOrder {
  /** The dive out of order, and the one it contradicts: places in `dives`. */
  dive: number;
  contradicts: number;
}

/** The reads of a chain after its first, as reads of their own: made once a call, so that each is the same object every time it is asked. */
const chained = new WeakMap<TraceCall, TraceCall[]>();

/**
 * The reads a call made: none for a call that is no read or has no node, the call itself, and for
 * a chain of reads (`moreReads`) one read more for each, at the call's line and time, with its own
 * node, program and partiality: each is matched to a deep dive of its own.
 */
export function readsOf(call: TraceCall): TraceCall[] {
  if (call.kind !== 'read' || call.target === undefined) return [];
  if (call.moreReads === undefined) return [call];
  let more = chained.get(call);
  if (more === undefined) {
    const { moreReads, program: _first, ...shared } = call;
    more = moreReads.map((read) => ({
      ...shared,
      ...(read.program === undefined ? {} : { program: read.program }),
      target: read.target,
      partial: read.partial,
    }));
    chained.set(call, more);
  }
  return [call, ...more];
}

/** The successful reads of the trace, in time order (a chain's in the order of its commands). */
export function successfulReads(evidence: TraceEvidence): TraceCall[] {
  return evidence.trace.calls.flatMap((call) => (call.status === 'ok' ? readsOf(call) : []));
}

/** Matches the deep dives whose nodes are `nodes` (in the record's order) with the trace's successful reads. */
export function matchReads(evidence: TraceEvidence, nodes: readonly string[]): ReadMatching {
  const reads = successfulReads(evidence);
  const readsOf = new Map<string, number[]>();
  reads.forEach((call, place) => {
    const target = call.target as string;
    const places = readsOf.get(target);
    if (places === undefined) readsOf.set(target, [place]);
    else places.push(place);
  });
  const taken = new Map<string, number>();
  const claimed = new Uint8Array(reads.length);
  const placeOfDive: number[] = [];
  const dives = nodes.map((node, index): DiveRead => {
    const path = tracePathOf(evidence, node);
    if (path === undefined) return { index, path, read: undefined, nth: 1, readsOfNode: 0 };
    const nth = (taken.get(path) ?? 0) + 1;
    taken.set(path, nth);
    const places = readsOf.get(path) ?? [];
    const place = places[nth - 1];
    if (place === undefined) return { index, path, read: undefined, nth, readsOfNode: places.length };
    claimed[place] = 1;
    placeOfDive[index] = place;
    return { index, path, read: reads[place], nth, readsOfNode: places.length };
  });
  return {
    dives,
    reads,
    unrecorded: reads.filter((_, place) => claimed[place] === 0),
    outOfOrder: outOfOrder(placeOfDive),
  };
}

/**
 * The dives of `places` (a sparse array: a dive without a read has none) outside one longest
 * strictly increasing run of their places, found in O(n log n) and the same on every machine.
 * A dive outside the run lies between two dives of it (or before the first, or after the last),
 * and its place cannot fall between theirs, or the run would not be longest: so one of the two
 * is a dive it contradicts.
 */
function outOfOrder(places: readonly number[]): OutOfOrder[] {
  const indexes = Object.keys(places).map(Number);
  // tails[k]: the dive whose place ends the lowest run of length k + 1 found so far.
  const tails: number[] = [];
  const before = new Map<number, number>();
  for (const index of indexes) {
    const place = places[index] as number;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((places[tails[middle] as number] as number) < place) low = middle + 1;
      else high = middle;
    }
    if (low > 0) before.set(index, tails[low - 1] as number);
    tails[low] = index;
  }
  const inRun = new Set<number>();
  for (let index = tails[tails.length - 1]; index !== undefined; index = before.get(index)) inRun.add(index);
  const found: OutOfOrder[] = [];
  let previous: number | undefined;
  const pending: number[] = [];
  const settle = (next: number | undefined): void => {
    for (const dive of pending) {
      const place = places[dive] as number;
      const contradicts = previous !== undefined && (places[previous] as number) > place ? previous : (next as number);
      found.push({ dive, contradicts });
    }
    pending.length = 0;
  };
  for (const index of indexes) {
    if (!inRun.has(index)) {
      pending.push(index);
      continue;
    }
    settle(index);
    previous = index;
  }
  settle(undefined);
  return found;
}
