import { definedFields } from '../common/defined-fields.js';
import { integerOrNull, isRecord, records, stringOrNull } from '../common/guards.js';
import { countSeverities, type ProblemCounts } from '../diagnostics/cap.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CriterionId } from '../rules/criteria.js';
import type { SpecView } from '../rules/spec-view.js';
import type { Stage } from '../schema/issues.js';
import { discoveryMetrics } from './discovery-metrics.js';
import { type ChecklistRule, gateChecklist } from './gate-checklist.js';
import { normalizeInvestigation } from './normalize.js';
import { readFigures } from './read-figures.js';
import { traceSummary } from './trace-summary.js';
import type { GateCriterion, InputDigest, InputFormat, Metrics, Report, Summary, Verdict } from './types.js';

export interface ReportContext {
  tool: { name: string; version: string };
  input: { path: string | null; format: InputFormat; sha256: string };
  inputs: InputDigest[];
  preset: string;
  enabledRules: readonly ChecklistRule[];
  stage: Stage;
}

export function buildReport(view: SpecView, diagnostics: Diagnostic[], context: ReportContext): Report {
  const counts = countSeverities(diagnostics);
  const sound = context.stage === 'draft' ? 'draft-ok' : 'pass';
  const verdict: Verdict = counts.errors === 0 ? sound : 'fail';
  return {
    reportVersion: 1,
    tool: context.tool,
    input: context.input,
    inputs: context.inputs,
    preset: context.preset,
    ...(context.stage === 'draft' ? { stage: 'draft' as const } : {}),
    verdict,
    summary: summarize(view, diagnostics, counts, verdict, context),
    metrics: measure(view),
    ...definedFields({ trace: traceSummary(view) }),
    diagnostics,
    investigation: normalizeInvestigation(view.data),
  };
}

function summarize(
  view: SpecView,
  diagnostics: Diagnostic[],
  { errors, warnings, suppressed }: ProblemCounts,
  verdict: Verdict,
  context: ReportContext,
): Summary {
  const { data } = view;
  const budget = isRecord(data['budget']) ? data['budget'] : {};
  const used = integerOrNull(budget['used']);
  const total = integerOrNull(budget['total']);
  const stop = isRecord(data['stopCondition']) ? data['stopCondition'] : {};
  const hypotheses = records(view.rawSection('hypotheses'));
  const dives = records(view.rawSection('deepDives'));
  return {
    goal: stringOrNull(data['goal']),
    budget: { used, total, unit: stringOrNull(budget['unit']), remaining: used !== null && total !== null ? total - used : null },
    stopReason: stringOrNull(stop['reason']),
    counts: {
      surfaceMapEntries: view.rawSection('surfaceMap')?.length ?? 0,
      hypotheses: view.rawSection('hypotheses')?.length ?? 0,
      hypothesesByStatus: tally(hypotheses, 'status'),
      deepDives: view.rawSection('deepDives')?.length ?? 0,
      deepDivesByEffect: tally(dives, 'effect'),
      replans: view.rawSection('replanLog')?.length ?? 0,
      risks: Array.isArray(data['risks']) ? data['risks'].length : 0,
    },
    errors,
    warnings,
    ...(suppressed > 0 ? { suppressed } : {}),
    verdict,
    gate: specChecklist(view, diagnostics, context),
  };
}

/** The section a criterion judges: a draft that has not reached it yet does not list the criterion. */
const REACHED_BY: Partial<Record<CriterionId, string>> = {
  'cheap-map': 'surfaceMap',
  'ranked-hypotheses': 'hypotheses',
  'selective-deep-dive': 'deepDives',
  evidence: 'deepDives',
  'typed-replan': 'replanLog',
  'stop-reason': 'stopCondition',
  provenance: 'deepDives',
};

function specChecklist(view: SpecView, diagnostics: Diagnostic[], { enabledRules, stage }: ReportContext): GateCriterion[] {
  return gateChecklist({
    diagnostics,
    enabledRules,
    // With the schema's findings cut short, the other rules did not run: no criterion can be called passed.
    judged: view.schema.omitted.structural === 0,
    listed: (criterion) => {
      if ('block' in criterion && !(criterion.block === 'trace' ? view.trace !== undefined : hasBlock(view.data, criterion.block)))
        return false;
      const section = REACHED_BY[criterion.id];
      return !(stage === 'draft' && section !== undefined && view.data[section] === undefined);
    },
  });
}

/** Whether the spec has an optional block: a discovery trace, or working briefs and their evidence. */
function hasBlock(data: Record<string, unknown>, block: 'discovery' | 'briefs'): boolean {
  if (block === 'discovery') return data['discovery'] !== undefined;
  if (data['evidence'] !== undefined) return true;
  const hypotheses = Array.isArray(data['hypotheses']) ? data['hypotheses'] : [];
  return hypotheses.some(
    (hypothesis) => isRecord(hypothesis) && (hypothesis['briefs'] !== undefined || hypothesis['causalReview'] !== undefined),
  );
}

function measure(view: SpecView): Metrics {
  const { data } = view;
  const budget = isRecord(data['budget']) ? data['budget'] : {};
  const used = integerOrNull(budget['used']);
  const total = integerOrNull(budget['total']);
  const reads = records(view.rawSection('deepDives')).map((dive) => ({
    node: dive['node'],
    tagged: typeof dive['provenance'] === 'string',
    invalidates: dive['effect'] === 'invalidates',
  }));
  const replans = view.rawSection('replanLog')?.length ?? 0;
  const discovery = discoveryMetrics(data['discovery']);
  return { ...readFigures(reads, view.mappedNodes(), replans, { used, total }), ...(discovery ? { discovery } : {}) };
}

function tally(items: Record<string, unknown>[], key: string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = item[key];
    if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  // No prototype: a status named "__proto__" stays an ordinary count.
  const result: Record<string, number> = Object.create(null);
  for (const name of [...counts.keys()].sort()) result[name] = counts.get(name) as number;
  return result;
}
