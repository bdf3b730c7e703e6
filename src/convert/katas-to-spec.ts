import { isRecord, records, strings } from '../common/guards.js';
import { inPriorityOrder } from '../common/priority.js';
import { plural } from '../common/text.js';

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
 * with one read per finding, the budget; each cheap mapping a map entry over the topology's
 * candidates; the report's one hypothesis is H1, its candidate nodes the plan's targets in
 * priority order; each finding a deep dive on its target; each replan a replan after the deep
 * dive of its trigger finding; the budget status the stop reason (complete: goal_resolved; exhausted_with_pending: escalated, the pending questions handed over); the remaining risks and the
 * pending questions the risks. What has no place in a spec is kept under `x-katas`.
 */
export function katasToSpec(report: Record<string, unknown>): Conversion {
  const budget = isRecord(report['budget']) ? report['budget'] : {};
  const files = isRecord(budget['files']) ? budget['files'] : {};
  const topology = isRecord(report['topology']) ? report['topology'] : {};
  const risks = isRecord(report['risks']) ? report['risks'] : {};
  const candidates = strings(topology['candidates']);
  const plan = inPriorityOrder(records(report['prioritized_plan']));
  const findings = records(report['findings']);
  const invalidated = findings.some((finding) => finding['invalidates_hypothesis'] === true);
  const diveOf = new Map<unknown, string>(findings.map((finding, index) => [finding['id'], `D${index + 1}`]));
  const pending = strings(budget['pending_questions']);
  const exhausted = budget['status'] === 'exhausted_with_pending';
  const declared = [...strings(risks['remaining']), ...pending.map((question) => `Pending question: ${question}`)];
  const targets = plan.map((entry) => entry['target']).filter((target): target is string => typeof target === 'string');
  const unread = targets.filter((target) => !findings.some((finding) => finding['target'] === target));
  const spec: Record<string, unknown> = {
    goal: report['objective'],
    budget: { total: files['limit'], used: findings.length, unit: 'reads' },
    surfaceMap: records(topology['cheap_mapping']).map((scan, index) => ({
      id: `M${index + 1}`,
      tool: scan['tool'],
      query: scan['pattern'],
      candidateNodes: [...candidates],
      evidence: `${String(scan['result_count'])} ${scan['result_count'] === 1 ? 'result' : 'results'} ${String(scan['evidence_tag'])}`,
    })),
    hypotheses: [
      {
        id: 'H1',
        claim: report['hypothesis'],
        priority: 1,
        cost: 1,
        status: invalidated ? 'invalidated' : findings.length > 0 ? 'confirmed' : 'open',
        candidateNodes: targets,
      },
    ],
    deepDives: findings.map((finding, index) => ({
      id: `D${index + 1}`,
      hypothesisId: 'H1',
      node: finding['target'],
      tool: 'Read',
      finding: finding['summary'],
      // A finding that does not invalidate is neutral beside one that does; with none invalidating, the hypothesis held.
      effect: finding['invalidates_hypothesis'] === true ? 'invalidates' : invalidated ? 'neutral' : 'confirms',
      provenance: finding['evidence_tag'],
    })),
    replanLog: records(report['replans']).map((replan) => ({
      trigger: 'hypothesis_invalidated',
      hypothesisId: 'H1',
      decision: `Read in the new order: ${strings(replan['new_plan_order']).join(', ')}.`,
      evidence: `${String(replan['invalidated_hypothesis'])} ${String(replan['evidence_tag'])}`,
      ...(diveOf.has(replan['trigger_finding_id']) ? { afterDeepDive: diveOf.get(replan['trigger_finding_id']) } : {}),
    })),
    stopCondition: exhausted
      ? { reason: 'escalated', evidence: `The budget ran out with ${plural(pending.length, 'question')} pending; they are handed over.` }
      : { reason: 'goal_resolved', evidence: `The budget status is complete after ${plural(findings.length, 'finding')}.` },
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
      prioritized_plan: report['prioritized_plan'],
      findings: findings.map((finding) => ({ id: finding['id'], source: finding['source'] })),
      scratchpad: report['scratchpad'],
      evidence: report['evidence'],
      validation: report['validation'],
      forbidden_patterns: risks['forbidden_patterns'],
    },
  };
  return { spec, unmapped: [...UNMAPPED] };
}
