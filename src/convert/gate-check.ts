import { type CompileResult, createCompiler } from '../compile.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** A criterion of the gate the converted spec fails, with the errors that fail it. */
export interface FailingCriterion {
  criterion: string;
  title: string;
  diagnostics: Diagnostic[];
}

export interface GateCheck {
  preset: 'gate' | 'reference';
  verdict: 'pass' | 'fail';
  diagnostics: Diagnostic[];
  /** The gate's criteria that fail, in the method's order (gate only). */
  failing?: FailingCriterion[];
}

const compilers = { gate: createCompiler({ preset: 'gate' }), reference: createCompiler({ preset: 'reference' }) };

/**
 * The converted text judged as compile would judge the file written from it: by the default gate
 * (`gate`, with the criteria it fails) and by `--preset reference`. An input error (the text past
 * a loader's limit) is returned as it is, for the caller to refuse.
 */
export function judgeConversion(
  text: string,
  format: 'json' | 'yaml',
): { inputError?: Extract<CompileResult, { exitCode: 3 | 4 }>['error']; gate: GateCheck; reference: GateCheck } {
  const gate = compilers.gate.compile(text, { sourceFormat: format });
  const reference = compilers.reference.compile(text, { sourceFormat: format });
  const errors = gate.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  // Without a goal or a budget there is no report, and the one thing wrong is what is missing.
  const failing =
    gate.report === null
      ? [{ criterion: 'critical-input', title: gate.error?.message ?? 'the spec cannot be judged', diagnostics: errors }]
      : gate.report.summary.gate
          .filter((criterion) => !criterion.passed)
          .map(({ criterion, title, rules }) => ({
            criterion,
            title,
            diagnostics: errors.filter((diagnostic) => rules.includes(diagnostic.ruleId)),
          }));
  return {
    ...(gate.error?.code === 'INPUT_ERROR' ? { inputError: gate.error } : {}),
    gate: { preset: 'gate', verdict: gate.verdict === 'pass' ? 'pass' : 'fail', diagnostics: gate.diagnostics, failing },
    reference: { preset: 'reference', verdict: reference.verdict === 'pass' ? 'pass' : 'fail', diagnostics: reference.diagnostics },
  };
}
