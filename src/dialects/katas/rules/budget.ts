import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { fieldName, type KatasRule, readAllowed, readInteger, readObject, readTexts } from './support/read.js';

/** The three dimensions of a katas budget, in the order the format lists them. */
export const BUDGET_DIMENSIONS = ['files', 'queries', 'minutes'] as const;

export const katasBudget: KatasRule = {
  meta: {
    id: 'katas-budget',
    criterion: 'hard-budget',
    description:
      'The budget gives files, queries and minutes each a limit of at least 1 and a use from 0 up to that limit, a known status, and the pending questions, which an exhausted budget must list.',
    rationale:
      'A hard budget fixed before the first read is what stops an exploration from reading everything. Give each dimension {"limit": N, "used": N} and never spend past a limit: stop there, set the status to "exhausted_with_pending" and list the questions left open, so that whoever continues knows what remains.',
    examples: {
      failing: {
        title: 'Thirteen files read against a limit of twelve.',
        apply: (report) => void (objectAt(report, 'budget', 'files')['used'] = 13),
      },
      passing: { title: 'Four of twelve files, three of eight queries and twenty of forty-five minutes spent.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const budget = readObject(
      context,
      view.root,
      'budget',
      'give it files, queries and minutes, each as {"limit": N, "used": N}, a status and pending_questions.',
    );
    if (budget === undefined) return;
    const status = readAllowed(context, budget, 'status', policy.budgetStatuses);
    for (const dimension of BUDGET_DIMENSIONS) {
      const spend = readObject(context, budget, dimension, 'give it as {"limit": N, "used": N}.');
      if (spend === undefined) continue;
      const limit = readInteger(context, spend, 'limit', 1, 'fix the limit before the first read, as a whole number of at least 1.');
      const used = readInteger(context, spend, 'used', 0, 'count what was spent, as a whole number from 0 up to the limit.');
      if (limit === undefined || used === undefined || used <= limit) continue;
      const path = childPointer(spend.path, 'used');
      report(
        path,
        `${fieldName(path)} is ${used}, above its limit of ${limit}: a hard budget is never overrun. Stop at the limit, and set budget.status to "${policy.exhaustedStatus}" with the questions left open.`,
      );
    }
    const pending = readTexts(context, budget, 'pending_questions', 'write each open question as a sentence, or leave the list empty.');
    if (status === policy.exhaustedStatus && pending?.complete === true && pending.values.length === 0) {
      report(
        childPointer(budget.path, 'pending_questions'),
        `budget.status is "${policy.exhaustedStatus}" but budget.pending_questions is empty; list the questions the budget left open.`,
      );
    }
  },
};
