import { isRecord } from '../../common/guards.js';
import { CRITICAL_MARKER, type CriticalGap } from '../../rules/critical-input.js';
import { isPythonBlank } from './python.js';
import type { KatasRule } from './rules/support/read.js';

/** A katas report's budget is one object: it is missing or not, with no total of its own to check. */
export type KatasCriticalGap = CriticalGap & { subcode: 'MISSING_GOAL' | 'MISSING_BUDGET' };

/**
 * What is missing among the data the method refuses to guess: an objective that is a text with
 * something besides white space, and a budget object. Blank is judged by Python's white space, the
 * narrowest notion of the two presets, so that a gap is always a failure of the katas validator
 * too: the reference preset never stops a report the validator would pass.
 */
export function findKatasCriticalGaps(data: Record<string, unknown>): KatasCriticalGap[] {
  const gaps: KatasCriticalGap[] = [];
  const objective = Object.hasOwn(data, 'objective') ? data['objective'] : undefined;
  if (typeof objective !== 'string' || isPythonBlank(objective)) {
    gaps.push({
      subcode: 'MISSING_GOAL',
      path: '/objective',
      message: `${CRITICAL_MARKER} the objective is missing. What must this investigation find out? Add it as "objective".`,
    });
  }
  if (!isRecord(Object.hasOwn(data, 'budget') ? data['budget'] : undefined)) {
    gaps.push({
      subcode: 'MISSING_BUDGET',
      path: '/budget',
      message: `${CRITICAL_MARKER} the hard budget is missing. How many files may the investigation read, how many queries may it run, and how many minutes may it take? Add "budget" with "files", "queries" and "minutes", each {"limit": N, "used": 0}, a "status" and "pending_questions"; it is never filled in for you.`,
    });
  }
  return gaps;
}

/**
 * The katas report's `critical-input`: the rule of that id judges every dialect, and this is its
 * check of a katas report (the spec's catalog documents it). It runs before the other rules, and
 * what it finds stops the compile with exit code 4 and no report.
 */
export const katasCriticalInput: KatasRule = {
  meta: {
    id: 'critical-input',
    criterion: 'hard-budget',
    foundation: { neverAccepted: 'a missing objective or budget is asked for, never accepted' },
    description: 'The objective and the budget are present; otherwise the compiler stops with {VACIO_CRITICO} and asks for them.',
    rationale:
      'Without an objective there is nothing to find out, and without a budget the investigation has no stop condition. Neither is guessed: the compile stops at once and asks for the missing datum (exit code 4, no report).',
    examples: {
      failing: {
        title: 'The report has no budget, so the investigation had no stop condition.',
        apply: (report) => void delete report['budget'],
      },
      passing: { title: 'An objective and a budget of files, queries and minutes fixed up front.', apply: () => {} },
    },
  },
  check(context) {
    for (const gap of findKatasCriticalGaps(context.view.data)) context.report(gap.path, gap.message);
  },
};
