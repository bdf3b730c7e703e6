import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';

export const schema: Rule = {
  meta: {
    id: 'schema',
    criterion: 'typed-scratchpad',
    schemaFindings: 'structural',
    // A number written in quotes, unquoted: the same value in its own type, so the fix is safe.
    fixes: 'safe',
    foundation: {
      neverAccepted: 'the other rules cannot judge a spec whose structure the schema rejects, so it is fixed, never accepted',
    },
    description:
      'Structure and types follow the JSON Schema of the format, with every required field present: goal, budget, surfaceMap, hypotheses, deepDives, replanLog, stopCondition, deliverable, risks.',
    rationale:
      'Plan, hypotheses and findings live in a typed scratchpad, not in loose prose, so that tools and reviewers can check them. Policy values (tools, units, statuses, reasons) are judged by the rules that own them.',
    examples: {
      failing: {
        title: 'A deep dive without the node it read, and a priority written as text.',
        apply: (spec) => {
          delete (spec.deepDives[1] as Partial<DeepDive>).node;
          (spec.hypotheses[0] as unknown as Record<string, unknown>)['priority'] = 'high';
        },
      },
      passing: { title: 'Every required field present, with its type.', apply: () => {} },
    },
  },
  check({ view, report }) {
    for (const issue of view.schema.structural) report(issue.path, issue.message, undefined, issue.fix);
  },
};
