import { ownValue } from '../../common/own.js';
import { listOf, plural, show } from '../../common/text.js';
import { pointer } from '../../diagnostics/pointer.js';
import type { TraceEvidence } from '../../trace/evidence.js';
import type { TraceCall } from '../../trace/types.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { readShown, recordMatching } from './support.js';

export const traceBudget: Rule = {
  meta: {
    id: 'trace-budget',
    criterion: 'trace',
    evidence: 'trace',
    // In a draft, a read the trace shows and the record lacks is a deep dive not written yet: `next` says which.
    draftCeiling: 'warning',
    // budget.used set to the reads the trace shows, when the record has a deep dive for each: the count of the evidence itself, so the fix is safe.
    fixes: 'safe',
    description:
      "budget.used is what the agent's trace spent: exactly its successful reads, or at least its tokens when the unit counts tokens; every read has a deep dive of its own, and the reads the record leaves out are named.",
    rationale:
      "The budget is the method's hard limit, and it only means something if every read is counted, and only reads. A trace with more reads (subagents' included) or more tokens than budget.used shows spending the record hides; fewer shows spending it invents. Record each read the trace shows as a deep dive, and count them.",
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
    const matching = recordMatching(view);
    const evidence = view.trace;
    const budget = view.budget();
    if (matching === undefined || evidence === undefined || budget === undefined) return;
    // A read left out is concluded only from every dive: one the schema rejected may stand for it.
    const unrecorded = matching.complete ? matching.unrecorded : [];
    const reportLeftOut = (prefix: string): void =>
      report(
        pointer('deepDives'),
        () => `${prefix}${leftOut(evidence, unrecorded)}; a deep dive records every read, counted in budget.used.`,
      );
    if (ownValue(policy.budget, budget.unit)?.accounting === 'diveTokens') {
      const tokens = evidence.trace.tokens;
      if (tokens === undefined) {
        if (unrecorded.length > 0)
          reportLeftOut(`the trace holds no token counts, so budget.used in ${show(budget.unit)} could not be checked against it; `);
        return;
      }
      const spent = tokens.input + tokens.output;
      if (budget.used < spent) {
        const also = unrecorded.length === 0 ? '' : `; and ${leftOut(evidence, unrecorded)}`;
        report(
          pointer('budget', 'used'),
          () =>
            `budget.used is ${budget.used} ${budget.unit} but the trace spent ${spent} tokens (input and output, once per message); count what the agent spent${also}.`,
        );
      } else if (unrecorded.length > 0) reportLeftOut('');
      return;
    }
    const total = matching.reads.length;
    if (budget.used !== total) {
      const also = unrecorded.length === 0 ? '' : `; ${leftOut(evidence, unrecorded)}`;
      // The trace's count is a fix only when the record has a deep dive for each read: else used
      // would disagree with the dives (budget-accounting), and the fix would fix nothing.
      const fix = view.rawSection('deepDives')?.length === total ? { replacement: total, safety: 'safe' as const } : undefined;
      report(
        pointer('budget', 'used'),
        () =>
          `budget.used is ${budget.used} but the trace shows ${plural(total, 'successful read')}${also}; count every read the agent made, a subagent's too, and no other (${show(budget.unit)}).`,
        undefined,
        fix,
      );
    } else if (unrecorded.length > 0) reportLeftOut('');
  },
};

/** The reads no deep dive stands for, named by their trace line and node. */
function leftOut(evidence: TraceEvidence, reads: readonly TraceCall[]): string {
  const named = listOf(reads, 10, (read) => readShown(evidence, read));
  return reads.length === 1
    ? `add a deep dive for the read at trace ${named}`
    : `add a deep dive for each of the ${reads.length} reads no deep dive stands for, at trace ${named}`;
}
