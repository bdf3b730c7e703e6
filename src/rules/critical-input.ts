import { isRecord } from '../common/guards.js';
import { isBlank } from '../common/text.js';
import type { ExampleSpec, Rule } from './rule.js';

/** The marker the method prescribes when a datum it cannot guess is missing. */
export const CRITICAL_MARKER = '{VACIO_CRITICO}';

export type CriticalSubcode = 'MISSING_GOAL' | 'MISSING_BUDGET' | 'MISSING_BUDGET_TOTAL';

export const criticalSubcodes: Readonly<Record<CriticalSubcode, string>> = {
  MISSING_GOAL: 'the goal is missing, null or blank',
  MISSING_BUDGET: 'the budget is missing or null',
  MISSING_BUDGET_TOTAL: 'budget.total is missing, null or 0, or the budget is not an object',
};

export interface CriticalGap {
  subcode: CriticalSubcode;
  path: string;
  message: string;
}

/** What is missing among the data the method refuses to guess: the goal and the hard budget. */
export function findCriticalGaps(data: Record<string, unknown>, visibleText: boolean): CriticalGap[] {
  const gaps: CriticalGap[] = [];
  const goal = data['goal'];
  if (goal === undefined || goal === null || (typeof goal === 'string' && isBlank(goal, visibleText))) {
    gaps.push({
      subcode: 'MISSING_GOAL',
      path: '/goal',
      message: `${CRITICAL_MARKER} the goal is missing. What must this investigation find out? Add it as "goal".`,
    });
  }
  const budget = data['budget'];
  if (budget === undefined || budget === null) {
    gaps.push({
      subcode: 'MISSING_BUDGET',
      path: '/budget',
      message: `${CRITICAL_MARKER} the hard budget is missing. How many expensive reads (or tokens) may the investigation spend? Add "budget": {"total": N, "used": 0, "unit": "reads"}; it is never filled in for you.`,
    });
  } else if (!isRecord(budget) || budget['total'] === undefined || budget['total'] === null || budget['total'] === 0) {
    const detail = !isRecord(budget)
      ? 'the budget is not an object with a total'
      : budget['total'] === 0
        ? 'budget.total is 0'
        : 'budget.total is missing';
    gaps.push({
      subcode: 'MISSING_BUDGET_TOTAL',
      path: isRecord(budget) ? '/budget/total' : '/budget',
      message: `${CRITICAL_MARKER} ${detail}. How many expensive reads (or tokens) may the investigation spend? Set budget.total to that number; it is never filled in for you.`,
    });
  }
  return gaps;
}

export const criticalInput: Rule = {
  meta: {
    id: 'critical-input',
    criterion: 'hard-budget',
    foundation: { neverAccepted: 'a missing goal or budget is asked for, never accepted' },
    description:
      'The goal and a hard budget with a non-zero total are present; otherwise the compiler stops with {VACIO_CRITICO} and asks for them.',
    rationale:
      'Without a goal there is nothing to resolve, and without a hard budget the loop has no stop condition. The method never guesses either: it stops at once, names the missing datum and asks for it (exit code 4, no report).',
    examples: {
      failing: {
        title: 'The spec has no budget, so the investigation had no stop condition.',
        apply: (spec) => void delete (spec as Partial<ExampleSpec>).budget,
      },
      passing: { title: 'A goal and a hard budget of 6 reads fixed up front.', apply: () => {} },
    },
  },
  check(context) {
    for (const gap of findCriticalGaps(context.view.data, context.policy.strict.visibleText)) context.report(gap.path, gap.message);
  },
};
