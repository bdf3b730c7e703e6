import { definedFields } from '../common/defined-fields.js';
import { listOf, oneOf, plural, show } from '../common/text.js';
import type { CompileResult } from '../compile.js';
import { weightOf } from '../diagnostics/cap.js';

/** What the advice reads of a compiled draft: a compile result, or a file's outcome. */
export type CompiledDraft = Pick<CompileResult, 'verdict' | 'diagnostics' | 'error' | 'report'>;

import type { Policy } from '../policy/types.js';
import { SpecView } from '../rules/spec-view.js';
import { validateStructure } from '../schema/issues.js';
import type { DeepDive } from '../spec/types.js';
import { discoveryAdvice } from './discovery.js';
import { driftAdvice, nextHypothesis, nothingToTest, standingOf } from './hypotheses.js';
import { stopReasonVerdicts } from './stop.js';
import type { Advice, NextHypothesis, NextSteps, Phase } from './types.js';

/**
 * What the method allows and forbids now, for a draft compiled with `stage: 'draft'` by a compiler
 * with `policy`. A draft that fails gets only its fixes; a missing goal or budget, a question. A
 * draft that has stopped is also judged as `finished` (the same spec compiled as a finished one):
 * what that judgment still finds is what is left to finish.
 */
export function adviseNext(result: CompiledDraft, policy: Policy, finished?: CompiledDraft): NextSteps {
  const empty = { budget: null, nextHypothesis: null, stopReasons: [], allowed: [], forbidden: [], diagnostics: result.diagnostics };
  const replan = { allowed: false, rule: 'replan-evidence' };
  if (result.error?.code === 'INPUT_ERROR') {
    const fix: Advice = { action: 'fix', message: `fix the file first: ${result.error.message}`, rule: 'input-error' };
    return { nextVersion: 1, verdict: 'input-error', phase: 'fix', replan, ...empty, allowed: [fix] };
  }
  if (result.report === null) {
    const ask = result.diagnostics.map((diagnostic): Advice => ({ action: 'ask', message: diagnostic.message, rule: diagnostic.ruleId }));
    return { nextVersion: 1, verdict: 'critical-input', phase: 'ask', replan, ...empty, allowed: ask };
  }
  const data = result.report.investigation;
  const view = new SpecView(data, validateStructure(data, 'draft'));
  const budget = budgetOf(view);
  const trace = traceReads(result.report);
  if (result.verdict === 'fail') {
    const fixes = result.diagnostics
      .filter((diagnostic) => weightOf(diagnostic) === 'errors')
      .map(
        (diagnostic): Advice => ({ action: 'fix', message: `${diagnostic.path || '/'}: ${diagnostic.message}`, rule: diagnostic.ruleId }),
      );
    // A status behind its deep dives is only a warning in a draft, but it is a fix all the same.
    const hypotheses = view.items('hypotheses', ['id', 'claim', 'priority', 'cost', 'status', 'candidateNodes']).map(({ value }) => value);
    fixes.push(...driftAdvice(standingOf(view, hypotheses).drifts));
    return { nextVersion: 1, verdict: 'fail', phase: 'fix', replan, ...empty, budget, ...definedFields({ trace }), allowed: fixes };
  }
  return soundDraftAdvice(view, policy, result, budget, finished, trace);
}

/** What the trace the draft was checked against shows of its reads (the report's account of it). */
function traceReads(report: NonNullable<CompiledDraft['report']>): NextSteps['trace'] {
  if (report.trace === undefined) return undefined;
  const { total, matched, unmatched, unmatchedCount } = report.trace.reads;
  return {
    reads: total,
    recorded: matched,
    unrecorded: unmatched.map(({ node, line }) => ({ node, line })),
    unrecordedCount: unmatchedCount,
  };
}

/** The reads the trace shows and the record leaves out: each is a deep dive to write, and a unit of budget to count. */
function recordAdvice(trace: NextSteps['trace']): Advice[] {
  if (trace === undefined || trace.unrecordedCount === 0) return [];
  const more = trace.unrecordedCount > trace.unrecorded.length ? ` and ${trace.unrecordedCount - trace.unrecorded.length} more` : '';
  return [
    {
      action: 'record',
      message: `record the ${plural(trace.unrecordedCount, 'read')} the trace shows and the spec leaves out, each as a deep dive counted in budget.used: ${trace.unrecorded.map(({ node, line }) => `${show(node)} (trace line ${line})`).join(', ')}${more}`,
      rule: 'trace-budget',
    },
  ];
}

function soundDraftAdvice(
  view: SpecView,
  policy: Policy,
  result: CompiledDraft,
  budget: NextSteps['budget'],
  finished: CompiledDraft | undefined,
  trace: NextSteps['trace'],
): NextSteps {
  const mapped = view.mappedNodes();
  const recorded = view.items('hypotheses', ['id', 'claim', 'priority', 'cost', 'status', 'candidateNodes']).map(({ value }) => value);
  // The hypotheses as their deep dives leave them: a status behind its deep dives is named, never followed.
  const { hypotheses, drifts } = standingOf(view, recorded);
  const dives = view.items('deepDives', ['id', 'hypothesisId', 'node', 'effect']).map(({ value }) => value);
  const stopped = view.stopCondition() !== undefined;
  const left = budget?.left ?? 0;
  // A stopped draft is judged as finished, where a drift is one of the problems left.
  // What the agent did and did not record comes first: the rest of the advice reads the record.
  const allowed: Advice[] = [...recordAdvice(trace), ...(stopped ? [] : driftAdvice(drifts))];
  const forbidden: Advice[] = [
    { action: 'dive', message: 'never read a node the surface map did not surface (no blind reads)', rule: 'dive-grounded' },
    {
      action: 'map',
      message: `never map with an expensive tool; the map uses ${oneOf(policy.cheapMapTools)}, names only`,
      rule: 'map-cheap',
    },
  ];
  const replan = replanNow(view, dives);
  const stopReasons = stopReasonVerdicts(view, policy, recorded, { hypotheses, drifts }, budget);
  const next = stopped ? null : nextHypothesis(hypotheses, dives, mapped);
  let phase: Phase;
  if (stopped) {
    phase = 'stopped';
    const unfinished = (finished?.diagnostics ?? []).filter((diagnostic) => weightOf(diagnostic) === 'errors');
    // The recorded stop (stop-reason) is what makes the draft a finished spec, judged by the whole gate.
    allowed.push({
      action: 'finish',
      message:
        unfinished.length === 0
          ? 'the investigation has stopped and passes as a finished spec: compile it without --stage draft'
          : `the investigation has stopped: finish the spec; ${plural(unfinished.length, 'problem')} left for the finished gate`,
      rule: 'stop-reason',
    });
    for (const diagnostic of unfinished)
      allowed.push({ action: 'finish', message: `${diagnostic.path || '/'}: ${diagnostic.message}`, rule: diagnostic.ruleId });
  } else if ((view.rawSection('surfaceMap')?.length ?? 0) === 0) {
    phase = 'map';
    allowed.push({
      action: 'map',
      message: `map the surface with ${oneOf(policy.cheapMapTools)}: names and structure only, no budget spent; record each query's candidate nodes and what they suggest`,
      rule: 'map-cheap',
    });
    forbidden.push({
      action: 'dive',
      message: 'no deep dive before the map: a deep dive reads only a node the map surfaced',
      rule: 'dive-grounded',
    });
  } else if (hypotheses.length === 0) {
    phase = 'rank';
    allowed.push({
      action: 'rank',
      message:
        'form hypotheses from the map, each with a claim, a priority (1 is tested first), a cost and the mapped nodes that would settle it',
      rule: 'hypotheses-ranked',
    });
    forbidden.push({
      action: 'dive',
      message: 'no deep dive before the hypotheses are ranked: a deep dive tests one of them',
      rule: 'dive-order',
    });
  } else if (left <= 0) {
    phase = 'stop';
    forbidden.push({
      action: 'dive',
      message: `the budget is spent (${budget?.used} of ${budget?.total} ${budget?.unit}): no more deep dives`,
      rule: 'budget-limit',
    });
  } else if (hypotheses.every((hypothesis) => hypothesis.status === 'invalidated')) {
    phase = 'stop';
    allowed.push({
      action: 'new-hypotheses',
      message: `every hypothesis is invalidated with ${left} ${budget?.unit} left: form new hypotheses from the findings, ranked, on mapped nodes, or stop with ${oneOf(policy.strict.allInvalidatedReasons ?? policy.stopReasons)}`,
      rule: 'stop-reason',
    });
  } else {
    phase = next === null ? 'stop' : 'dive';
    allowed.push(next === null ? nothingToTest(hypotheses) : diveAdvice(next, policy, budget, dives.length === 0));
  }
  if (replan.allowed)
    allowed.push({
      action: 'replan',
      message: `replan ${show(replan.hypothesisId)} now, with trigger ${oneOf(policy.replanTriggers)} after deep dive ${show(replan.afterDeepDive)}: it invalidated the hypothesis`,
      rule: 'replan-evidence',
    });
  else
    forbidden.push({
      action: 'replan',
      message: 'no replan now: a replan answers a deep dive that invalidated its hypothesis, and none is waiting for one',
      rule: 'replan-evidence',
    });
  const valid = stopReasons.filter((verdict) => verdict.why === undefined).map((verdict) => verdict.reason);
  if (!stopped && valid.length > 0)
    allowed.push({ action: 'stop', message: `stop, with the reason ${oneOf(valid)} and the evidence for it`, rule: 'stop-reason' });
  const discovery = discoveryAdvice(view, allowed, forbidden);
  return {
    nextVersion: 1,
    verdict: result.verdict,
    phase,
    budget,
    nextHypothesis: next,
    replan,
    stopReasons,
    ...definedFields({ discovery, trace }),
    allowed,
    forbidden,
    diagnostics: result.diagnostics,
  };
}

function budgetOf(view: SpecView): NextSteps['budget'] {
  const budget = view.budget();
  if (budget === undefined) return null;
  return { total: budget.total, used: budget.used, left: budget.total - budget.used, unit: budget.unit };
}

function diveAdvice(next: NextHypothesis, policy: Policy, budget: NextSteps['budget'], first: boolean): Advice {
  const cost = budget?.unit === 'tokens' ? 'its tokens count against' : 'one read of';
  return {
    action: 'dive',
    message:
      `test ${show(next.id)} (priority ${next.priority}) with one deep dive by ${oneOf(policy.expensiveDiveTools)} on ${plural(next.unreadNodes.length, 'mapped node')} not read yet (${listOf(next.unreadNodes)}); ` +
      `it spends ${cost} the budget: record the node, the finding, an effect (${listOf(policy.deepDiveEffects)}) and a provenance tag, and add it to budget.used`,
    // The first deep dive must go to a top-ranked hypothesis; every one, to a node the map surfaced.
    rule: first ? 'dive-order' : 'dive-grounded',
  };
}

/** A replan is allowed right after the deep dive that invalidated its hypothesis, once per invalidation. */
function replanNow(view: SpecView, dives: readonly Pick<DeepDive, 'id' | 'hypothesisId' | 'effect'>[]): NextSteps['replan'] {
  const last = dives.at(-1);
  const rule = 'replan-evidence';
  if (last === undefined || last.effect !== 'invalidates') return { allowed: false, rule };
  const answered = view.items('replanLog', ['hypothesisId', 'afterDeepDive']).some(({ value }) => value.afterDeepDive === last.id);
  if (answered) return { allowed: false, rule };
  return { allowed: true, hypothesisId: last.hypothesisId, afterDeepDive: last.id, rule };
}
