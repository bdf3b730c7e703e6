import { ownValue } from '../common/own.js';
import { oneOf, show } from '../common/text.js';
import type { Rule } from './rule.js';

export const budgetLimit: Rule = {
  meta: {
    id: 'budget-limit',
    criterion: 'hard-budget',
    fixes: 'spelling',
    description: "The budget's unit is allowed, its total lies in the policy's range for that unit, and 0 <= used <= total.",
    rationale:
      'A hard budget is only a bound if it is a sane one: an allowed unit, a total within the range the policy trusts, and spending that never goes negative or past the total.',
    examples: {
      failing: { title: 'A reads budget of 80, above the policy range of 1 to 50.', apply: (spec) => void (spec.budget.total = 80) },
      passing: { title: 'A reads budget of 6, of which 3 were used.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const budget = view.budget();
    if (!budget) return;
    const units = Object.keys(policy.budget);
    const unit = ownValue(policy.budget, budget.unit);
    if (!unit) {
      report('/budget/unit', () => `budget unit ${show(budget.unit)} is not allowed; use ${oneOf(units)}.`, {
        value: budget.unit,
        allowed: units,
      });
    } else if (budget.total < unit.minTotal || budget.total > unit.maxTotal) {
      report(
        '/budget/total',
        `budget.total ${budget.total} is outside the allowed range ${unit.minTotal} to ${unit.maxTotal} ${budget.unit}; fix a total within it before starting.`,
      );
    }
    if (budget.used < 0) {
      report('/budget/used', `budget.used ${budget.used} is negative; it counts what was spent, from 0.`);
    } else if (budget.used > budget.total) {
      report(
        '/budget/used',
        `budget.used ${budget.used} exceeds budget.total ${budget.total}: a hard budget is never overspent. Stop at the total and record budget_exhausted.`,
      );
    }
  },
};
