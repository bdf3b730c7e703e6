import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { mapCallSeen, type TraceEvidence, tracePlace } from '../../trace/evidence.js';
import { readsOf } from '../../trace/match.js';
import type { TraceCall } from '../../trace/types.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { type RecordMatching, recordMatching } from './support.js';

export const traceOrder: Rule = {
  meta: {
    id: 'trace-order',
    criterion: 'trace',
    evidence: 'trace',
    description:
      "Each deep dive's node was surfaced by a successful cheap call before the read the dive stands for, and the deep dives are written in the order their reads happened, in the trace's time.",
    rationale:
      'The method maps before it reads: a read of a node no cheap call had surfaced yet is a blind read, whatever order the spec writes its sections in. And the deep dives are the story of the investigation: a record that puts a late read first (to make a priority look followed) tells another story than the agent lived. The trace keeps the time of every call; map first, read what the map surfaced, and record the reads in the order they were made.',
    examples: {
      failing: {
        title: 'The trace shows every read made before any map call.',
        apply: () => {},
        trace: (base) => baseTrace(base, { readsFirst: true }),
      },
      passing: { title: 'The trace maps first, then reads what the map surfaced.', apply: () => {}, trace: (base) => baseTrace(base) },
    },
  },
  check({ view, report }) {
    const matching = recordMatching(view);
    const evidence = view.trace;
    if (matching === undefined || evidence === undefined) return;
    const { calls } = evidence.trace;
    // A chain's reads are each at the place of their call.
    const position = new Map(calls.flatMap((call, index) => readsOf(call).map((read) => [read, index] as const)));
    // Each node's first surfacing, found in one pass over the calls rather than once a dive.
    const firstSurfaced = new Map<string, number>();
    calls.forEach((call, index) => {
      if (!mapCallSeen(call)) return;
      for (const path of call.surfaced ?? []) if (!firstSurfaced.has(path)) firstSurfaced.set(path, index);
    });
    const contradicted = new Map(matching.outOfOrder.map(({ dive, contradicts }) => [dive, contradicts]));
    for (const { index, path, read } of matching.dives) {
      if (read === undefined || path === undefined) continue;
      const dive = matching.items[index] as (typeof matching.items)[number];
      const where = childPointer(dive.path, 'node');
      const other = contradicted.get(index);
      if (other !== undefined) report(where, () => orderMessage(evidence, matching, index, other));
      const at = position.get(read) as number;
      const surfacing = firstSurfaced.get(path) ?? -1;
      if (surfacing !== -1 && surfacing < at) continue;
      const later =
        surfacing === -1
          ? 'no cheap call of the trace ever surfaced it'
          : `it was first surfaced later (${tracePlace(evidence, calls[surfacing] as TraceCall)})`;
      report(
        where,
        `${show(dive.value.node)} was read (${tracePlace(evidence, read)}) before any cheap call surfaced it: ${later}; map first, then read what the map surfaced.`,
      );
    }
  },
};

/** Why the dive at `index` is out of order: the dive `other`, on its other side in the record and in time. */
function orderMessage(evidence: TraceEvidence, matching: RecordMatching, index: number, other: number): string {
  const { dives, items } = matching;
  const theirs = dives[other]?.read as TraceCall;
  // Only the node is read from the dive: its id is named when it is a string, else its place.
  const dive = items[other] as (typeof items)[number];
  const id = (dive.value as { id?: unknown }).id;
  const name = typeof id === 'string' ? show(id) : `deep dive ${dive.index + 1}`;
  const relation =
    other > index ? `${name}, written after it, stands for an earlier read` : `${name}, written before it, stands for a later read`;
  return `this deep dive stands for the read at ${tracePlace(evidence, dives[index]?.read as TraceCall)}, but ${relation} (${tracePlace(evidence, theirs)}); write the deep dives in the order the agent read.`;
}
