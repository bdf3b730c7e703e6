import { listAt } from '../base-report.js';
import { type KatasRule, readRecords, readText } from './support/read.js';

export const katasEvidenceList: KatasRule = {
  meta: {
    id: 'katas-evidence-list',
    criterion: 'provenance',
    description: 'The evidence list is not empty, and each piece states a claim and the source that backs it.',
    rationale:
      'A report is worth what its evidence is worth: every claim it hands over should say what backs it, a file or a part of the report, so that a reader can check it. List at least one piece of evidence, each with its claim in a sentence, its tag and its source.',
    examples: {
      failing: {
        title: 'A report with no evidence.',
        apply: (report) => void (listAt(report, 'evidence').length = 0),
      },
      passing: { title: 'Two claims, one backed by a file and one by a finding.', apply: () => {} },
    },
  },
  check(context) {
    const { view, report } = context;
    const evidence = readRecords(context, view.root, 'evidence', 'give each piece as {"claim", "evidence_tag", "source"}.');
    if (evidence === undefined) return;
    if (evidence.empty)
      report(evidence.path, "evidence is empty; back the report's claims with at least one piece of evidence, its tag and its source.");
    for (const item of evidence.records) {
      readText(context, item, 'claim', 'state the claim in a sentence.');
      readText(context, item, 'source', 'name what backs the claim: a file, or a part of the report such as "findings[0]".');
    }
  },
};
