import type { DiscoveryEvent, DiscoveryPhase } from '../../spec/types.js';
import type { Rule } from '../rule.js';
import { exampleDiscovery } from './example.js';
import { cyclePointer, eventPointer } from './support.js';

/** The phases that may follow each phase within a cycle (`start` before the first event). */
const NEXT: Record<DiscoveryPhase | 'start', readonly DiscoveryPhase[]> = {
  start: ['forage'],
  forage: ['forage', 'focus'],
  focus: ['deepen'],
  deepen: ['deepen'],
};

const ORDER = 'one or more forage events, then one focus, then optional deepen events';

export const discoveryPhases: Rule = {
  meta: {
    id: 'discovery-phases',
    criterion: 'discovery',
    description:
      'Cycles are numbered 1, 2, 3… in order; each cycle runs one or more forage events, then one focus, then optional deepen events; forage reads no file in full.',
    rationale:
      'The order is what makes discovery cheap: foraging ranks candidates from names and grep hits alone, focus spends reads on the few best, and deepen follows references only from what focus read. A cycle that reads before foraging, or forages by reading, has skipped the cheap step; record the phases as they must happen.',
    examples: {
      failing: {
        title: 'Cycle 1 focuses before it forages.',
        apply: (spec) => {
          const discovery = exampleDiscovery();
          discovery.cycles[0]?.events.reverse();
          spec['discovery'] = discovery;
        },
      },
      passing: {
        title: 'Cycle 1 forages then focuses; cycle 2 forages twice, focuses, then deepens.',
        apply: (spec) => {
          spec['discovery'] = exampleDiscovery();
        },
      },
    },
  },
  check({ view, report }) {
    const discovery = view.discovery();
    if (!discovery) return;
    let previous = 0;
    discovery.cycles.forEach((cycle, i) => {
      if (cycle.cycle !== previous + 1) {
        report(
          cyclePointer(i, 'cycle'),
          `cycle ${i + 1} in the list is numbered ${cycle.cycle}, expected ${previous + 1}; number the cycles 1, 2, 3… in the order they ran.`,
        );
      }
      previous = cycle.cycle;
      const missing = (['forage', 'focus'] as const).filter((phase) => !cycle.events.some((event) => event.phase === phase));
      if (missing.length > 0) {
        report(
          cyclePointer(i, 'events'),
          `cycle ${cycle.cycle} has no ${missing.join(' and no ')} event; every cycle runs ${ORDER}. Record the missing phase, or drop the cycle.`,
        );
      } else {
        checkOrder(cycle.events, (j, message) => report(eventPointer(i, j, 'phase'), `cycle ${cycle.cycle}: ${message}`));
      }
      cycle.events.forEach((event, j) => {
        if (event.phase === 'forage' && event.filesRead > 0) {
          report(
            eventPointer(i, j, 'filesRead'),
            `forage read ${event.filesRead} ${event.filesRead === 1 ? 'file' : 'files'} in full in cycle ${cycle.cycle}; forage only greps and ranks candidates. Move the reads to the focus event.`,
          );
        }
      });
    });
  },
};

/** Reports the first event out of order, if any. */
function checkOrder(events: readonly DiscoveryEvent[], report: (index: number, message: string) => void): void {
  let state: DiscoveryPhase | 'start' = 'start';
  for (let j = 0; j < events.length; j++) {
    const phase = (events[j] as DiscoveryEvent).phase;
    if (!NEXT[state].includes(phase)) {
      const where = state === 'start' ? 'as the first event' : `after ${state}`;
      report(j, `a ${phase} event comes ${where}; a cycle runs ${ORDER}. Reorder the events as they happened, or split them into cycles.`);
      return;
    }
    state = phase;
  }
}
