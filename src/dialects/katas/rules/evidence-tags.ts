import { objectAt } from '../base-report.js';
import { type KatasRule, readAllowed } from './support/read.js';

export const katasEvidenceTags: KatasRule = {
  meta: {
    id: 'katas-evidence-tags',
    criterion: 'provenance',
    description:
      'Every evidence_tag, on cheap mapping scans, findings, replans and evidence, is one of [CODIGO] (or [CÓDIGO]), [CONFIG], [DOC], [INFERENCIA] and [SUPUESTO].',
    rationale:
      "A tag says where a piece of knowledge comes from, code, configuration, documentation, an inference or an assumption, so that a reader can weigh it: an inference is not a line of code. Tag every scan, finding, replan and piece of evidence with one of the format's tags, spelt exactly, brackets included.",
    examples: {
      failing: {
        title: 'A finding tagged "[CODE]", a tag the format does not have.',
        apply: (report) => void (objectAt(report, 'findings', 0)['evidence_tag'] = '[CODE]'),
      },
      passing: { title: 'Code tags on the scans and findings, and an inference tagged as one.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy } = context;
    const tagged = [
      ...view.records(view.object(view.root, 'topology'), 'cheap_mapping'),
      ...view.records(view.root, 'findings'),
      ...view.records(view.root, 'replans'),
      ...view.records(view.root, 'evidence'),
    ];
    for (const holder of tagged) {
      readAllowed(
        context,
        holder,
        'evidence_tag',
        policy.evidenceTags,
        'Tag where the knowledge comes from: code, configuration, documentation, an inference or an assumption.',
      );
    }
  },
};
