import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Hypothesis } from '../spec/types.js';
import type { Rule } from './rule.js';
import { checkAllowed, checkMinimum, checkUniqueIds } from './support/checks.js';

export const hypothesesRanked: Rule = {
  meta: {
    id: 'hypotheses-ranked',
    criterion: 'ranked-hypotheses',
    description:
      'At least the minimum hypotheses, unique ids, integer priority and cost (gate: both at least 1), an allowed status and non-empty candidate nodes.',
    rationale:
      'Hypotheses are ranked by expected value over cost before any deep dive, and each points at the map nodes that would settle it. Reading "whatever looks interesting" without them is the anti-pattern the method exists to prevent.',
    examples: {
      failing: {
        title: 'A hypothesis with priority 0 and an unknown status.',
        apply: (spec) => {
          const hypothesis = spec.hypotheses[2] as Hypothesis;
          hypothesis.priority = 0;
          hypothesis.status = 'maybe';
        },
      },
      passing: { title: 'Three hypotheses ranked 1 to 3 with their costs.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    checkMinimum(context, 'hypotheses', policy.minimums.hypotheses, 'hypothesis');
    const hypotheses = view.items('hypotheses');
    checkUniqueIds(context, 'hypotheses', hypotheses);
    const { priority: minPriority, cost: minCost } = policy.minimums;
    for (const { value, path } of hypotheses) {
      if (minPriority !== null && value.priority < minPriority) {
        report(
          childPointer(path, 'priority'),
          `hypothesis ${show(value.id)} has priority ${value.priority}; priorities start at ${minPriority} (explored first).`,
        );
      }
      if (minCost !== null && value.cost < minCost) {
        report(
          childPointer(path, 'cost'),
          `hypothesis ${show(value.id)} has cost ${value.cost}; settling a hypothesis costs at least ${minCost}.`,
        );
      }
      checkAllowed(context, childPointer(path, 'status'), 'hypothesis status', value.status, policy.hypothesisStatuses);
      if (value.candidateNodes.length === 0) {
        report(
          childPointer(path, 'candidateNodes'),
          `hypothesis ${show(value.id)} points at no candidate nodes; name the map nodes that would confirm or invalidate it.`,
        );
      }
    }
  },
};
