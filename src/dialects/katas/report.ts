import { integerOrNull, isRecord, records, stringOrNull, strings } from '../../common/guards.js';
import { countSeverities } from '../../diagnostics/cap.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { type ChecklistRule, gateChecklist } from '../../report/gate-checklist.js';
import { readFigures } from '../../report/read-figures.js';
import type { DialectReport, InputDigest, InputFormat, Metrics, Summary } from '../../report/types.js';

/** One of the katas report's three budget dimensions. */
export interface BudgetDimension {
  limit: number | null;
  used: number | null;
  remaining: number | null;
}

/** What a katas report records beyond the common summary: its three budget dimensions and its own counts. */
export interface KatasSummary {
  objective: string | null;
  scope: string | null;
  hypothesis: string | null;
  budget: {
    files: BudgetDimension;
    queries: BudgetDimension;
    minutes: BudgetDimension;
    /** complete, or exhausted_with_pending. */
    status: string | null;
    pendingQuestions: number;
  };
  counts: {
    cheapMappings: number;
    candidates: number;
    planEntries: number;
    findings: number;
    invalidatingFindings: number;
    replans: number;
    evidence: number;
    remainingRisks: number;
  };
}

declare module '../../report/types.js' {
  interface DialectReports {
    /**
     * A katas report: the summary reads it in the spec's terms (objective as goal, the files
     * budget as the budget, findings as deep dives) and `katas` has what it records beyond that.
     */
    'katas-report-v1': { katas: KatasSummary };
  }
}

/** The report of a katas report. */
export type KatasReport = DialectReport<'katas-report-v1'>;

export interface KatasReportContext {
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  inputs: InputDigest[];
  preset: string;
  enabledRules: readonly ChecklistRule[];
  /** False when the structure check was cut short and the other rules did not run. */
  judged: boolean;
}

/**
 * The report of a katas "adaptive investigation report v1", in the same model as a spec's, so that
 * every renderer, the statistics and compare read it: the objective is the goal, the files
 * dimension the budget (a finding is a file read), the cheap mappings the surface map, the
 * findings the deep dives; `katas` keeps the three dimensions and the report's own counts.
 * Values of the wrong type count as nothing, so that a report can be built for any object.
 */
export function buildKatasReport(data: Record<string, unknown>, diagnostics: Diagnostic[], context: KatasReportContext): KatasReport {
  const counts = countSeverities(diagnostics);
  const verdict = counts.errors === 0 ? 'pass' : 'fail';
  const katas = katasSummary(data);
  const { files } = katas.budget;
  const invalidating = katas.counts.invalidatingFindings;
  const summary: Summary = {
    goal: katas.objective,
    budget: { used: files.used, total: files.limit, unit: 'files', remaining: files.remaining },
    stopReason: katas.budget.status,
    counts: {
      surfaceMapEntries: katas.counts.cheapMappings,
      hypotheses: katas.hypothesis === null ? 0 : 1,
      hypothesesByStatus: katas.hypothesis === null ? {} : { [invalidating > 0 ? 'invalidated' : 'open']: 1 },
      deepDives: katas.counts.findings,
      deepDivesByEffect: effects(invalidating, katas.counts.findings - invalidating),
      replans: katas.counts.replans,
      risks: katas.counts.remainingRisks,
    },
    errors: counts.errors,
    warnings: counts.warnings,
    ...(counts.suppressed > 0 ? { suppressed: counts.suppressed } : {}),
    verdict,
    gate: gateChecklist({
      diagnostics,
      enabledRules: context.enabledRules,
      judged: context.judged,
      listed: (criterion) => !('block' in criterion),
    }),
  };
  return {
    reportVersion: 1,
    tool: context.tool,
    input: context.input,
    inputs: context.inputs,
    dialect: 'katas-report-v1',
    katas,
    preset: context.preset,
    verdict,
    summary,
    metrics: measure(data, files),
    diagnostics,
    investigation: data,
  };
}

function katasSummary(data: Record<string, unknown>): KatasSummary {
  const budget = isRecord(data['budget']) ? data['budget'] : {};
  const topology = isRecord(data['topology']) ? data['topology'] : {};
  const risks = isRecord(data['risks']) ? data['risks'] : {};
  return {
    objective: stringOrNull(data['objective']),
    scope: stringOrNull(data['scope']),
    hypothesis: stringOrNull(data['hypothesis']),
    budget: {
      files: dimension(budget['files']),
      queries: dimension(budget['queries']),
      minutes: dimension(budget['minutes']),
      status: stringOrNull(budget['status']),
      pendingQuestions: lengthOf(budget['pending_questions']),
    },
    counts: {
      cheapMappings: lengthOf(topology['cheap_mapping']),
      candidates: lengthOf(topology['candidates']),
      planEntries: lengthOf(data['prioritized_plan']),
      findings: lengthOf(data['findings']),
      invalidatingFindings: records(data['findings']).filter((finding) => finding['invalidates_hypothesis'] === true).length,
      replans: lengthOf(data['replans']),
      evidence: lengthOf(data['evidence']),
      remainingRisks: lengthOf(risks['remaining']),
    },
  };
}

function measure(data: Record<string, unknown>, files: BudgetDimension): Metrics {
  const topology = isRecord(data['topology']) ? data['topology'] : {};
  const candidates = new Set(strings(topology['candidates']));
  const reads = records(data['findings']).map((finding) => ({
    node: finding['target'],
    tagged: typeof finding['evidence_tag'] === 'string',
    invalidates: finding['invalidates_hypothesis'] === true,
  }));
  return readFigures(reads, candidates, lengthOf(data['replans']), { used: files.used, total: files.limit });
}

function dimension(value: unknown): BudgetDimension {
  const item = isRecord(value) ? value : {};
  const limit = integerOrNull(item['limit']);
  const used = integerOrNull(item['used']);
  return { limit, used, remaining: limit !== null && used !== null ? limit - used : null };
}

/** Deep-dive effects as a spec's report counts them (no prototype, sorted), the non-invalidating findings as neutral. */
function effects(invalidating: number, other: number): Record<string, number> {
  const result: Record<string, number> = Object.create(null);
  if (invalidating > 0) result['invalidates'] = invalidating;
  if (other > 0) result['neutral'] = other;
  return result;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}
