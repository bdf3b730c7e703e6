import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { tracePlace } from '../../trace/evidence.js';
import type { TraceCall } from '../../trace/types.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { diveReads } from './support.js';

export const traceOrder: Rule = {
  meta: {
    id: 'trace-order',
    criterion: 'trace',
    evidence: 'trace',
    description: "Each deep dive's node was surfaced by a successful cheap call before the read the dive stands for, in the trace's time.",
    rationale:
      'The method maps before it reads: a read of a node no cheap call had surfaced yet is a blind read, whatever order the spec writes its sections in. The trace keeps the time of every call; map first, then read what the map surfaced.',
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
    const evidence = view.trace;
    if (evidence === undefined) return;
    const { calls } = evidence.trace;
    const position = new Map(calls.map((call, index) => [call, index]));
    // Each node's first surfacing, found in one pass over the calls rather than once a dive.
    const firstSurfaced = new Map<string, number>();
    calls.forEach((call, index) => {
      if (call.kind !== 'map' || call.status !== 'ok') return;
      for (const path of call.surfaced ?? []) if (!firstSurfaced.has(path)) firstSurfaced.set(path, index);
    });
    for (const { dive, path, read } of diveReads(evidence, view.items('deepDives', ['node']))) {
      if (read === undefined || path === undefined) continue;
      const at = position.get(read) as number;
      const surfacing = firstSurfaced.get(path) ?? -1;
      if (surfacing !== -1 && surfacing < at) continue;
      const later =
        surfacing === -1
          ? 'no cheap call of the trace ever surfaced it'
          : `it was first surfaced later (${tracePlace(evidence, calls[surfacing] as TraceCall)})`;
      report(
        childPointer(dive.path, 'node'),
        `${show(dive.value.node)} was read (${tracePlace(evidence, read)}) before any cheap call surfaced it: ${later}; map first, then read what the map surfaced.`,
      );
    }
  },
};
