import { objectAt } from '../base-report.js';
import type { KatasRule } from './support/read.js';

export const katasSchema: KatasRule = {
  meta: {
    id: 'katas-schema',
    criterion: 'typed-scratchpad',
    schemaFindings: 'structural',
    foundation: {
      neverAccepted: 'the other rules cannot judge a report whose structure the schema rejects, so it is fixed, never accepted',
    },
    description:
      'Structure and types follow the JSON Schema of the katas report: every field present, objects, lists, texts, whole numbers and booleans where the format has them.',
    rationale:
      'The report is a typed scratchpad that tools and reviewers read field by field, so a field must hold what the format says: a boolean is not a whole number, and a list is not a text. The fix is in the message: add the missing field, or write the value with its type. Fixed values (tools, tags, statuses) and the relations between fields are judged by the other katas rules. Off under the reference preset, where the rules check shapes the way the katas validator does.',
    examples: {
      failing: {
        title: 'A file limit written as the boolean true, and a finding without its summary.',
        apply: (report) => {
          objectAt(report, 'budget', 'files')['limit'] = true;
          delete objectAt(report, 'findings', 1)['summary'];
        },
      },
      passing: { title: 'Every field present, with its type.', apply: () => {} },
    },
  },
  check({ view, report }) {
    for (const issue of view.schema.structural) report(issue.path, issue.message);
  },
};
