import { childPointer } from '../../diagnostics/pointer.js';
import type { Rule } from '../rule.js';
import { checkBriefCausal } from './brief-checks.js';
import { withBriefs } from './examples.js';

export const briefCausal: Rule = {
  meta: {
    id: 'brief-causal',
    criterion: 'briefs',
    description:
      "A hypothesis with briefs and a causalReview lists in causalReview.support exactly the evidence its latest brief's support findings cite, and in causalReview.against exactly that of its against findings (as sets).",
    rationale:
      'The causal review is the summary a reviewer reads first; it must say what the latest brief says, no more and no less. Rebuild it from the latest brief whenever the brief changes.',
    examples: {
      failing: {
        title: "H2's causal review leaves out E000002, which its support findings cite.",
        apply: (spec) => {
          withBriefs(spec).h2.causalReview.support = ['E000001'];
        },
      },
      passing: { title: "H2's causal review matches its latest brief.", apply: (spec) => void withBriefs(spec) },
    },
  },
  check({ view, report }) {
    for (const { value, path } of view.items('hypotheses', ['briefs', 'causalReview'])) {
      const latestIndex = (value.briefs?.length ?? 0) - 1;
      const latest = value.briefs?.[latestIndex];
      if (latest === undefined || value.causalReview === undefined) continue;
      for (const problem of checkBriefCausal(
        latest,
        value.causalReview,
        childPointer(path, 'causalReview'),
        `the latest brief (briefs/${latestIndex})`,
      ))
        report(problem.path, problem.message);
    }
  },
};
