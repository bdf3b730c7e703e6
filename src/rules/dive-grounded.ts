import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';

export const diveGrounded: Rule = {
  meta: {
    id: 'dive-grounded',
    criterion: 'selective-deep-dive',
    description: 'The node of every deep dive was surfaced by the surface map (no blind reads).',
    rationale:
      'Deep dives read only nodes the cheap map surfaced. A read of an unmapped node is a blind read: map it first, or explain why by widening the map.',
    examples: {
      failing: {
        title: 'A deep dive into a README that no map entry surfaced: a blind read.',
        apply: (spec) => {
          (spec.deepDives[2] as DeepDive).node = 'billing/README.md';
        },
      },
      passing: { title: 'Every node read was surfaced by the map first.', apply: () => {} },
    },
  },
  check({ view, report }) {
    if (!view.isComplete('surfaceMap', ['candidateNodes'])) return;
    const mapped = view.mappedNodes();
    for (const { value, path } of view.items('deepDives', ['id', 'node'])) {
      if (mapped.has(value.node)) continue;
      report(
        childPointer(path, 'node'),
        () =>
          `deep dive ${show(value.id)} read ${show(value.node)}, which no surface map entry surfaced: a blind read. Map the node with a cheap query first.${didYouMean(value.node, mapped)}`,
      );
    }
  },
};
