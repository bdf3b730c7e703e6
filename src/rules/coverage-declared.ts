import { childPointer } from '../diagnostics/pointer.js';
import type { Rule } from './rule.js';
import { plural, show } from './support/text.js';
import { containsWholeWord } from './support/words.js';

const UNSETTLED = new Set(['open', 'active']);

export const coverageDeclared: Rule = {
  meta: {
    id: 'coverage-declared',
    criterion: 'stop-reason',
    description: 'At least the minimum number of risks; gate: every hypothesis left open or active is named by its id in some risk.',
    rationale:
      'A hard budget means partial coverage. The deliverable declares what was not explored instead of hiding it: every unsettled hypothesis is named in a risk, by its id.',
    examples: {
      failing: { title: 'H3 is left open and no risk names it.', apply: (spec) => void (spec.risks = ['Only the billing folder was mapped.']) },
      passing: { title: 'The open H3 is named in a risk.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const risks = view.risks();
    if (risks === undefined) return;
    if (risks.length < policy.minimums.risks) {
      report('/risks', `risks has ${plural(risks.length, 'entry', 'entries')}; declare at least ${policy.minimums.risks}: residual risks, unexplored nodes, partial coverage.`);
    }
    if (!policy.strict.openHypothesesInRisks) return;
    const texts = risks.filter((risk): risk is string => typeof risk === 'string');
    for (const { value, path } of view.items('hypotheses')) {
      if (!UNSETTLED.has(value.status)) continue;
      if (texts.some((risk) => containsWholeWord(risk, value.id, false))) continue;
      report(childPointer(path, 'id'), `hypothesis ${show(value.id)} is left ${value.status} but no risk names it; add a risk that says ${value.id} was not settled and why.`);
    }
  },
};
