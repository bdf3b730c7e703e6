import type { Rule } from './rule.js';

export const unknownField: Rule = {
  meta: {
    id: 'unknown-field',
    criterion: 'typed-scratchpad',
    description: 'No key the format does not know, apart from "x-" extension keys and a top-level "$schema"; suggests the field that was probably meant.',
    rationale:
      'A misspelt key is silently ignored data: "prority" is not a priority. Extension data is welcome under an "x-" prefix.',
  },
  check({ view, report }) {
    for (const issue of view.schema.unknownKeys) report(issue.path, issue.message);
  },
};
