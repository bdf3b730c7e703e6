import { plural } from '../../../common/text.js';
import { listAt, objectAt } from '../base-report.js';
import { spentOn } from './support/lists.js';
import type { KatasRule } from './support/read.js';

export const katasFindingsWithinFiles: KatasRule = {
  meta: {
    id: 'katas-findings-within-files',
    criterion: 'hard-budget',
    description: 'There are no more findings than files read: findings count no higher than budget.files.used.',
    rationale:
      'Each finding comes from a deep dive, and a deep dive reads a file, so a report with more findings than files read either left reads out of the budget or reports findings nobody read. Count every file read in budget.files.used, or drop the findings that no read backs. The katas validator does not compare the two; the gate does.',
    examples: {
      failing: {
        title: 'Two findings, but one file read.',
        apply: (report) => void (objectAt(report, 'budget', 'files')['used'] = 1),
      },
      passing: {
        title: 'Three findings from three files read.',
        apply: (report) => {
          objectAt(report, 'budget', 'files')['used'] = 3;
          listAt(report, 'findings').push({
            ...objectAt(report, 'findings', 1),
            id: 'writer-commits-per-batch',
            target: 'services/billing/export/batch_writer.go',
            summary: 'The writer commits once per batch of 500 invoices.',
            source: 'services/billing/export/batch_writer.go',
          });
        },
      },
    },
  },
  check(context) {
    const spent = spentOn(context, 'files');
    const findings = context.view.list(context.view.root, 'findings');
    if (spent === undefined || findings === undefined || findings.value.length <= spent.used) return;
    context.report(
      spent.path,
      `budget.files.used is ${spent.used}, fewer than the ${plural(findings.value.length, 'finding')}: each finding is a file read in a deep dive. Count every file read in budget.files.used, or drop the findings no read backs.`,
    );
  },
};
