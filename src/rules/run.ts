import { capDiagnostics, DIAGNOSTIC_CAP } from '../diagnostics/cap.js';
import type { Diagnostic, RuleSetting } from '../diagnostics/diagnostic.js';
import type { Policy } from '../policy/types.js';
import { sortInDocumentOrder } from '../schema/order.js';
import type { Rule } from './rule.js';
import type { SpecView } from './spec-view.js';

/** The rules that only list what the JSON Schema found, and so may run when its findings were cut short. */
const SCHEMA_RULES: ReadonlySet<string> = new Set(['schema', 'unknown-field']);

/**
 * Runs every given rule whose setting is not "off"; diagnostics come back in document order, at
 * most DIAGNOSTIC_CAP of them, then one `too-many-problems` diagnostic counting the rest. Each rule
 * stops writing messages at the cap (it still counts), so that no rule does work for problems
 * nobody will see. When the schema's findings were cut short, the other rules do not run: they
 * rely on the schema to tell them which values they may read.
 */
export function runRules(rules: readonly Rule[], view: SpecView, policy: Policy, settings: Readonly<Record<string, RuleSetting>>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const omitted = { errors: view.schema.omitted, warnings: 0 };
  const schemaCut = view.schema.omitted > 0;
  for (const rule of rules) {
    const ruleId = rule.meta.id;
    const setting = settings[ruleId] ?? 'off';
    if (setting === 'off' || (schemaCut && !SCHEMA_RULES.has(ruleId))) continue;
    let reported = 0;
    rule.check({
      view,
      policy,
      report(path, message) {
        if (reported++ >= DIAGNOSTIC_CAP) {
          omitted[setting === 'error' ? 'errors' : 'warnings']++;
          return;
        }
        diagnostics.push({ ruleId, severity: setting, message: typeof message === 'string' ? message : message(), path });
      },
    });
  }
  const note = schemaCut ? ' The structure check stopped describing problems there, so the other rules did not run.' : '';
  return capDiagnostics(sortInDocumentOrder(diagnostics), omitted, note);
}
