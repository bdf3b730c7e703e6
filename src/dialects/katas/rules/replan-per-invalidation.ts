import { show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import type { Holder } from '../view.js';
import { findingsOf, planOf } from './support/lists.js';
import { fieldName, type KatasRule, textItems } from './support/read.js';

export const katasReplanPerInvalidation: KatasRule = {
  meta: {
    id: 'katas-replan-per-invalidation',
    criterion: 'typed-replan',
    description:
      'Every finding that invalidates the hypothesis is followed by a replan that names it and moves its target later in the plan order: behind its original rank, or to the end.',
    rationale:
      'When a read invalidates the hypothesis, what the plan ranked for that hypothesis is no longer the best next read, and the replan says so by demoting the target: it comes later than its rank by priority, or last. The katas validator is content with one replan for any of the invalidating findings and does not look at the order; the gate asks for a replan per invalidating finding, each demoting its target. Add the missing replan, or reorder new_plan_order. A report whose invalidating findings all lack a replan is reported by katas-replans alone.',
    examples: {
      failing: {
        title: 'A replan that leaves the invalidated target first.',
        apply: (report) => {
          objectAt(report, 'replans', 0)['new_plan_order'] = [
            'services/billing/export/retry.go',
            'services/billing/export/cursor.go',
            'services/billing/export/batch_writer.go',
          ];
        },
      },
      passing: { title: 'The invalidated retry wrapper moved from first to last.', apply: () => {} },
    },
  },
  check(context) {
    const { view, report } = context;
    const findings = findingsOf(context);
    const plan = planOf(context);
    const replans = view.list(view.root, 'replans');
    if (findings?.complete !== true || plan?.complete !== true || replans === undefined) return;
    const records = view.records(view.root, 'replans');
    if (records.length !== replans.value.length) return;
    const following = new Map<string, Holder[]>();
    for (const replan of records) {
      const trigger = view.field(replan, 'trigger_finding_id');
      if (typeof trigger !== 'string') continue;
      const replansOfTrigger = following.get(trigger);
      if (replansOfTrigger === undefined) following.set(trigger, [replan]);
      else replansOfTrigger.push(replan);
    }
    const invalidating = findings.entries.filter((finding) => finding.invalidates);
    if (!invalidating.some((finding) => following.has(finding.id))) return;
    for (const { holder, id, target } of invalidating) {
      const replansOfFinding = following.get(id);
      if (replansOfFinding === undefined) {
        const path = childPointer(holder.path, 'invalidates_hypothesis');
        report(
          path,
          `finding ${show(id)} invalidated the hypothesis, but no replan follows it; add a replan with "trigger_finding_id": ${show(id)} that moves its target later in the plan.`,
        );
        continue;
      }
      const before = target === undefined ? undefined : plan.rank.get(target);
      if (before === undefined) continue;
      const orders = replansOfFinding.map((replan) => {
        const list = view.list(replan, 'new_plan_order');
        return { replan, order: list === undefined ? undefined : textItems(context, list).values };
      });
      const demoted = orders.some(({ order }) => {
        if (order === undefined) return true;
        const after = order.indexOf(target as string);
        // A target left out is for katas-replan-permutation to report.
        return after < 0 || after > before || after === order.length - 1;
      });
      if (demoted) continue;
      const { replan, order } = orders[orders.length - 1] as { replan: Holder; order: string[] };
      const path = childPointer(replan.path, 'new_plan_order');
      report(
        path,
        `${fieldName(path)} puts ${show(target)}, the target of the invalidating finding ${show(id)}, at position ${order.indexOf(target as string) + 1}, no later than its position ${before + 1} by priority; move it later, so that the next reads go to the targets still worth reading.`,
      );
    }
  },
};
