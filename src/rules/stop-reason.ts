import { isBlank, oneOf, show } from '../common/text.js';
import type { Rule } from './rule.js';

export const stopReason: Rule = {
  meta: {
    id: 'stop-reason',
    criterion: 'stop-reason',
    fixes: 'spelling',
    description:
      'An allowed stop reason with evidence; goal_resolved needs a deliverable (gate: and a confirmed hypothesis); budget_exhausted needs used == total; gate: every hypothesis invalidated with budget left needs goal_unresolved or escalated.',
    rationale:
      'The loop ends for a recorded reason that the rest of the spec bears out: a resolved goal has a deliverable backed by a confirmed hypothesis, an exhausted budget is really spent, and running out of hypotheses with budget left is an honest goal_unresolved, not a success.',
    examples: {
      failing: {
        title: 'budget_exhausted with 3 of 6 reads left.',
        apply: (spec) => {
          spec.stopCondition.reason = 'budget_exhausted';
        },
      },
      passing: { title: 'goal_resolved, with a deliverable and the confirmed H2 behind it.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const stop = view.stopCondition();
    if (!stop) return;
    if (!policy.stopReasons.includes(stop.reason)) {
      report('/stopCondition/reason', () => `stop reason ${show(stop.reason)} is not allowed; use ${oneOf(policy.stopReasons)}.`, {
        value: stop.reason,
        allowed: policy.stopReasons,
      });
      return;
    }
    if (policy.strict.stopEvidence && isBlank(stop.evidence, policy.strict.visibleText)) {
      report('/stopCondition/evidence', 'the stop condition has blank evidence; say what shows the stop reason holds.');
    }
    const budget = view.budget();
    const hypotheses = view.items('hypotheses', ['status']);
    if (stop.reason === 'goal_resolved') {
      const deliverable = view.deliverable();
      if (deliverable !== undefined && isBlank(deliverable, policy.strict.visibleText)) {
        report(
          '/deliverable',
          'the goal is marked resolved but the deliverable is blank; write the answer, synthesised from the findings.',
        );
      }
      if (
        policy.strict.resolvedNeedsConfirmed &&
        view.isComplete('hypotheses', ['status']) &&
        hypotheses.length > 0 &&
        !hypotheses.some(({ value }) => value.status === 'confirmed')
      ) {
        report(
          '/stopCondition/reason',
          'the goal is marked resolved but no hypothesis is confirmed; confirm the hypothesis the deliverable rests on, or stop with goal_unresolved.',
        );
      }
    }
    if (stop.reason === 'budget_exhausted' && budget && budget.used !== budget.total) {
      report(
        '/stopCondition/reason',
        `the stop reason is budget_exhausted but only ${budget.used} of ${budget.total} ${budget.unit} were used; stop for another reason, or record the spending.`,
      );
    }
    const endReasons = policy.strict.allInvalidatedReasons;
    const allInvalidated =
      view.isComplete('hypotheses', ['status']) && hypotheses.length > 0 && hypotheses.every(({ value }) => value.status === 'invalidated');
    if (endReasons && allInvalidated && budget && budget.used < budget.total && !endReasons.includes(stop.reason)) {
      report(
        '/stopCondition/reason',
        `every hypothesis was invalidated with ${budget.total - budget.used} ${budget.unit} left, so the stop reason must be ${oneOf(endReasons)}, not ${show(stop.reason)}; form new hypotheses from the findings, or close honestly.`,
      );
    }
  },
};
