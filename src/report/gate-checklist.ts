import { weightOf } from '../diagnostics/cap.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { type CriterionId, criteria } from '../rules/criteria.js';
import type { GateCriterion } from './types.js';

/** What the checklist needs of a rule, of any dialect: its id and the criterion it judges. */
export interface ChecklistRule {
  meta: { id: string; criterion: CriterionId };
}

export interface ChecklistInput {
  diagnostics: readonly Diagnostic[];
  enabledRules: readonly ChecklistRule[];
  /** False when the rules did not all run (the schema's findings were cut short): no criterion is then passed. */
  judged: boolean;
  /** Whether a criterion applies to this document at all. */
  listed(criterion: (typeof criteria)[number]): boolean;
}

/**
 * The gate's criteria in the method's order, each passed when none of its enabled rules found an
 * error; one passed only because a baseline suppressed its errors says how many.
 */
export function gateChecklist({ diagnostics, enabledRules, judged, listed }: ChecklistInput): GateCriterion[] {
  const failing = new Set<string>();
  const suppressedErrors = new Map<string, number>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    if (weightOf(diagnostic) === 'errors') failing.add(diagnostic.ruleId);
    else suppressedErrors.set(diagnostic.ruleId, (suppressedErrors.get(diagnostic.ruleId) ?? 0) + 1);
  }
  const checklist: GateCriterion[] = [];
  for (const criterion of criteria) {
    if (!listed(criterion)) continue;
    const { id, title } = criterion;
    const ruleIds = enabledRules.filter((rule) => rule.meta.criterion === id).map((rule) => rule.meta.id);
    if (ruleIds.length === 0) continue;
    const suppressed = ruleIds.reduce((sum, ruleId) => sum + (suppressedErrors.get(ruleId) ?? 0), 0);
    const passed = judged && !ruleIds.some((ruleId) => failing.has(ruleId));
    checklist.push({ criterion: id, title, passed, rules: ruleIds, ...(passed && suppressed > 0 ? { suppressed } : {}) });
  }
  return checklist;
}
