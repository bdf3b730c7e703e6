import { didYouMean } from '../../../common/suggest.js';
import { show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { listAt } from '../base-report.js';
import { candidatesOf } from './support/lists.js';
import { fieldName, type KatasRule, readAllowed, readInteger, readRecords, readText } from './support/read.js';

export const katasPlan: KatasRule = {
  meta: {
    id: 'katas-plan',
    criterion: 'ranked-hypotheses',
    description:
      'The prioritized plan is not empty, and each step reads a candidate of the topology, at a priority of its own (1 or more), with a rationale, and names the topology as its source.',
    rationale:
      'The plan ranks what is worth reading before anything is read, and only what the cheap mapping surfaced is worth a deep dive. Plan each read on a file from topology.candidates (map it first if it is not there), give every step its own rank, 1 read first, and say in a sentence why it comes there.',
    examples: {
      failing: {
        title: 'A step on the batch writer, which the topology no longer lists as a candidate.',
        apply: (report) => void listAt(report, 'topology', 'candidates').splice(1, 1),
      },
      passing: { title: 'Three steps on the three mapped candidates, ranked 1, 2 and 3.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const plan = readRecords(context, view.root, 'prioritized_plan', 'give each step as {"priority", "target", "rationale", "source"}.');
    if (plan === undefined) return;
    if (plan.empty) report(plan.path, 'prioritized_plan is empty; rank at least one candidate of the topology to read.');
    const candidates = candidatesOf(context);
    const ranks = new Map<number, string>();
    for (const step of plan.records) {
      const target = readText(context, step, 'target', 'name the candidate file this step reads.');
      const targetPath = childPointer(step.path, 'target');
      if (target !== undefined && candidates?.complete === true && !candidates.distinct.has(target)) {
        report(
          targetPath,
          () =>
            `${fieldName(targetPath)} is ${show(target)}, which the topology did not surface; plan only files from topology.candidates, or map this one first.${didYouMean(target, candidates.distinct)}`,
        );
      }
      const priority = readInteger(context, step, 'priority', 1, 'rank the step with a whole number from 1, which is read first.');
      const priorityPath = childPointer(step.path, 'priority');
      const first = priority === undefined ? undefined : ranks.get(priority);
      if (first !== undefined) {
        report(
          priorityPath,
          `${fieldName(priorityPath)} repeats the priority ${priority} of ${fieldName(first)}; give every step a rank of its own.`,
        );
      } else if (priority !== undefined) {
        ranks.set(priority, priorityPath);
      }
      readText(context, step, 'rationale', 'say in a sentence why this target comes at this rank.');
      readAllowed(context, step, 'source', [policy.planSource], 'A plan step comes from the cheap mapping.');
    }
  },
};
