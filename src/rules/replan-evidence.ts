import { plural, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Rule } from './rule.js';

const DIVE_READS = ['id', 'hypothesisId', 'effect'] as const;

export const replanEvidence: Rule = {
  meta: {
    id: 'replan-evidence',
    criterion: 'typed-replan',
    description:
      "A replan's hypothesis has at least as many invalidating deep dives as replans; afterDeepDive, when given, names an invalidating deep dive of that hypothesis.",
    rationale:
      'Each replan must be paid for by evidence: one invalidating deep dive of the hypothesis it names. More replans than invalidations means re-planning by reflex.',
    examples: {
      failing: {
        title: 'A second replan of H1, which only one deep dive invalidated.',
        apply: (spec) =>
          void spec.replanLog.push({
            trigger: 'hypothesis_invalidated',
            hypothesisId: 'H1',
            decision: 'Re-rank again.',
            evidence: 'Nothing new.',
          }),
      },
      passing: { title: 'One replan of H1, after D1 invalidated it.', apply: () => {} },
    },
  },
  check({ view, report }) {
    if (!view.isComplete('deepDives', DIVE_READS)) return;
    const invalidations = new Map<string, number>();
    const dives = new Map<string, { hypothesisId: string; effect: string }>();
    for (const { value } of view.items('deepDives', DIVE_READS)) {
      if (!dives.has(value.id)) dives.set(value.id, value);
      if (value.effect === 'invalidates') invalidations.set(value.hypothesisId, (invalidations.get(value.hypothesisId) ?? 0) + 1);
    }
    const replansSoFar = new Map<string, number>();
    for (const { value, path } of view.items('replanLog', ['hypothesisId', 'afterDeepDive'])) {
      const count = (replansSoFar.get(value.hypothesisId) ?? 0) + 1;
      replansSoFar.set(value.hypothesisId, count);
      const allowed = invalidations.get(value.hypothesisId) ?? 0;
      const unpaid =
        count > allowed
          ? `replan ${count} of hypothesis ${show(value.hypothesisId)} has no invalidating deep dive to answer to (${plural(allowed, 'invalidating deep dive')} recorded)`
          : undefined;
      const after =
        value.afterDeepDive === undefined
          ? undefined
          : afterProblem(value.afterDeepDive, value.hypothesisId, dives.get(value.afterDeepDive));
      // One mistake, one problem: a replan with no invalidation to answer to, after a dive that does not invalidate, is said once.
      if (unpaid !== undefined && after !== undefined)
        report(path, `${unpaid}, and its afterDeepDive ${after}; replan only after a deep dive invalidates the hypothesis.`);
      else if (unpaid !== undefined) report(path, `${unpaid}; replan only after a deep dive invalidates the hypothesis.`);
      else if (after !== undefined) {
        const fix = dives.has(value.afterDeepDive as string)
          ? 'a replan follows a deep dive that invalidates its hypothesis'
          : `give the id of the deep dive that invalidated ${show(value.hypothesisId)}`;
        report(childPointer(path, 'afterDeepDive'), `afterDeepDive ${after}; ${fix}.`);
      }
    }
  },
};

/** What is wrong with the deep dive a replan names as its cause, or undefined when it invalidates the replan's hypothesis. */
function afterProblem(id: string, hypothesisId: string, dive: { hypothesisId: string; effect: string } | undefined): string | undefined {
  if (dive === undefined) return `${show(id)} names no deep dive`;
  if (dive.hypothesisId !== hypothesisId) return `${show(id)} tests ${show(dive.hypothesisId)}, not ${show(hypothesisId)}`;
  if (dive.effect !== 'invalidates')
    return `${show(id)} ${dive.effect === 'confirms' ? 'confirms' : 'does not invalidate'} ${show(hypothesisId)}`;
  return undefined;
}
