import { offerSuggestion, suggestAllowed } from '../common/suggest.js';
import { capDiagnostics, DIAGNOSTIC_CAP } from '../diagnostics/cap.js';
import type { Diagnostic, RuleSetting } from '../diagnostics/diagnostic.js';
import type { Policy } from '../policy/types.js';
import { sortInDocumentOrder } from '../schema/order.js';
import type { OutsideList, Rule } from './rule.js';
import type { SpecView } from './spec-view.js';

/** What the JSON Schema found but did not describe, by the rule that lists its findings. */
const OMITTED_BY_RULE: Readonly<Record<string, (view: SpecView) => number>> = {
  schema: (view) => view.schema.omitted.structural,
  'unknown-field': (view) => view.schema.omitted.unknown,
};

/**
 * Runs every given rule whose setting is not "off"; diagnostics come back in document order, at
 * most DIAGNOSTIC_CAP of them, then one `too-many-problems` diagnostic counting the rest. Each rule
 * stops writing messages at the cap (it still counts), so that no rule does work for problems
 * nobody will see. When the schema stopped describing structural problems, the other rules do
 * not run: they rely on the schema to tell them which values they may read.
 */
export function runRules(
  rules: readonly Rule[],
  view: SpecView,
  policy: Policy,
  settings: Readonly<Record<string, RuleSetting>>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const omitted = { errors: 0, warnings: 0 };
  const schemaCut = view.schema.omitted.structural > 0;
  for (const rule of rules) {
    const ruleId = rule.meta.id;
    const setting = settings[ruleId] ?? 'off';
    const listsSchema = Object.hasOwn(OMITTED_BY_RULE, ruleId);
    if (setting === 'off' || (schemaCut && !listsSchema)) continue;
    const severity = setting === 'error' ? 'errors' : 'warnings';
    omitted[severity] += listsSchema ? (OMITTED_BY_RULE[ruleId] as (view: SpecView) => number)(view) : 0;
    let reported = 0;
    rule.check({
      view,
      policy,
      report(path, message, outside) {
        if (reported++ >= DIAGNOSTIC_CAP) {
          omitted[severity]++;
          return;
        }
        const text = typeof message === 'string' ? message : message();
        const diagnostic: Diagnostic = { ruleId, severity: setting, message: text, path };
        diagnostics.push(outside === undefined ? diagnostic : withOutsideList(diagnostic, outside));
      },
    });
  }
  const note = schemaCut ? ' The structure check stopped describing problems there, so the other rules did not run.' : '';
  return capDiagnostics(sortInDocumentOrder(diagnostics), omitted, note);
}

/** The list a value should have come from, and its closest value, both as fields and at the end of the message. */
function withOutsideList(diagnostic: Diagnostic, { value, allowed }: OutsideList): Diagnostic {
  const suggestion = suggestAllowed(value, allowed);
  return {
    ...diagnostic,
    message: `${diagnostic.message}${offerSuggestion(suggestion)}`,
    expected: [...allowed],
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}
