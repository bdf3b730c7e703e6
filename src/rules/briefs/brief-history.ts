import { childPointer } from '../../diagnostics/pointer.js';
import type { Rule } from '../rule.js';
import { checkBriefHistory, registryOf } from './brief-checks.js';
import { withBriefs } from './examples.js';

export const briefHistory: Rule = {
  meta: {
    id: 'brief-history',
    criterion: 'briefs',
    description:
      'Between consecutive briefs of a hypothesis, an unchanged finding keeps its id, and every finding that was modified or removed has exactly one change entry of that kind, with a reason and registered evidence; no change names a finding the previous brief did not have.',
    rationale:
      'Briefs are rewritten after every step, and a rewrite can quietly drop or soften a finding. The history makes every such change explicit and paid for by evidence, so a reviewer can see why the assessment moved.',
    examples: {
      failing: {
        title: "H2's second brief rewrites finding F1 without a change entry.",
        apply: (spec) => {
          withBriefs(spec).second.changes = [];
        },
      },
      passing: { title: 'F1 rewritten with a change entry that cites E000002.', apply: (spec) => void withBriefs(spec) },
    },
  },
  check({ view, policy, report }) {
    const registry = registryOf(view.data);
    for (const { value, path } of view.items('hypotheses', ['briefs'])) {
      const briefs = value.briefs ?? [];
      briefs.forEach((brief, index) => {
        const previous = index === 0 ? undefined : briefs[index - 1];
        const problems = checkBriefHistory(previous, brief, childPointer(path, 'briefs', index), {
          previousLabel: `the previous brief (briefs/${index - 1})`,
          registry,
          visibleText: policy.strict.visibleText,
        });
        for (const problem of problems) report(problem.path, problem.message);
      });
    }
  },
};
