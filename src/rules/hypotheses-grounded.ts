import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Hypothesis } from '../spec/types.js';
import type { Rule } from './rule.js';

export const hypothesesGrounded: Rule = {
  meta: {
    id: 'hypotheses-grounded',
    criterion: 'ranked-hypotheses',
    description: 'Every candidate node of a hypothesis was surfaced by the surface map.',
    rationale:
      'A hypothesis points at nodes the cheap map found. A node that no map entry surfaced was guessed, not mapped: add the query that finds it, or drop the node.',
    examples: {
      failing: {
        title: 'A hypothesis pointing at a node no map entry surfaced.',
        apply: (spec) => void (spec.hypotheses[2] as Hypothesis).candidateNodes.push('billing/ghost.ts'),
      },
      passing: { title: 'Every candidate node of a hypothesis comes from the map.', apply: () => {} },
    },
  },
  check({ view, report }) {
    if (!view.isComplete('surfaceMap', ['candidateNodes'])) return;
    const mapped = view.mappedNodes();
    for (const { value, path } of view.items('hypotheses', ['id', 'candidateNodes'])) {
      value.candidateNodes.forEach((node, index) => {
        if (mapped.has(node)) return;
        report(
          childPointer(path, 'candidateNodes', index),
          () =>
            `hypothesis ${show(value.id)} names node ${show(node)}, which no surface map entry surfaced; map it with a cheap query first.${didYouMean(node, mapped)}`,
        );
      });
    }
  },
};
