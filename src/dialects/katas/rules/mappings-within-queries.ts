import { plural } from '../../../common/text.js';
import { objectAt } from '../base-report.js';
import { spentOn } from './support/lists.js';
import type { KatasRule } from './support/read.js';

export const katasMappingsWithinQueries: KatasRule = {
  meta: {
    id: 'katas-mappings-within-queries',
    criterion: 'hard-budget',
    description:
      'There are no more cheap mapping scans than queries run: topology.cheap_mapping counts no higher than budget.queries.used.',
    rationale:
      'Every Glob or Grep scan is a query, so it counts against the query budget even though it reads no file. A report with more scans than queries used has left some out of its accounts: count every scan in budget.queries.used. The katas validator does not compare the two; the gate does.',
    examples: {
      failing: {
        title: 'Three scans, but two queries counted.',
        apply: (report) => void (objectAt(report, 'budget', 'queries')['used'] = 2),
      },
      passing: { title: 'Three scans and three queries counted.', apply: () => {} },
    },
  },
  check(context) {
    const { view } = context;
    const spent = spentOn(context, 'queries');
    const topology = view.object(view.root, 'topology');
    const scans = topology === undefined ? undefined : view.list(topology, 'cheap_mapping');
    if (spent === undefined || scans === undefined || scans.value.length <= spent.used) return;
    context.report(
      spent.path,
      `budget.queries.used is ${spent.used}, fewer than the ${plural(scans.value.length, 'cheap mapping scan')}: each scan is a query. Count every scan in budget.queries.used.`,
    );
  },
};
