import { isRecord } from '../common/guards.js';
import { countSeverities } from '../diagnostics/cap.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diagnosticShapeProblem } from '../diagnostics/shape.js';
import { type FileOutcome, problemsOf } from '../report/outcome.js';
import type { Report } from '../report/types.js';
import type { SideFile, SideProblem } from './types.js';

/** A file taken for a report that is not one: compare cannot read its verdict, problems or figures. */
export class CompareInputError extends Error {
  readonly subcode = 'NOT_A_REPORT';
}

/** What compare reads of a report: the verdict, the problems and three figures. */
type ReportView = Pick<Report, 'verdict' | 'diagnostics' | 'summary' | 'metrics'>;

/** A spec compiled here: its problems as the listings show them, input errors included (`problemsOf`). */
export function sideOfOutcome(file: string, outcome: FileOutcome): SideFile {
  return sideOf(file, 'spec', outcome.verdict, problemsOf(outcome), outcome.report);
}

/**
 * Whether a JSON document is taken for a report rather than a spec: an object with `reportVersion`
 * 1, `tool` and `verdict`, which no spec has (the input schema allows none of them at the top).
 */
export function looksLikeReport(value: unknown): boolean {
  return isRecord(value) && value['reportVersion'] === 1 && 'tool' in value && 'verdict' in value;
}

/**
 * A JSON report (`compile --format json`) as one side of a comparison. Only what compare reads is
 * checked, each with a message that names the file (`where`) and the member, so that a file that
 * is not a report is refused instead of compared as zero problems.
 */
export function sideOfReport(file: string, value: unknown, where: string): SideFile {
  const report = checkReport(value, (what) => {
    throw new CompareInputError(`${where} is not a JSON report of compile: ${what}`);
  });
  return sideOf(file, 'report', report.verdict, report.diagnostics, report);
}

function sideOf(
  file: string,
  kind: SideFile['kind'],
  verdict: SideFile['verdict'],
  problems: Diagnostic[],
  report: ReportView | null,
): SideFile {
  const counts = countSeverities(problems);
  // A problem a baseline accepts weighs nothing: it is neither new when it appears nor fixed when it goes.
  const weighed = problems.filter((problem) => problem.suppressed === undefined);
  return {
    file,
    kind,
    verdict,
    problems: weighed.map(({ ruleId, severity, path, message }): SideProblem => ({ ruleId, severity, path, message })),
    errors: counts.errors,
    warnings: counts.warnings,
    budgetUsed: report?.summary.budget.used ?? null,
    deepDives: report?.summary.counts.deepDives ?? null,
    cyclesToSuccess: report?.metrics.discovery?.cyclesToSuccess ?? null,
  };
}

function checkReport(value: unknown, refuse: (what: string) => never): ReportView {
  if (!isRecord(value)) return refuse('it is not a JSON object');
  if (value['reportVersion'] !== 1) return refuse('"reportVersion" is not 1');
  if (!isRecord(value['tool'])) return refuse('"tool" is not an object');
  const { verdict, diagnostics, summary, metrics } = value;
  if (verdict !== 'pass' && verdict !== 'fail') return refuse('"verdict" is not "pass" or "fail"');
  if (!Array.isArray(diagnostics)) return refuse('"diagnostics" is not a list');
  diagnostics.forEach((diagnostic, index) => {
    const problem = diagnosticProblem(diagnostic);
    if (problem !== null) refuse(`diagnostics[${index}]: ${problem}`);
  });
  // The verdict compile writes follows from the problems it lists: a report whose verdict does not
  // was not written by compile, and is not taken at its word.
  const { errors } = countSeverities(diagnostics as Diagnostic[]);
  if (verdict === 'pass' && errors > 0) return refuse(`"verdict" is "pass" but it lists ${errors} error${errors === 1 ? '' : 's'}`);
  if (verdict === 'fail' && errors === 0) return refuse('"verdict" is "fail" but it lists no error');
  if (!isRecord(summary)) return refuse('"summary" is not an object');
  const { budget, counts } = summary;
  if (!isRecord(budget) || !isNumberOrNull(budget['used'])) return refuse('"summary.budget.used" is neither a number nor null');
  if (!isRecord(counts) || !isCount(counts['deepDives'])) return refuse('"summary.counts.deepDives" is not a whole number');
  if (!isRecord(metrics)) return refuse('"metrics" is not an object');
  const discovery = metrics['discovery'];
  if (discovery !== undefined && !(isRecord(discovery) && isNumberOrNull(discovery['cyclesToSuccess'])))
    return refuse('"metrics.discovery.cyclesToSuccess" is neither a number nor null');
  return value as unknown as ReportView;
}

/** A diagnostic's shape, and on a `too-many-problems` entry the counts it stands for. */
function diagnosticProblem(value: unknown): string | null {
  const problem = diagnosticShapeProblem(value);
  if (problem !== null) return problem;
  const omitted = (value as Record<string, unknown>)['omitted'];
  if (omitted !== undefined && !(isRecord(omitted) && isCount(omitted['errors']) && isCount(omitted['warnings'])))
    return '"omitted" is not an object with whole numbers of errors and warnings';
  return null;
}

function isNumberOrNull(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
