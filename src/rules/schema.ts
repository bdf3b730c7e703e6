import type { Rule } from './rule.js';

export const schema: Rule = {
  meta: {
    id: 'schema',
    criterion: 'typed-scratchpad',
    description: 'Structure and types follow the JSON Schema of the format, with every required field present: goal, budget, surfaceMap, hypotheses, deepDives, replanLog, stopCondition, deliverable, risks.',
    rationale:
      'Plan, hypotheses and findings live in a typed scratchpad, not in loose prose, so that tools and reviewers can check them. Policy values (tools, units, statuses, reasons) are judged by the rules that own them.',
  },
  check({ view, report }) {
    for (const issue of view.schema.structural) report(issue.path, issue.message);
  },
};
