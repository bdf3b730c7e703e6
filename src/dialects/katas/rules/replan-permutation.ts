import { listOf, show } from '../../../common/text.js';
import { listAt } from '../base-report.js';
import { planOf } from './support/lists.js';
import { fieldName, type KatasRule, textItems } from './support/read.js';

export const katasReplanPermutation: KatasRule = {
  meta: {
    id: 'katas-replan-permutation',
    criterion: 'typed-replan',
    description: "Each replan's new_plan_order ranks every target of the plan exactly once.",
    rationale:
      'A replan reorders the plan; it does not silently drop a target or count one twice, or nobody can tell which targets are left and in what order. The katas validator only checks that the new order uses targets of the plan; the gate asks for every target, once: add the targets left out and remove the repeats.',
    examples: {
      failing: {
        title: 'A new order that leaves out the batch writer.',
        apply: (report) => void listAt(report, 'replans', 0, 'new_plan_order').splice(1, 1),
      },
      passing: { title: 'A new order of all three targets, each once.', apply: () => {} },
    },
  },
  check(context) {
    const { view, report } = context;
    const plan = planOf(context);
    if (plan?.complete !== true) return;
    for (const replan of view.records(view.root, 'replans')) {
      const list = view.list(replan, 'new_plan_order');
      const order = list === undefined ? undefined : textItems(context, list);
      if (list === undefined || order?.complete !== true) continue;
      const seen = new Set<string>();
      for (const { value, path } of order.items) {
        // A target the plan does not hold is for katas-replans to report.
        if (!plan.targets.has(value)) continue;
        if (seen.has(value))
          report(path, `${fieldName(path)} repeats ${show(value)}; a new plan order ranks each target of the plan once.`);
        seen.add(value);
      }
      if (seen.size === plan.targets.size) continue;
      report(list.path, () => {
        const missing = [...plan.targets].filter((target) => !seen.has(target));
        return `${fieldName(list.path)} leaves out ${listOf(missing)}; rank every target of the plan in the new order, once each, the ones already read included.`;
      });
    }
  },
};
