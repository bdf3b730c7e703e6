import { ownValue } from '../common/own.js';
import { plural, show } from '../common/text.js';
import type { Rule } from './rule.js';
import { recordMatching } from './trace/support.js';

export const budgetAccounting: Rule = {
  meta: {
    id: 'budget-accounting',
    criterion: 'hard-budget',
    // budget.used recounted from the deep dives: the count the spec already holds, so the fix is safe.
    fixes: 'safe',
    description:
      'budget.used equals the number of deep dives (accounting deepDives) or the sum of their tokens (accounting diveTokens, which needs tokens on every dive).',
    rationale:
      'The budget counter must decrement on every expensive read and on nothing else; a counter that disagrees with the recorded dives hides reads or invents them.',
    examples: {
      failing: { title: 'budget.used says 2 while 3 deep dives are recorded.', apply: (spec) => void (spec.budget.used = 2) },
      passing: {
        title: 'A tokens budget whose used equals the sum of the tokens of the dives.',
        apply: (spec) => {
          spec.budget = { total: 12000, used: 4500, unit: 'tokens' };
          for (const dive of spec.deepDives) dive.tokens = 1500;
        },
      },
    },
  },
  check({ view, policy, report }) {
    const budget = view.budget();
    const dives = view.rawSection('deepDives');
    if (!budget || !dives) return;
    const unit = ownValue(policy.budget, budget.unit);
    if (!unit) return;
    if (unit.accounting === 'deepDives') {
      if (budget.used !== dives.length) {
        const spend = `each deep dive spends one ${budget.unit === 'reads' ? 'read' : 'unit'}`;
        // With a trace, the count of the dives is only right when it is the count of the reads:
        // set to fewer dives, used would drop a read the agent made (trace-budget names it).
        const reads = recordMatching(view)?.reads.length;
        if (reads !== undefined && reads !== dives.length) {
          report(
            '/budget/used',
            `budget.used is ${budget.used} but ${plural(dives.length, 'deep dive is', 'deep dives are')} recorded, and the trace shows ${plural(reads, 'successful read')}; ${spend}: record a deep dive for each read the agent made, and count them.`,
          );
          return;
        }
        report(
          '/budget/used',
          `budget.used is ${budget.used} but ${plural(dives.length, 'deep dive is', 'deep dives are')} recorded; ${spend}, so used must be ${dives.length}.`,
          undefined,
          { replacement: dives.length, safety: 'safe' },
        );
      }
      return;
    }
    const clean = view.items('deepDives', ['id', 'tokens']);
    if (clean.length !== dives.length) return;
    let spent = 0;
    let complete = true;
    for (const { value, path } of clean) {
      if (value.tokens === undefined) {
        complete = false;
        report(
          path,
          `deep dive ${show(value.id)} gives no tokens; with a budget in ${budget.unit} every deep dive records the tokens it spent. Add "tokens": N.`,
        );
      } else {
        spent += value.tokens;
      }
    }
    if (complete && spent !== budget.used) {
      report(
        '/budget/used',
        `budget.used is ${budget.used} but the deep dives spent ${spent} ${budget.unit} in all; set used to ${spent} or record the missing spending.`,
        undefined,
        { replacement: spent, safety: 'safe' },
      );
    }
  },
};
