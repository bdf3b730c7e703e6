import { didYouMean } from '../../../common/suggest.js';
import { listOf, show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { findingsOf, planOf } from './support/lists.js';
import { fieldName, type KatasRule, readRecords, readText, readTexts, reportShape } from './support/read.js';

export const katasReplans: KatasRule = {
  meta: {
    id: 'katas-replans',
    criterion: 'typed-replan',
    description:
      'A replan follows a finding that invalidated the hypothesis, names that finding and the hypothesis it invalidated, and orders only targets of the plan; when findings invalidate the hypothesis, at least one of them has its replan.',
    rationale:
      "The plan changes when evidence invalidates the hypothesis, and only then: a replan after a finding that merely refines the hypothesis is churn. Name the invalidating finding in trigger_finding_id, state the hypothesis it invalidated, and give the new order of the plan's own targets; drop a replan that no invalidating finding triggered.",
    examples: {
      failing: {
        title: 'A replan triggered by a finding that did not invalidate the hypothesis.',
        apply: (report) => void (objectAt(report, 'replans', 0)['trigger_finding_id'] = 'cursor-saved-before-commit'),
      },
      passing: { title: 'One replan, after the finding that invalidated the hypothesis.', apply: () => {} },
    },
  },
  check(context) {
    const { view, report } = context;
    const replans = readRecords(
      context,
      view.root,
      'replans',
      'give each replan as {"trigger_finding_id", "invalidated_hypothesis", "new_plan_order", "evidence_tag"}.',
    );
    if (replans === undefined) return;
    const findings = findingsOf(context);
    const plan = planOf(context);
    const triggers = replans.records.map((replan) => view.field(replan, 'trigger_finding_id'));
    // A trigger that is not a text is reported below, and it may well have named the finding.
    if (findings?.complete === true && replans.complete && triggers.every((trigger) => typeof trigger === 'string')) {
      const invalidating = [...findings.invalidates].filter(([, invalidates]) => invalidates).map(([id]) => id);
      if (invalidating.length > 0 && !invalidating.some((id) => triggers.includes(id))) {
        report(
          replans.path,
          `finding ${listOf(invalidating)} invalidated the hypothesis, but no replan follows it; add a replan with "trigger_finding_id": ${show(invalidating[0])} and the plan's new order.`,
        );
      }
    }
    for (const replan of replans.records) {
      const trigger = view.field(replan, 'trigger_finding_id');
      const triggerPath = childPointer(replan.path, 'trigger_finding_id');
      if (findings?.complete === true) {
        const invalidates = typeof trigger === 'string' ? findings.invalidates.get(trigger) : undefined;
        if (invalidates === false) {
          report(
            triggerPath,
            `${fieldName(triggerPath)} names ${show(trigger)}, a finding that did not invalidate the hypothesis; replan only after a finding that does, so drop this replan or correct that finding's invalidates_hypothesis.`,
          );
        } else if (typeof trigger === 'string' && invalidates === undefined) {
          report(
            triggerPath,
            () =>
              `${fieldName(triggerPath)} is ${show(trigger)}, which no finding has as its id; name the invalidating finding that triggered the replan.${didYouMean(trigger, findings.invalidates.keys())}`,
          );
        } else if (typeof trigger !== 'string') {
          reportShape(
            context,
            replan,
            'trigger_finding_id',
            trigger,
            'the id of a finding',
            'name the invalidating finding that triggered the replan.',
          );
        }
      }
      readText(context, replan, 'invalidated_hypothesis', 'state the hypothesis the finding invalidated.');
      const order = readTexts(context, replan, 'new_plan_order', 'name each target of the plan, in its new order.');
      if (order === undefined || plan?.complete !== true) continue;
      for (const { value, path } of order.items) {
        if (plan.targets.has(value)) continue;
        report(
          path,
          () =>
            `${fieldName(path)} is ${show(value)}, which the plan does not hold; a new order ranks the plan's own targets.${didYouMean(value, plan.targets)}`,
        );
      }
    }
  },
};
