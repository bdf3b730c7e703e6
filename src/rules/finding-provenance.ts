import { isBlank, oneOf, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';

export const findingProvenance: Rule = {
  meta: {
    id: 'finding-provenance',
    criterion: 'provenance',
    fixes: 'spelling',
    description: 'Every deep dive names its node and carries a provenance tag from the policy.',
    rationale:
      'A finding is only traceable with the node it came from and a tag saying what kind of evidence it is: read in code or config, stated in a document, inferred, or assumed.',
    examples: {
      failing: {
        title: 'A deep dive whose finding carries no provenance tag.',
        apply: (spec) => void delete (spec.deepDives[1] as DeepDive).provenance,
      },
      passing: { title: 'Every finding tagged [CÓDIGO], [CODIGO] or [DOC].', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    for (const { value, path } of view.items('deepDives', ['id', 'node'])) {
      if (isBlank(value.node, policy.strict.visibleText)) {
        report(childPointer(path, 'node'), `deep dive ${show(value.id)} names no node; give the path or name it read.`);
      }
    }
    const tags = new Set(policy.provenanceTags.map((tag) => tag.normalize('NFC')));
    for (const { value, path } of view.items('deepDives', ['id', 'provenance'])) {
      if (value.provenance === undefined) {
        report(
          childPointer(path, 'provenance'),
          `deep dive ${show(value.id)} has no provenance tag; add "provenance" with ${oneOf(policy.provenanceTags)}.`,
        );
      } else if (!tags.has(value.provenance.normalize('NFC'))) {
        const provenance = value.provenance;
        report(
          childPointer(path, 'provenance'),
          () => `provenance ${show(provenance)} is not a known tag; use ${oneOf(policy.provenanceTags)}.`,
          { value: provenance, allowed: policy.provenanceTags },
        );
      }
    }
  },
};
