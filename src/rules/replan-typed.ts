import { offerSuggestion, suggestionFor } from '../common/suggest.js';
import { isBlank, oneOf, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Replan } from '../spec/types.js';
import type { Rule } from './rule.js';

export const replanTyped: Rule = {
  meta: {
    id: 'replan-typed',
    criterion: 'typed-replan',
    fixes: 'spelling',
    description: 'Every replan has an allowed trigger (hypothesis_invalidated), a known hypothesis, and a non-blank decision and evidence.',
    rationale:
      'Re-planning on every turn produces loops of doubt and burns reasoning. The method re-plans only when evidence invalidates a hypothesis, and records which one, what changed and why.',
    examples: {
      failing: {
        title: 'A replan triggered every turn instead of by an invalidation.',
        apply: (spec) => {
          (spec.replanLog[0] as Replan).trigger = 'every_turn';
        },
      },
      passing: { title: 'One replan, triggered by hypothesis_invalidated.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    for (const { value, path } of view.items('replanLog', ['trigger'])) {
      if (policy.replanTriggers.includes(value.trigger)) continue;
      report(
        childPointer(path, 'trigger'),
        () =>
          `replan trigger ${show(value.trigger)} is not allowed: replan is only allowed on ${oneOf(policy.replanTriggers)}. Remove reflexive replans and keep going with the current ranking.`,
        { value: value.trigger, allowed: policy.replanTriggers },
      );
    }
    const hypothesisIds = view.ids('hypotheses');
    for (const { value, path } of view.items('replanLog', ['hypothesisId'])) {
      if (hypothesisIds.has(value.hypothesisId)) continue;
      report(
        childPointer(path, 'hypothesisId'),
        () =>
          `replan names hypothesis ${show(value.hypothesisId)}, which is not in hypotheses; name the hypothesis whose invalidation triggered it.${offerSuggestion(suggestionFor(value.hypothesisId, hypothesisIds))}`,
      );
    }
    for (const { value, path } of view.items('replanLog', ['decision'])) {
      if (isBlank(value.decision, policy.strict.visibleText)) {
        report(childPointer(path, 'decision'), 'replan has a blank decision; say how the ranking or plan changed.');
      }
    }
    for (const { value, path } of view.items('replanLog', ['evidence'])) {
      if (isBlank(value.evidence, policy.strict.visibleText)) {
        report(childPointer(path, 'evidence'), 'replan has blank evidence; cite the finding that invalidated the hypothesis.');
      }
    }
  },
};
