import { childPointer } from '../../diagnostics/pointer.js';
import type { BriefFinding } from '../../spec/types.js';
import type { Rule } from '../rule.js';
import { checkBriefIds, checkEvidenceRefs, registryOf } from './brief-checks.js';
import { withBriefs } from './examples.js';

export const briefIds: Rule = {
  meta: {
    id: 'brief-ids',
    criterion: 'briefs',
    description:
      "Finding ids are unique within a brief, and every evidence ref of the briefs (findings and changes) and of causalReview is an id of the spec's evidence registry.",
    rationale:
      'Findings are followed across versions by their id, and a claim is only as good as the evidence it cites: an id that is not in the registry points at nothing a reviewer can check. Give each finding its own id and register every piece of evidence you cite.',
    examples: {
      failing: {
        title: "H2's first brief cites E000009, which the registry does not hold.",
        apply: (spec) => {
          (withBriefs(spec).first.findings[0] as BriefFinding).evidenceRefs = ['E000009'];
        },
      },
      passing: { title: 'Briefs of H2 citing only registered evidence.', apply: (spec) => void withBriefs(spec) },
    },
  },
  check({ view, report }) {
    const registry = registryOf(view.data);
    for (const { value, path } of view.items('hypotheses', ['briefs'])) {
      value.briefs?.forEach((brief, index) => {
        for (const problem of checkBriefIds(brief, childPointer(path, 'briefs', index), registry)) report(problem.path, problem.message);
      });
    }
    for (const { value, path } of view.items('hypotheses', ['causalReview'])) {
      if (value.causalReview === undefined) continue;
      for (const direction of ['support', 'against'] as const) {
        for (const problem of checkEvidenceRefs(value.causalReview[direction], childPointer(path, 'causalReview', direction), registry))
          report(problem.path, problem.message);
      }
    }
  },
};
