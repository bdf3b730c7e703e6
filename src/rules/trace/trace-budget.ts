import { show } from '../../common/text.js';
import { pointer } from '../../diagnostics/pointer.js';
import { asSpecNode, readsAgainstRecord } from '../../trace/evidence.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { firstFew } from './support.js';

export const traceBudget: Rule = {
  meta: {
    id: 'trace-budget',
    criterion: 'trace',
    evidence: 'trace',
    // In a draft, a read the trace shows and the record lacks is a deep dive not written yet: `next` says which.
    draftCeiling: 'warning',
    description:
      "budget.used is at least what the agent's trace spent: its successful reads, or its tokens when the unit counts tokens; the reads the record leaves out are listed.",
    rationale:
      "The budget is the method's hard limit, and it only means something if every read is counted. A trace with more reads (subagents' included) or more tokens than budget.used shows spending the record hides: record the reads, and count them.",
    examples: {
      failing: {
        title: 'budget.used says 2 where the trace shows 3 reads.',
        apply: (spec) => {
          spec.budget.used = 2;
        },
        trace: (base) => baseTrace(base),
      },
      passing: { title: 'budget.used counts the 3 reads the trace shows.', apply: () => {}, trace: (base) => baseTrace(base) },
    },
  },
  check({ view, policy, report }) {
    const evidence = view.trace;
    const budget = view.budget();
    if (evidence === undefined || budget === undefined) return;
    const accounting = Object.hasOwn(policy.budget, budget.unit) ? policy.budget[budget.unit]?.accounting : undefined;
    if (accounting === 'diveTokens') {
      const tokens = evidence.trace.tokens;
      if (tokens === undefined) return;
      const spent = tokens.input + tokens.output;
      if (budget.used >= spent) return;
      report(
        pointer('budget', 'used'),
        `budget.used is ${budget.used} ${budget.unit} but the trace spent ${spent} tokens (input and output, once per message); count what the agent spent.`,
      );
      return;
    }
    const reads = readsAgainstRecord(
      evidence,
      view.items('deepDives', ['node']).map(({ value }) => value.node),
    );
    if (budget.used >= reads.total) return;
    const left =
      reads.unrecorded.length === 0
        ? ''
        : `; reads not in the record: ${firstFew(reads.unrecorded.map((path) => asSpecNode(evidence, path)))}`;
    report(
      pointer('budget', 'used'),
      `budget.used is ${budget.used} but the trace shows ${reads.total} successful reads${left}; count every read, a subagent's too (${show(budget.unit)}).`,
    );
  },
};
