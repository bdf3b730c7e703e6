import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Hypothesis } from '../spec/types.js';
import type { Rule } from './rule.js';
import { checkAllowed, checkMinimum, checkUniqueIds } from './support/checks.js';

export const hypothesesRanked: Rule = {
  meta: {
    id: 'hypotheses-ranked',
    criterion: 'ranked-hypotheses',
    fixes: 'spelling',
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
    checkMinimum(context, 'hypotheses', policy.minimums.hypotheses, 'hypothesis', 'hypotheses');
    checkUniqueIds(context, 'hypotheses', view.items('hypotheses', ['id']));
    const { priority: minPriority, cost: minCost } = policy.minimums;
    if (minPriority !== null) {
      for (const { value, path } of view.items('hypotheses', ['id', 'priority'])) {
        if (value.priority >= minPriority) continue;
        report(
          childPointer(path, 'priority'),
          `hypothesis ${show(value.id)} has priority ${value.priority}; priorities start at ${minPriority} (explored first).`,
        );
      }
    }
    if (minCost !== null) {
      for (const { value, path } of view.items('hypotheses', ['id', 'cost'])) {
        if (value.cost >= minCost) continue;
        report(
          childPointer(path, 'cost'),
          `hypothesis ${show(value.id)} has cost ${value.cost}; settling a hypothesis costs at least ${minCost}.`,
        );
      }
    }
    for (const { value, path } of view.items('hypotheses', ['status'])) {
      checkAllowed(context, childPointer(path, 'status'), 'hypothesis status', value.status, policy.hypothesisStatuses);
    }
    for (const { value, path } of view.items('hypotheses', ['id', 'candidateNodes'])) {
      if (value.candidateNodes.length > 0) continue;
      report(
        childPointer(path, 'candidateNodes'),
        `hypothesis ${show(value.id)} points at no candidate nodes; name the map nodes that would confirm or invalidate it.`,
      );
    }
  },
};
