import { objectAt } from '../base-report.js';
import type { KatasRule } from './support/read.js';

export const katasUnknownField: KatasRule = {
  meta: {
    id: 'katas-unknown-field',
    criterion: 'typed-scratchpad',
    schemaFindings: 'unknown',
    description:
      'No key the katas format does not know, apart from "x-" extension keys and a top-level "$schema"; suggests the field that was probably meant.',
    rationale:
      'A misspelt key is data that nothing reads: a "pending_question" list is not the pending_questions the budget rules check. Rename the key to the field the message suggests, or keep extension data under an "x-" prefix.',
    examples: {
      failing: {
        title: 'A misspelt "rationle" key on a plan step.',
        apply: (report) => {
          const step = objectAt(report, 'prioritized_plan', 0);
          step['rationle'] = step['rationale'];
        },
      },
      passing: { title: 'Extension data under an "x-" key is welcome.', apply: (report) => void (report['x-ticket'] = 'BILL-2213') },
    },
  },
  check({ view, report }) {
    for (const issue of view.schema.unknownKeys) report(issue.path, issue.message);
  },
};
