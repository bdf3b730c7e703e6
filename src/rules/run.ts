import type { Diagnostic, RuleSetting } from '../diagnostics/diagnostic.js';
import type { Policy } from '../policy/types.js';
import { sortInDocumentOrder } from '../schema/order.js';
import type { Rule } from './rule.js';
import type { SpecView } from './spec-view.js';

/** Runs every given rule whose setting is not "off"; diagnostics come back in document order. */
export function runRules(rules: readonly Rule[], view: SpecView, policy: Policy, settings: Readonly<Record<string, RuleSetting>>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    const ruleId = rule.meta.id;
    const setting = settings[ruleId] ?? 'off';
    if (setting === 'off') continue;
    rule.check({
      view,
      policy,
      report(path, message) {
        diagnostics.push({ ruleId, severity: setting, message, path });
      },
    });
  }
  return sortInDocumentOrder(diagnostics);
}
