import { listOf } from '../../common/text.js';
import { compareStrings } from '../../diagnostics/diagnostic.js';
import type { Rule } from '../rule.js';
import { exampleDiscovery } from './example.js';
import { cyclePointer } from './support.js';

export const discoveryRefine: Rule = {
  meta: {
    id: 'discovery-refine',
    criterion: 'discovery',
    description:
      "Every cycle after the first forages a keyword set that differs, as a set, from each earlier cycle's: the keywords are refined, not repeated.",
    rationale:
      'A new cycle starts only because the previous one did not settle the question, so it must forage differently: refine the keywords with what the last focus and deepen taught. Repeating a keyword set spends a cycle to find the same candidates again; change at least one keyword, or stop with no_new_signal.',
    examples: {
      failing: {
        title: 'Cycle 2 forages "toFixed" again, like cycle 1.',
        apply: (spec) => {
          const discovery = exampleDiscovery();
          const second = discovery.cycles[1];
          if (second) {
            second.keywords = ['toFixed'];
            second.events = second.events.filter((event) => event.keyword !== 'Decimal');
            if (second.events[0]) second.events[0].keyword = 'toFixed';
          }
          spec['discovery'] = discovery;
        },
      },
      passing: {
        title: 'Cycle 2 refines "toFixed" into "roundMoney" and "Decimal".',
        apply: (spec) => {
          spec['discovery'] = exampleDiscovery();
        },
      },
    },
  },
  check({ view, report }) {
    const discovery = view.discovery();
    if (!discovery) return;
    // Each keyword set by a canonical key (its keywords sorted), with the first cycle that foraged it.
    const earlier = new Map<string, number>();
    discovery.cycles.forEach((cycle, i) => {
      const keywords = [...new Set(cycle.keywords)];
      const key = JSON.stringify([...keywords].sort(compareStrings));
      const same = earlier.get(key);
      if (same !== undefined) {
        const listed = keywords.length === 0 ? 'no keyword' : listOf(keywords);
        report(
          cyclePointer(i, 'keywords'),
          `cycle ${cycle.cycle} forages the same keywords as cycle ${same} (${listed}), so it can only find the same candidates; refine the keywords with what the earlier cycles found, or stop with no_new_signal.`,
        );
      } else {
        earlier.set(key, cycle.cycle);
      }
    });
  },
};
