import { listOf, show } from '../../common/text.js';
import type { Rule } from '../rule.js';
import { exampleDiscovery } from './example.js';
import { eventPointer, isTestFile } from './support.js';

export const discoveryFocusPriority: Rule = {
  meta: {
    id: 'discovery-focus-priority',
    criterion: 'discovery',
    description:
      "Focus reads production files before tests: no focus event reads a test or spec file while a production candidate of the same cycle's forage stays unread by that focus and the cycle's deepen events.",
    rationale:
      'Tests and specs describe behaviour second-hand and are often long; the answer usually sits in the production file. When focus spends its few reads on a test while production candidates wait, the scorer put tests first: rank production candidates above tests, and read a test only once the production code is covered or to confirm what it showed.',
    examples: {
      failing: {
        title: 'Cycle 2 focuses on total.spec.ts while decimal.ts, a production candidate, stays unread.',
        apply: (spec) => {
          const discovery = exampleDiscovery();
          const second = discovery.cycles[1];
          if (second) {
            second.events = second.events.filter((event) => event.phase !== 'deepen');
            const focus = second.events.find((event) => event.phase === 'focus');
            if (focus) focus.files = ['billing/invoice/total.spec.ts'];
          }
          spec['discovery'] = discovery;
        },
      },
      passing: {
        title: 'Cycle 2 focuses on decimal.ts and reaches the spec only while deepening.',
        apply: (spec) => {
          spec['discovery'] = exampleDiscovery();
        },
      },
    },
  },
  check({ view, report }) {
    const discovery = view.discovery();
    if (!discovery) return;
    discovery.cycles.forEach((cycle, i) => {
      const production = new Set<string>();
      const deepened = new Set<string>();
      for (const event of cycle.events) {
        if (event.phase === 'forage') for (const file of event.files ?? []) if (!isTestFile(file)) production.add(file);
        if (event.phase === 'deepen') for (const file of event.files ?? []) deepened.add(file);
      }
      if (production.size === 0) return;
      // Production candidates no deepen event reads: what each focus must read itself.
      const waiting = [...production].filter((file) => !deepened.has(file));
      cycle.events.forEach((event, j) => {
        if (event.phase !== 'focus' || !event.files || !event.files.some(isTestFile)) return;
        const read = new Set(event.files);
        const unreadCount = waiting.length - [...read].filter((file) => production.has(file) && !deepened.has(file)).length;
        if (unreadCount === 0) return;
        const unread = (): string[] => waiting.filter((file) => !read.has(file));
        event.files.forEach((file, k) => {
          if (!isTestFile(file)) return;
          report(
            eventPointer(i, j, 'files', k),
            () =>
              `focus in cycle ${cycle.cycle} read the test file ${show(file)} while production ${unreadCount === 1 ? 'candidate' : 'candidates'} ${listOf(unread())} stayed unread: the scorer put tests first. Rank production candidates above tests, and read the test only after them.`,
          );
        });
      });
    });
  },
};
