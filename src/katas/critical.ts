import { isRecord } from '../common/guards.js';
import { CRITICAL_MARKER, type CriticalGap } from '../rules/critical-input.js';
import { isPythonBlank } from './python.js';

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
