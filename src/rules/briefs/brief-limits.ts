import { childPointer } from '../../diagnostics/pointer.js';
import type { Rule } from '../rule.js';
import { checkBriefLimits } from './brief-checks.js';
import { withBriefs } from './examples.js';

export const briefLimits: Rule = {
  meta: {
    id: 'brief-limits',
    criterion: 'briefs',
    description:
      'Every working brief stays within its limits: at most 16 findings (text at most 300 characters, scope at most 200, at most 8 evidence refs), at most 6 uncertainties of at most 240 characters, a nextQuestion of at most 300 and a note of at most 400; characters are Unicode code points.',
    rationale:
      'A brief is a working summary that the next step reads in full; one that grows without bound stops being read. Keep the gist in the brief and the detail in the evidence it cites: merge or drop findings, shorten text.',
    examples: {
      failing: {
        title: "H2's latest brief asks a next question of 301 characters.",
        apply: (spec) => {
          withBriefs(spec).second.nextQuestion = `Why? ${'¿'.repeat(296)}`;
        },
      },
      passing: { title: "Two short versions of H2's brief.", apply: (spec) => void withBriefs(spec) },
    },
  },
  check({ view, report }) {
    for (const { value, path } of view.items('hypotheses', ['briefs'])) {
      value.briefs?.forEach((brief, index) => {
        for (const problem of checkBriefLimits(brief, childPointer(path, 'briefs', index))) report(problem.path, problem.message);
      });
    }
  },
};
