import { oneOf } from '../common/text.js';
import type { Policy } from '../policy/types.js';
import type { SpecView } from '../rules/spec-view.js';
import type { Hypothesis } from '../spec/types.js';
import type { NextSteps, StopReasonVerdict } from './types.js';

/**
 * Each stop reason of the policy, and why it may not be recorded now, by the checks of the
 * stop-reason rule: goal_resolved needs a confirmed hypothesis (gate), budget_exhausted a spent
 * budget, and every hypothesis invalidated with budget left allows only the honest endings.
 */
export function stopReasonVerdicts(
  view: SpecView,
  policy: Policy,
  hypotheses: readonly Pick<Hypothesis, 'status'>[],
  budget: NextSteps['budget'],
): StopReasonVerdict[] {
  const rule = 'stop-reason';
  const allInvalidated = hypotheses.length > 0 && hypotheses.every((hypothesis) => hypothesis.status === 'invalidated');
  const endings = policy.strict.allInvalidatedReasons;
  const left = budget?.left ?? 0;
  const confirmed = hypotheses.some((hypothesis) => hypothesis.status === 'confirmed');
  const complete = view.isComplete('hypotheses', ['status']);
  return policy.stopReasons.map((reason): StopReasonVerdict => {
    if (endings !== null && allInvalidated && left > 0 && !endings.includes(reason))
      return { reason, why: `every hypothesis is invalidated with ${left} ${budget?.unit} left: only ${oneOf(endings)} is honest`, rule };
    // With no hypothesis yet, nothing can be confirmed either: the finished spec would fail its minimum.
    if (reason === 'goal_resolved' && policy.strict.resolvedNeedsConfirmed && (complete || hypotheses.length === 0) && !confirmed)
      return { reason, why: 'no hypothesis is confirmed by a deep dive yet', rule };
    if (reason === 'budget_exhausted' && left > 0) return { reason, why: `${left} ${budget?.unit} of the budget are left`, rule };
    return { reason, rule };
  });
}
