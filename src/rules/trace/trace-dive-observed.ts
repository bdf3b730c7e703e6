import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { tracePlace } from '../../trace/evidence.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { recordMatching } from './support.js';

export const traceDiveObserved: Rule = {
  meta: {
    id: 'trace-dive-observed',
    criterion: 'trace',
    evidence: 'trace',
    description:
      "Every deep dive stands for a successful read of its node in the agent's trace, one read a dive: the k-th dive of a node is its k-th read.",
    rationale:
      'A deep dive is a claim that the agent read the node once more. The trace of its tool calls is the record of what it read: a dive with no read behind it (a node never read, read only by calls that failed, or read fewer times than the record has dives of it) was not made. Record the dives the trace shows, one a read, or run the read.',
    examples: {
      failing: {
        title: 'The third deep dive names a node the trace never read.',
        apply: (spec) => {
          (spec.deepDives[2] as { node: string }).node = 'billing/legacy/round.js';
        },
        trace: (base) => baseTrace(base),
      },
      passing: { title: 'Every deep dive matches a Read of its node in the trace.', apply: () => {}, trace: (base) => baseTrace(base) },
    },
  },
  check({ view, report }) {
    const matching = recordMatching(view);
    const evidence = view.trace;
    if (matching === undefined || evidence === undefined) return;
    for (const { index, path, read, nth, readsOfNode } of matching.dives) {
      if (read !== undefined) continue;
      const dive = matching.items[index] as (typeof matching.items)[number];
      const where = childPointer(dive.path, 'node');
      const node = show(dive.value.node);
      if (path === undefined) {
        report(
          where,
          `deep dive node ${node} is relative and the trace has no root; give --trace-root (or root in x-trace), the folder the nodes are under.`,
        );
        continue;
      }
      if (readsOfNode > 0) {
        report(
          where,
          `the trace reads ${node} ${readsOfNode === 1 ? 'once' : `${readsOfNode} times`}, and this is deep dive ${nth} of it: it has no read of its own; record one deep dive a read, as the agent made them.`,
        );
        continue;
      }
      const failed = evidence.trace.calls.find((call) => call.kind === 'read' && call.target === path && call.status !== 'ok');
      const tried =
        failed === undefined
          ? ''
          : ` (a read of it ${failed.status === 'failed' ? 'failed' : 'got no result'}: ${tracePlace(evidence, failed)})`;
      report(where, `the trace has no successful read of ${node}${tried}; record only the reads the agent made, or read it.`);
    }
  },
};
