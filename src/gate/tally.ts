import { compareStrings } from '../diagnostics/diagnostic.js';
import { type FileOutcome, problemsOf } from '../report/outcome.js';

export interface FileTally {
  path: string;
  verdict: 'pass' | 'fail';
  errors: number;
  warnings: number;
}

export interface RuleTally {
  ruleId: string;
  errors: number;
  warnings: number;
  /** Files with at least one problem of the rule. */
  files: number;
}

export interface GateTally {
  files: number;
  passed: number;
  failed: number;
  errors: number;
  warnings: number;
  perFile: FileTally[];
  /** Most problems first, then by rule id. */
  perRule: RuleTally[];
}

/** Counts what the summary, the annotations and the step outputs report, in one pass over the problems. */
export function tally(files: readonly FileOutcome[]): GateTally {
  const rules = new Map<string, RuleTally>();
  const perFile = files.map((file): FileTally => {
    const counted = { path: file.path, verdict: file.verdict, errors: 0, warnings: 0 };
    const rulesOfFile = new Set<string>();
    for (const { ruleId, severity } of problemsOf(file)) {
      const rule = rules.get(ruleId) ?? { ruleId, errors: 0, warnings: 0, files: 0 };
      rules.set(ruleId, rule);
      if (severity === 'error') {
        counted.errors++;
        rule.errors++;
      } else {
        counted.warnings++;
        rule.warnings++;
      }
      if (!rulesOfFile.has(ruleId)) rule.files++;
      rulesOfFile.add(ruleId);
    }
    return counted;
  });
  const sum = (pick: (file: FileTally) => number) => perFile.reduce((total, file) => total + pick(file), 0);
  const passed = perFile.filter((file) => file.verdict === 'pass').length;
  const problems = (rule: RuleTally) => rule.errors + rule.warnings;
  return {
    files: perFile.length,
    passed,
    failed: perFile.length - passed,
    errors: sum((file) => file.errors),
    warnings: sum((file) => file.warnings),
    perFile,
    perRule: [...rules.values()].sort((a, b) => problems(b) - problems(a) || compareStrings(a.ruleId, b.ruleId)),
  };
}
