import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { tracePlace } from '../../trace/evidence.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { diveReads } from './support.js';

export const traceDiveObserved: Rule = {
  meta: {
    id: 'trace-dive-observed',
    criterion: 'trace',
    evidence: 'trace',
    description: "Every deep dive's node has a successful read of it in the agent's trace.",
    rationale:
      'A deep dive is a claim that the agent read the node. The trace of its tool calls is the record of what it read: a dive with no read behind it, or only reads that failed, was not made. Record the dives the trace shows, or run the read.',
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
    const evidence = view.trace;
    if (evidence === undefined) return;
    for (const { dive, path, read } of diveReads(evidence, view.items('deepDives', ['node']))) {
      if (read !== undefined) continue;
      const where = childPointer(dive.path, 'node');
      if (path === undefined) {
        report(
          where,
          `deep dive node ${show(dive.value.node)} is relative and the trace has no root; give --trace-root (or root in x-trace), the folder the nodes are under.`,
        );
        continue;
      }
      const failed = evidence.trace.calls.find((call) => call.kind === 'read' && call.target === path && call.status !== 'ok');
      const tried =
        failed === undefined
          ? ''
          : ` (a read of it ${failed.status === 'failed' ? 'failed' : 'got no result'}: ${tracePlace(evidence, failed)})`;
      report(
        where,
        `the trace has no successful read of ${show(dive.value.node)}${tried}; record only the reads the agent made, or read it.`,
      );
    }
  },
};
