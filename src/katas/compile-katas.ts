import type { Diagnostic, RuleSetting } from '../diagnostics/diagnostic.js';
import { placeDiagnostics } from '../load/place.js';
import type { Locator } from '../load/text-position.js';
import type { CompileError } from '../report/compile-error.js';
import type { ChecklistRule } from '../report/gate-checklist.js';
import { buildKatasReport } from '../report/katas-report.js';
import type { InputFormat, Report } from '../report/types.js';
import type { Baseline } from '../rules/run.js';
import { findKatasCriticalGaps } from './critical.js';
import { findFloatLiterals } from './float-literals.js';
import { judgeKatas } from './judge.js';

/** What compiling a katas report comes to, in the shape of a spec's compile result. */
export type KatasCompiled =
  | {
      exitCode: 0 | 1;
      verdict: 'pass' | 'fail';
      diagnostics: Diagnostic[];
      report: Report;
      error: null;
      ruleTotals: Record<string, number>;
    }
  | { exitCode: 4; verdict: 'fail'; diagnostics: Diagnostic[]; report: null; error: CompileError };

export interface KatasCompileContext {
  preset: 'gate' | 'reference';
  settings: Readonly<Record<string, RuleSetting>>;
  /** The katas rules the settings leave on, chosen once per compiler. */
  enabledRules: readonly ChecklistRule[];
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  locate?: Locator;
  /** The JSON text, when the report was JSON: how its numbers are spelt matters under the validator's reading. */
  jsonText?: string;
  baseline?: Baseline;
}

/**
 * A katas report judged by its own rules under the preset: a missing objective or budget is
 * {VACIO_CRITICO} (asked for, never guessed), as a spec's missing goal or budget is; otherwise the
 * report, in the same model as a spec's.
 */
export function compileKatas(data: Record<string, unknown>, context: KatasCompileContext): KatasCompiled {
  const gaps = findKatasCriticalGaps(data);
  const first = gaps[0];
  if (first !== undefined) {
    const critical = gaps.map(({ path, message }): Diagnostic => ({ ruleId: 'critical-input', severity: 'error', message, path }));
    return {
      exitCode: 4,
      verdict: 'fail',
      diagnostics: placeDiagnostics(critical, context.locate),
      report: null,
      error: { code: 'CRITICAL_INPUT', subcode: first.subcode, message: gaps.map((gap) => gap.message).join(' ') },
    };
  }
  const judgement = judgeKatas(data, {
    preset: context.preset,
    settings: context.settings,
    ...(context.jsonText === undefined ? {} : { floatLiterals: findFloatLiterals(context.jsonText) }),
    ...(context.baseline === undefined ? {} : { baseline: context.baseline }),
  });
  const diagnostics = placeDiagnostics(judgement.diagnostics, context.locate);
  const report = buildKatasReport(data, diagnostics, {
    tool: context.tool,
    input: context.input,
    preset: context.preset,
    enabledRules: context.enabledRules,
    judged: judgement.view.schema.omitted.structural === 0,
  });
  const verdict = report.verdict === 'fail' ? 'fail' : 'pass';
  return { exitCode: verdict === 'fail' ? 1 : 0, verdict, diagnostics, report, error: null, ruleTotals: judgement.totals };
}
