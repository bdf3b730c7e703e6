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
      if (count > allowed) {
        report(
          path,
          `replan ${count} of hypothesis ${show(value.hypothesisId)} has no invalidating deep dive to answer to (${plural(allowed, 'invalidating deep dive')} recorded); replan only after a deep dive invalidates the hypothesis.`,
        );
      }
      if (value.afterDeepDive === undefined) continue;
      const dive = dives.get(value.afterDeepDive);
      const where = childPointer(path, 'afterDeepDive');
      if (!dive) {
        report(
          where,
          `afterDeepDive ${show(value.afterDeepDive)} names no deep dive; give the id of the deep dive that invalidated ${show(value.hypothesisId)}.`,
        );
      } else if (dive.hypothesisId !== value.hypothesisId || dive.effect !== 'invalidates') {
        report(
          where,
          `afterDeepDive ${show(value.afterDeepDive)} ${dive.hypothesisId !== value.hypothesisId ? `tests ${show(dive.hypothesisId)}, not ${show(value.hypothesisId)}` : `${dive.effect === 'confirms' ? 'confirms' : 'does not invalidate'} ${show(value.hypothesisId)}`}; a replan follows a deep dive that invalidates its hypothesis.`,
        );
      }
    }
  },
};
