import { definedFields } from '../../common/defined-fields.js';
import { placeDiagnostics } from '../../load/place.js';
import { runRules } from '../../rules/run.js';
import { NO_SCHEMA_FINDINGS } from '../../schema/issues.js';
import { criticalStop } from '../critical.js';
import type { DialectCompiled, DialectInput, DialectSetup } from '../dialect.js';
import { katasRules } from './catalog.js';
import { findKatasCriticalGaps, katasCriticalInput } from './critical.js';
import { findFloatLiterals } from './float-literals.js';
import { judgeKatas } from './judge.js';
import { katasPolicy } from './policy.js';
import { buildKatasReport } from './report.js';
import { katasRootSchema } from './schema.js';
import { KatasView } from './view.js';

/**
 * The compile of katas reports under a compiler's setup: a report that lacks its objective or
 * budget is stopped by `critical-input` ({VACIO_CRITICO}: asked for, never guessed), as a spec
 * lacking its goal or budget is; any other is judged by its own rules under the preset, and its
 * report built in the same model as a spec's.
 */
export function katasCompiler(setup: DialectSetup): (document: DialectInput) => DialectCompiled {
  const { preset, settings, tool } = setup;
  const policy = katasPolicy(preset);
  const enabledRules = katasRules.filter((rule) => (settings[rule.meta.id] ?? 'off') !== 'off');
  return ({ data, input, inputs, locate, source, baseline }) => {
    const critical = runRules([katasCriticalInput], new KatasView(data, NO_SCHEMA_FINDINGS), policy, settings, undefined, katasRootSchema);
    if (critical.diagnostics.length > 0)
      return criticalStop(critical.diagnostics, findKatasCriticalGaps(data)[0]?.subcode ?? 'MISSING_GOAL', locate);
    // How the JSON text spells its numbers matters under the validator's reading.
    const jsonText = input.format === 'json' ? source : undefined;
    const judgement = judgeKatas(data, {
      preset,
      settings,
      ...(jsonText === undefined ? {} : { floatLiterals: findFloatLiterals(jsonText) }),
      ...definedFields({ baseline }),
    });
    const diagnostics = placeDiagnostics(judgement.diagnostics, locate);
    const report = buildKatasReport(data, diagnostics, {
      tool,
      input,
      inputs,
      preset,
      enabledRules,
      judged: judgement.view.schema.omitted.structural === 0,
    });
    const verdict = report.verdict === 'fail' ? 'fail' : 'pass';
    return { exitCode: verdict === 'fail' ? 1 : 0, verdict, diagnostics, report, error: null, ruleTotals: judgement.totals };
  };
}
