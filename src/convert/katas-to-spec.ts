import { isRecord, records, strings } from '../common/guards.js';
import { inPriorityOrder } from '../common/priority.js';
import { plural } from '../common/text.js';
import { reasoningOf } from './reasoning.js';
import { surfaceMapOf } from './surface-map.js';

/** A field of the katas report that the spec has no place for, and where its data went. */
export interface Unmapped {
  field: string;
  why: string;
}

export interface Conversion {
  spec: Record<string, unknown>;
  unmapped: Unmapped[];
}

/** What the spec cannot hold; kept whole under `x-katas`, extension data the gate ignores. */
const UNMAPPED: readonly Unmapped[] = [
  { field: 'schema, skill', why: 'the spec names neither a dialect nor a skill' },
  { field: 'scope', why: 'a spec has no scope; its goal and map say what was looked at' },
  { field: 'budget.queries, budget.minutes', why: "a spec's budget has one dimension, the reads: one per finding, against budget.files" },
  { field: 'budget.status, budget.pending_questions', why: 'the status becomes the stop reason, the pending questions risks' },
  { field: 'topology.cheap_mapping[].result_count', why: "written into each map entry's evidence" },
  { field: 'prioritized_plan[].rationale, prioritized_plan[].source', why: "the plan becomes H1's candidate nodes, in priority order" },
  { field: 'findings[].id, findings[].source', why: "the deep dives are D1, D2, …, each on its finding's target" },
  { field: 'replans[].invalidated_hypothesis, replans[].evidence_tag', why: "written into each replan's evidence" },
  { field: 'scratchpad', why: 'a spec is its own scratchpad' },
  { field: 'evidence', why: "a spec's evidence registry is for working briefs, not claims" },
  { field: 'validation', why: 'the gate is the validation' },
  { field: 'risks.forbidden_patterns', why: 'the gate looks for blocked anti-patterns in every string instead' },
];

/**
 * The investigation spec a katas report describes: the objective is the goal; the files budget,
 * with one read per finding, the budget; the cheap mapping the surface map, each entry with the
 * candidates that can be told its own (surfaceMapOf); the hypothesis H1, each replan a turn to a
 * new hypothesis, each finding a deep dive of the hypothesis in force (reasoningOf); the budget
 * status the stop reason (exhausted_with_pending: escalated, the pending questions handed over;
 * complete: goal_resolved when the last hypothesis stands confirmed, else goal_unresolved); the
 * remaining risks, the pending questions and every hypothesis left open the risks. What has no
 * place in a spec is kept under `x-katas`.
 */
export function katasToSpec(report: Record<string, unknown>): Conversion {
  const budget = isRecord(report['budget']) ? report['budget'] : {};
  const files = isRecord(budget['files']) ? budget['files'] : {};
  const topology = isRecord(report['topology']) ? report['topology'] : {};
  const risks = isRecord(report['risks']) ? report['risks'] : {};
  const candidates = [...new Set(strings(topology['candidates']))];
  const plan = inPriorityOrder(records(report['prioritized_plan']));
  const findings = records(report['findings']);
  const pending = strings(budget['pending_questions']);
  const exhausted = budget['status'] === 'exhausted_with_pending';
  const targets = plan.map((entry) => entry['target']).filter((target): target is string => typeof target === 'string');
  const unread = targets.filter((target) => !findings.some((finding) => finding['target'] === target));
  const map = surfaceMapOf(records(topology['cheap_mapping']), candidates, report['scope']);
  const { hypotheses, deepDives, replanLog, last } = reasoningOf(report, targets, findings);
  const unsettled = hypotheses
    .filter((hypothesis) => hypothesis['status'] === 'open')
    .map((hypothesis) => `${String(hypothesis['id'])} was not settled: no finding was read for it.`);
  const declared = [...strings(risks['remaining']), ...pending.map((question) => `Pending question: ${question}`), ...unsettled];
  const read = `The budget status is ${String(budget['status'])} after ${findings.length} findings`;
  const spec: Record<string, unknown> = {
    goal: report['objective'],
    budget: { total: files['limit'], used: findings.length, unit: 'reads' },
    surfaceMap: map.entries,
    hypotheses,
    deepDives,
    replanLog,
    stopCondition: exhausted
      ? { reason: 'escalated', evidence: `The budget ran out with ${plural(pending.length, 'question')} pending; they are handed over.` }
      : last.status === 'confirmed'
        ? { reason: 'goal_resolved', evidence: `${read}, and ${last.id}, the hypothesis they end on, stands confirmed.` }
        : {
            reason: 'goal_unresolved',
            evidence: `${read}, but ${last.id}, the hypothesis they end on, is ${last.status}: no finding bears it out.`,
          },
    deliverable: findings.map((finding) => String(finding['summary'])).join(' '),
    risks:
      declared.length > 0 ? declared : [unread.length > 0 ? `Plan targets not read: ${unread.join(', ')}.` : 'Every plan target was read.'],
    'x-katas': {
      schema: report['schema'],
      skill: report['skill'],
      scope: report['scope'],
      budget: {
        queries: budget['queries'],
        minutes: budget['minutes'],
        status: budget['status'],
        pending_questions: budget['pending_questions'],
      },
      ...(map.unlisted.length > 0 ? { unlisted_mapping: map.unlisted } : {}),
      prioritized_plan: report['prioritized_plan'],
      findings: findings.map((finding) => ({ id: finding['id'], source: finding['source'] })),
      scratchpad: report['scratchpad'],
      evidence: report['evidence'],
      validation: report['validation'],
      forbidden_patterns: risks['forbidden_patterns'],
    },
  };
  const unmapped = map.unlisted.length > 0 ? [...UNMAPPED, UNLISTED] : [...UNMAPPED];
  return { spec, unmapped };
}

const UNLISTED: Unmapped = {
  field: 'topology.cheap_mapping[] tied to no candidate',
  why: 'a map entry lists what its query surfaced; these scans are kept under x-katas.unlisted_mapping',
};
