import { oneOf, show } from '../common/text.js';
import type { Policy } from '../policy/types.js';
import type { SpecView } from '../rules/spec-view.js';
import { decidingDiveName } from '../rules/support/settled.js';
import type { Hypothesis } from '../spec/types.js';
import type { Standing } from './hypotheses.js';
import type { NextSteps, StopReasonVerdict } from './types.js';

/**
 * Each stop reason of the policy, and why it may not be recorded now, by the checks of the
 * stop-reason rule: goal_resolved needs a confirmed hypothesis (gate), budget_exhausted a spent
 * budget, and every hypothesis invalidated with budget left allows only the honest endings.
 * `recorded` holds the statuses as written, `standing` the statuses the deep dives give: a
 * hypothesis counts as confirmed only when both say so, and one that only its deep dives confirm
 * is named, with its status to update first.
 */
export function stopReasonVerdicts(
  view: SpecView,
  policy: Policy,
  recorded: readonly Pick<Hypothesis, 'id' | 'status'>[],
  standing: Standing,
  budget: NextSteps['budget'],
): StopReasonVerdict[] {
  const rule = 'stop-reason';
  const { hypotheses, drifts } = standing;
  const allInvalidated = hypotheses.length > 0 && hypotheses.every((hypothesis) => hypothesis.status === 'invalidated');
  const endings = policy.strict.allInvalidatedReasons;
  const left = budget?.left ?? 0;
  const drifting = new Set(drifts.map((drift) => drift.hypothesisId));
  const confirmed = recorded.some((hypothesis) => hypothesis.status === 'confirmed' && !drifting.has(hypothesis.id));
  const behind = drifts.find((drift) => drift.dive.settles === 'confirmed');
  const overturned = drifts.find((drift) => drift.status === 'confirmed');
  const complete = view.isComplete('hypotheses', ['status']);
  return policy.stopReasons.map((reason): StopReasonVerdict => {
    if (endings !== null && allInvalidated && left > 0 && !endings.includes(reason))
      return { reason, why: `every hypothesis is invalidated with ${left} ${budget?.unit} left: only ${oneOf(endings)} is honest`, rule };
    // With no hypothesis yet, nothing can be confirmed either: the finished spec would fail its minimum.
    if (reason === 'goal_resolved' && policy.strict.resolvedNeedsConfirmed && (complete || recorded.length === 0) && !confirmed)
      return {
        reason,
        why:
          behind !== undefined
            ? `set the status of ${show(behind.hypothesisId)} to "confirmed" first: ${decidingDiveName(behind.dive)} confirms it, but the status still says ${show(behind.status)}`
            : overturned !== undefined
              ? `${show(overturned.hypothesisId)} is no longer confirmed: ${decidingDiveName(overturned.dive)}, the last to decide it, ${overturned.dive.effect} it`
              : 'no hypothesis is confirmed by a deep dive yet',
        rule,
      };
    if (reason === 'budget_exhausted' && left > 0) return { reason, why: `${left} ${budget?.unit} of the budget are left`, rule };
    return { reason, rule };
  });
}
