import { show } from '../common/text.js';
import type { DeepDive } from '../spec/types.js';
import type { Rule } from './rule.js';
import { decidingDiveName, statusDrifts } from './support/settled.js';

export const statusDrift: Rule = {
  meta: {
    id: 'status-drift',
    criterion: 'evidence',
    description:
      "A hypothesis's status agrees with its last deciding deep dive (the last one that confirms or invalidates it): not open or active once a deep dive settled it, and not settled the other way. In a draft, a warning.",
    rationale:
      'hypothesis-status asks that a confirmed or invalidated status have a deep dive of that effect behind it at all; this rule asks that the status follow the deep dives to their last word, and stays quiet where hypothesis-status speaks, so one mistake gives one diagnostic. ' +
      'A status left open or active after a deep dive settled the hypothesis sends the next step back to a question already answered; one left confirmed after a later deep dive invalidated it (or the reverse) claims what the evidence last contradicted. Set the status to what the last deciding deep dive says. ' +
      'In a finished spec it is an error, since the statuses are the conclusions that the stop reason, the risks and the deliverable rest on. In a draft (--stage draft) it is at most a warning: a deep dive and the status it changes are written one after the other, and a draft judged between the two is behind rather than wrong; next names the status to update before anything else. ' +
      'The reference preset leaves it off, as it leaves hypothesis-status: the reference script does not compare statuses with deep dives.',
    examples: {
      failing: {
        title: 'D3 confirms H3, whose status is still open.',
        apply: (spec) => {
          Object.assign(spec.deepDives[2] as DeepDive, {
            hypothesisId: 'H3',
            finding: 'The spec keeps a case for invoices issued before 2019 that calls legacyRound().',
          });
        },
      },
      passing: { title: 'H1 invalidated by D1, its last deciding deep dive, and H2 confirmed by D3, its last.', apply: () => {} },
    },
    draftCeiling: 'warning',
  },
  check({ view, report }) {
    for (const { hypothesisId, path, status, dive } of statusDrifts(view)) {
      const still = status === 'open' || status === 'active' ? `still ${status}` : status;
      report(
        path,
        () =>
          `hypothesis ${show(hypothesisId)} is ${still}, but ${decidingDiveName(dive)}, the last to confirm or invalidate it, ${dive.effect} it; set its status to ${show(dive.settles)}.`,
      );
    }
  },
};
