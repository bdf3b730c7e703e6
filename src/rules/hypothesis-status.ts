import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Hypothesis } from '../spec/types.js';
import type { Rule } from './rule.js';
import { EVIDENCE_FOR_STATUS, possibleHypotheses } from './support/intended.js';

const DIVE_READS = ['hypothesisId', 'effect'] as const;

export const hypothesisStatus: Rule = {
  meta: {
    id: 'hypothesis-status',
    criterion: 'evidence',
    description: 'A confirmed hypothesis has a deep dive that confirms it; an invalidated one has a deep dive that invalidates it.',
    rationale:
      'A status is a claim about evidence. "confirmed" or "invalidated" without a deep dive of that effect is an assertion nobody read for: record the dive, or leave the hypothesis open. ' +
      "It asks only that such a dive exist; whether the status follows the last of several deep dives, or is still open or active after one settled it, is status-drift's question.",
    examples: {
      failing: {
        title: 'H3 is marked confirmed though no deep dive read for it.',
        apply: (spec) => {
          (spec.hypotheses[2] as Hypothesis).status = 'confirmed';
        },
      },
      passing: { title: 'H1 invalidated by D1 and H2 confirmed by D2 and D3.', apply: () => {} },
    },
  },
  check({ view, report }) {
    if (!view.isComplete('deepDives', DIVE_READS)) return;
    const effectsByHypothesis = new Map<string, Set<string>>();
    for (const { value } of view.items('deepDives', DIVE_READS)) {
      let effects = effectsByHypothesis.get(value.hypothesisId);
      if (!effects) effectsByHypothesis.set(value.hypothesisId, (effects = new Set()));
      effects.add(value.effect);
    }
    // A dive naming no ranked hypothesis may be the evidence one of these lacks: dive-selective reports it.
    const unsure = new Set<string>();
    const known = view.ids('hypotheses');
    for (const { value } of view.items('deepDives', DIVE_READS)) {
      if (!known.has(value.hypothesisId)) for (const id of possibleHypotheses(view, value)) unsure.add(id);
    }
    for (const { value, path } of view.items('hypotheses', ['id', 'status'])) {
      const needed = EVIDENCE_FOR_STATUS.get(value.status);
      if (needed === undefined || unsure.has(value.id) || effectsByHypothesis.get(value.id)?.has(needed)) continue;
      report(
        childPointer(path, 'status'),
        `hypothesis ${show(value.id)} is ${value.status} but no deep dive ${needed} it; record the deep dive that shows it, or set the status to "open" or "active".`,
      );
    }
  },
};
