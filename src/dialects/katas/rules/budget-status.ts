import { plural, show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { BUDGET_DIMENSIONS } from './budget.js';
import { integerOf, type KatasRule, textItems } from './support/read.js';

export const katasBudgetStatus: KatasRule = {
  meta: {
    id: 'katas-budget-status',
    criterion: 'hard-budget',
    description:
      'The budget status agrees with the budget: "exhausted_with_pending" only when some dimension is spent to its limit, and "complete" only with no question pending.',
    rationale:
      'The status says how the investigation ended, and a reader trusts it without redoing the sums: an exhausted budget has a dimension at its limit, and a complete investigation has no open question. Correct the used counts or the status, and answer the pending questions or declare the budget exhausted. The katas validator checks neither; the gate does.',
    examples: {
      failing: {
        title: 'A budget declared exhausted with every dimension under its limit.',
        apply: (report) => {
          const budget = objectAt(report, 'budget');
          budget['status'] = 'exhausted_with_pending';
          budget['pending_questions'] = ['Does the export for the EU region save its cursor the same way?'];
        },
      },
      passing: {
        title: 'A budget exhausted on its files, with the question left open.',
        apply: (report) => {
          const budget = objectAt(report, 'budget');
          objectAt(report, 'budget', 'files')['used'] = 12;
          budget['status'] = 'exhausted_with_pending';
          budget['pending_questions'] = ['Does the export for the EU region save its cursor the same way?'];
        },
      },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const budget = view.object(view.root, 'budget');
    if (budget === undefined) return;
    const status = view.field(budget, 'status');
    const path = childPointer(budget.path, 'status');
    if (status === policy.exhaustedStatus) {
      const spends = BUDGET_DIMENSIONS.map((dimension) => {
        const spend = view.object(budget, dimension);
        return { dimension, limit: integerOf(context, spend, 'limit'), used: integerOf(context, spend, 'used') };
      });
      const known = spends.every((spend) => spend.limit !== undefined && spend.used !== undefined);
      if (known && spends.every((spend) => (spend.used as number) < (spend.limit as number))) {
        const state = spends.map((spend) => `${spend.dimension} ${spend.used} of ${spend.limit}`).join(', ');
        report(
          path,
          `budget.status is ${show(status)}, yet no dimension is spent to its limit (${state}); set the status to "${policy.completeStatus}", or correct the used counts.`,
        );
      }
    }
    const list = view.list(budget, 'pending_questions');
    const pending = list === undefined ? [] : textItems(context, list).values;
    if (status === policy.completeStatus && pending.length > 0) {
      report(
        path,
        `budget.status is ${show(status)}, yet ${plural(pending.length, 'question is', 'questions are')} pending; answer them, or set the status to "${policy.exhaustedStatus}" if the budget ran out first.`,
      );
    }
  },
};
