import type { Rule } from './rule.js';

export const unknownField: Rule = {
  meta: {
    id: 'unknown-field',
    criterion: 'typed-scratchpad',
    schemaFindings: 'unknown',
    description:
      'No key the format does not know, apart from "x-" extension keys and a top-level "$schema"; suggests the field that was probably meant.',
    rationale: 'A misspelt key is silently ignored data: "prority" is not a priority. Extension data is welcome under an "x-" prefix.',
    examples: {
      failing: {
        title: 'A misspelt "prority" key on a hypothesis.',
        apply: (spec) => {
          (spec.hypotheses[0] as unknown as Record<string, unknown>)['prority'] = 1;
        },
      },
      passing: { title: 'Extension data under an "x-" key is welcome.', apply: (spec) => void (spec['x-team'] = 'billing') },
    },
  },
  check({ view, report }) {
    for (const issue of view.schema.unknownKeys) report(issue.path, issue.message);
  },
};
