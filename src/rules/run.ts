import { definedFields } from '../common/defined-fields.js';
import { ownValue } from '../common/own.js';
import { offerSuggestion, onlySpellingDiffers, suggestAllowed } from '../common/suggest.js';
import { capDiagnostics, DIAGNOSTIC_CAP, type ProblemCounts } from '../diagnostics/cap.js';
import { type Diagnostic, MAX_EXPECTED, type RuleSetting, type ValueFix } from '../diagnostics/diagnostic.js';
import type { SchemaFindings } from '../schema/issues.js';
import { sortInDocumentOrder } from '../schema/order.js';
import type { SchemaNode } from '../schema/walk.js';
import type { OutsideList, Rule, RuleMeta } from './rule.js';

/** What a baseline accepts in one file: up to `counts[ruleId]` problems of each rule. */
export interface Baseline {
  /** The suppressions file, as messages name it. */
  source: string;
  /** The SHA-256 of the file's bytes as read; absent for a file not written yet. */
  sha256?: string;
  counts: Readonly<Record<string, number>>;
}

export interface RuleRun {
  /** In document order, at most DIAGNOSTIC_CAP, then one `too-many-problems` counting the rest. */
  diagnostics: Diagnostic[];
  /** Problems found, listed or not, by each rule that found any (no prototype). */
  totals: Record<string, number>;
}

/**
 * Runs every given rule whose setting is not "off". Each rule stops writing messages at the cap (it
 * still counts), so that no rule does work for problems nobody will see. When the schema stopped
 * describing structural problems, the other rules do not run: they rely on the schema to tell
 * them which values they may read. A rule whose problems the baseline accepts in full (no more
 * than its count) has every one of them marked suppressed; a rule with more is reported whole, as
 * ESLint's bulk suppressions do, since nothing tells the new problem from the old ones.
 */
export function runRules<View extends { readonly schema: SchemaFindings }, RulePolicy>(
  rules: readonly Rule<View, RulePolicy, never>[],
  view: View,
  policy: RulePolicy,
  settings: Readonly<Record<string, RuleSetting>>,
  baseline?: Baseline,
  /** The schema whose order of fields is the document order: the spec's unless the dialect has its own. */
  documentSchema?: SchemaNode,
): RuleRun {
  const diagnostics: Diagnostic[] = [];
  const omitted: ProblemCounts = { errors: 0, warnings: 0, suppressed: 0 };
  const totals: Record<string, number> = Object.create(null);
  const schemaCut = view.schema.omitted.structural > 0;
  for (const rule of rules) {
    const ruleId = rule.meta.id;
    const setting = settings[ruleId] ?? 'off';
    const lists = rule.meta.schemaFindings;
    if (setting === 'off' || (schemaCut && lists === undefined)) continue;
    const found: Diagnostic[] = [];
    // What the JSON Schema found but did not describe is counted by the rule that lists its findings.
    let notListed = lists === undefined ? 0 : view.schema.omitted[lists];
    rule.check({
      view,
      policy,
      report(path, message, outside, fix) {
        if (found.length >= DIAGNOSTIC_CAP) {
          notListed++;
          return;
        }
        const text = typeof message === 'string' ? message : message();
        const diagnostic: Diagnostic = { ruleId, severity: setting, message: text, path, ...(fix === undefined ? {} : { fix }) };
        found.push(outside === undefined ? diagnostic : withOutsideList(diagnostic, outside, rule.meta.fixes));
      },
    });
    const total = found.length + notListed;
    if (total === 0) continue;
    totals[ruleId] = total;
    // A foundation rule's problems are never accepted, whatever a baseline given to the library holds.
    const accepted = baseline !== undefined && rule.meta.foundation === undefined && total <= (ownValue(baseline.counts, ruleId) ?? 0);
    const suppressed = accepted ? { baseline: (baseline as Baseline).source } : undefined;
    for (const diagnostic of found) diagnostics.push(suppressed === undefined ? diagnostic : { ...diagnostic, suppressed });
    omitted[suppressed !== undefined ? 'suppressed' : setting === 'error' ? 'errors' : 'warnings'] += notListed;
  }
  const note = schemaCut ? ' The structure check stopped describing problems there, so the other rules did not run.' : '';
  const capped = capDiagnostics(sortInDocumentOrder(diagnostics, documentSchema), omitted, note);
  return { diagnostics: markOnlySuppressedOmitted(capped, baseline), totals };
}

/** A `too-many-problems` entry that stands only for suppressed problems is itself suppressed: it weighs nothing. */
function markOnlySuppressedOmitted(diagnostics: Diagnostic[], baseline: Baseline | undefined): Diagnostic[] {
  const last = diagnostics.at(-1);
  if (baseline === undefined || last?.omitted === undefined || last.omitted.errors + last.omitted.warnings > 0) return diagnostics;
  return [...diagnostics.slice(0, -1), { ...last, suppressed: { baseline: baseline.source } }];
}

/**
 * The list a value should have come from, and its closest value, both as fields and at the end of
 * the message; and, for a rule whose suggestions are fixes, the fix that writes it.
 */
function withOutsideList(diagnostic: Diagnostic, { value, allowed }: OutsideList, fixes: RuleMeta['fixes']): Diagnostic {
  const suggestion = suggestAllowed(value, allowed);
  const fix: ValueFix | undefined =
    suggestion === undefined || fixes !== 'spelling'
      ? undefined
      : { replacement: suggestion, safety: onlySpellingDiffers(value, suggestion) ? 'safe' : 'unsafe' };
  return {
    ...diagnostic,
    message: `${diagnostic.message}${offerSuggestion(suggestion)}`,
    expected: allowed.slice(0, MAX_EXPECTED),
    ...(allowed.length > MAX_EXPECTED ? { expectedCount: allowed.length } : {}),
    ...definedFields({ suggestion, fix }),
  };
}
