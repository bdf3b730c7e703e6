import { listOf, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';

const HYPOTHESIS_READS = ['id', 'priority'] as const;

export const diveOrder: Rule = {
  meta: {
    id: 'dive-order',
    criterion: 'ranked-hypotheses',
    description: 'The first deep dive tests a hypothesis of the best (lowest) priority.',
    rationale:
      'Ranking is only worth doing if the ranking is followed: the first expensive read goes to a top-ranked hypothesis. Starting elsewhere suggests the ranking was written after the fact.',
    examples: {
      failing: {
        title: 'The first deep dive tests H2 while H1 ranks first.',
        apply: (spec) => void spec.deepDives.unshift(spec.deepDives.splice(1, 1)[0] as DeepDive),
      },
      passing: { title: 'The first deep dive tests H1, the top-ranked hypothesis.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    if (!view.isComplete('hypotheses', HYPOTHESIS_READS)) return;
    const lowest = policy.minimums.priority ?? -Infinity;
    const hypotheses = view.items('hypotheses', HYPOTHESIS_READS).filter(({ value }) => value.priority >= lowest);
    const first = view.items('deepDives', ['hypothesisId'])[0];
    if (first?.index !== 0 || hypotheses.length === 0) return;
    const best = hypotheses.reduce((lowest, { value }) => Math.min(lowest, value.priority), Infinity);
    const target = hypotheses.find(({ value }) => value.id === first.value.hypothesisId);
    if (!target || target.value.priority === best) return;
    const leaders = hypotheses.filter(({ value }) => value.priority === best).map(({ value }) => value.id);
    report(
      childPointer(first.path, 'hypothesisId'),
      `the first deep dive tests ${show(target.value.id)} (priority ${target.value.priority}) while ${listOf(leaders)} ranks first (priority ${best}); read for the top-ranked hypothesis first, or fix the ranking.`,
    );
  },
};
