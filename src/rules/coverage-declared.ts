import { plural, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { Rule } from './rule.js';
import { WholeWordIndex } from './support/words.js';

const UNSETTLED = new Set(['open', 'active']);

export const coverageDeclared: Rule = {
  meta: {
    id: 'coverage-declared',
    criterion: 'stop-reason',
    description: 'At least the minimum number of risks; gate: every hypothesis left open or active is named by its id in some risk.',
    rationale:
      'A hard budget means partial coverage. The deliverable declares what was not explored instead of hiding it: every unsettled hypothesis is named in a risk, by its id.',
    examples: {
      failing: {
        title: 'H3 is left open and no risk names it.',
        apply: (spec) => {
          spec.risks = ['Only the billing folder was mapped.'];
        },
      },
      passing: { title: 'The open H3 is named in a risk.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const risks = view.risks();
    if (risks === undefined) return;
    if (risks.length < policy.minimums.risks) {
      report(
        '/risks',
        `risks has ${plural(risks.length, 'entry', 'entries')}; declare at least ${policy.minimums.risks}: residual risks, unexplored nodes, partial coverage.`,
      );
    }
    if (!policy.strict.openHypothesesInRisks) return;
    const named = new WholeWordIndex(risks.filter((risk): risk is string => typeof risk === 'string'));
    for (const { value, path } of view.items('hypotheses', ['id', 'status'])) {
      if (!UNSETTLED.has(value.status)) continue;
      const found = named.has(value.id);
      if (found === true) continue;
      report(
        childPointer(path, 'id'),
        found === false
          ? `hypothesis ${show(value.id)} is left ${value.status} but no risk names it; add a risk that says ${show(value.id)} was not settled and why.`
          : `hypothesis ${show(value.id)} is left ${value.status}, and the risks are too long to search for an id with spaces or punctuation within the limits; give it an id of letters, digits and underscores and name it in a risk.`,
      );
    }
  },
};
