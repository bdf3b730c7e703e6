import { isBlank, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';
import type { SpecView } from './spec-view.js';
import { checkAllowed, checkMinimum, checkUniqueIds } from './support/checks.js';
import { EVIDENCE_FOR_STATUS, intendedHypothesis } from './support/intended.js';

export const diveSelective: Rule = {
  meta: {
    id: 'dive-selective',
    criterion: 'selective-deep-dive',
    fixes: 'spelling',
    description:
      'At least the minimum deep dives, unique ids, a known hypothesis, an expensive tool, an allowed effect and a non-blank finding.',
    rationale:
      'A deep dive is one expensive read that tests one ranked hypothesis and records what it found. A read without a hypothesis, or without a finding, spends budget for nothing.',
    examples: {
      failing: {
        title: 'A deep dive made with Grep, testing a hypothesis that does not exist.',
        apply: (spec) => {
          const dive = spec.deepDives[2] as DeepDive;
          dive.tool = 'Grep';
          dive.hypothesisId = 'H9';
        },
      },
      passing: { title: 'Three reads, each testing a ranked hypothesis and recording a finding.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    checkMinimum(context, 'deepDives', policy.minimums.deepDives, 'deep dive');
    checkUniqueIds(context, 'deepDives', view.items('deepDives', ['id']));
    const hypothesisIds = view.ids('hypotheses');
    for (const { value, path } of view.items('deepDives', ['id', 'hypothesisId'])) {
      if (hypothesisIds.has(value.hypothesisId)) continue;
      report(
        childPointer(path, 'hypothesisId'),
        () =>
          `deep dive ${show(value.id)} tests hypothesis ${show(value.hypothesisId)}, which is not in hypotheses; rank a hypothesis before reading for it.${meantHypothesis(view, value)}`,
      );
    }
    for (const { value, path } of view.items('deepDives', ['tool'])) {
      checkAllowed(context, childPointer(path, 'tool'), 'deep-dive tool', value.tool, policy.expensiveDiveTools, 'expensiveDiveTools');
    }
    for (const { value, path } of view.items('deepDives', ['effect'])) {
      checkAllowed(context, childPointer(path, 'effect'), 'deep-dive effect', value.effect, policy.deepDiveEffects);
    }
    for (const { value, path } of view.items('deepDives', ['id', 'finding'])) {
      if (isBlank(value.finding, policy.strict.visibleText)) {
        report(childPointer(path, 'finding'), `deep dive ${show(value.id)} has a blank finding; record what the read established.`);
      }
    }
  },
};

/**
 * " Did you mean "H2"…?" for the one hypothesis the dive was most likely meant for, with why, and
 * the status that waits on it; nothing when no single hypothesis stands out.
 */
function meantHypothesis(view: SpecView, dive: DeepDive): string {
  const meant = intendedHypothesis(view, dive);
  if (meant === undefined) return '';
  const why = meant.byNode ? `, the hypothesis whose candidateNodes include ${show(dive.node)}` : '';
  return ` Did you mean ${show(meant.id)}${why}?${waitingStatus(view, meant.id, dive.effect)}`;
}

/** " H2 is confirmed, and no other deep dive confirms it." when this dive is the evidence its status lacks. */
function waitingStatus(view: SpecView, id: string, effect: unknown): string {
  const hypothesis = view.items('hypotheses', ['id', 'status']).find(({ value }) => value.id === id)?.value;
  const needed = hypothesis === undefined ? undefined : EVIDENCE_FOR_STATUS.get(hypothesis.status);
  if (needed === undefined || effect !== needed) return '';
  const others = view
    .items('deepDives', ['hypothesisId', 'effect'])
    .some(({ value }) => value.hypothesisId === id && value.effect === needed);
  return others ? '' : ` ${show(id)} is ${hypothesis?.status}, and no other deep dive ${needed} it.`;
}
