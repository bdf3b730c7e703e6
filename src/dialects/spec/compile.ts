import type { RuleSetting } from '../../diagnostics/diagnostic.js';
import { placeDiagnostics } from '../../load/place.js';
import type { Policy } from '../../policy/types.js';
import { buildReport } from '../../report/build.js';
import { rules } from '../../rules/catalog.js';
import { criticalInput, findCriticalGaps } from '../../rules/critical-input.js';
import { runRules } from '../../rules/run.js';
import { SpecView } from '../../rules/spec-view.js';
import { NO_SCHEMA_FINDINGS, validateStructure } from '../../schema/issues.js';
import { criticalStop } from '../critical.js';
import type { DialectCompiled, DialectInput, DialectSetup } from '../dialect.js';

/**
 * The compile of investigation specs under a compiler's setup: `critical-input` first (a missing
 * goal or budget stops with exit code 4), then the structure and the gate's rules, and the report.
 */
export function specCompiler(setup: DialectSetup): (document: DialectInput) => DialectCompiled {
  const { preset, policy, settings, tool } = setup;
  const enabledRules = rules.filter((rule) => settings[rule.meta.id] !== 'off');
  const draftPolicy = draftPolicyOf(policy);
  const draftSettings = draftSettingsOf(settings);
  const gateRules = enabledRules.filter((rule) => rule !== criticalInput);
  return ({ data, input, inputs, locate, stage, baseline, trace }) => {
    const critical = runRules([criticalInput], new SpecView(data, NO_SCHEMA_FINDINGS), policy, settings).diagnostics;
    if (critical.length > 0)
      return criticalStop(critical, findCriticalGaps(data, policy.strict.visibleText)[0]?.subcode ?? 'MISSING_GOAL', locate);
    const view = new SpecView(data, validateStructure(data, stage), trace);
    const draft = stage === 'draft';
    const run = runRules(gateRules, view, draft ? draftPolicy : policy, draft ? draftSettings : settings, baseline);
    const diagnostics = placeDiagnostics(run.diagnostics, locate);
    const report = buildReport(view, diagnostics, { tool, input, inputs, preset, enabledRules, stage });
    const verdict = report.verdict;
    return { exitCode: verdict === 'fail' ? 1 : 0, verdict, diagnostics, report, error: null, ruleTotals: run.totals };
  };
}

/**
 * The policy a draft is judged by: no minimum count of entries, and no open hypothesis yet owed a
 * risk, since the investigation has not stopped; every other check holds as it is.
 */
function draftPolicyOf(policy: Policy): Policy {
  const minimums = { ...policy.minimums, surfaceMapEntries: 0, hypotheses: 0, deepDives: 0, risks: 0 };
  return { ...policy, minimums, strict: { ...policy.strict, openHypothesesInRisks: false } };
}

/** The settings a draft is judged by: a rule with a draft ceiling reports there at most a warning. */
function draftSettingsOf(settings: Readonly<Record<string, RuleSetting>>): Record<string, RuleSetting> {
  const capped = { ...settings };
  for (const rule of rules)
    if (rule.meta.draftCeiling !== undefined && capped[rule.meta.id] === 'error') capped[rule.meta.id] = rule.meta.draftCeiling;
  return capped;
}
