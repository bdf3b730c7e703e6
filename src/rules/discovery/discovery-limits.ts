import { plural } from '../../common/text.js';
import type { Rule } from '../rule.js';
import { exampleDiscovery } from './example.js';
import { cyclePointer, cycleTokens, eventPointer } from './support.js';

export const discoveryLimits: Rule = {
  meta: {
    id: 'discovery-limits',
    criterion: 'discovery',
    description:
      'Discovery stays within its limits: at most maxCycles cycles, at most cycleTokenBudget tokens per cycle, at most topK candidates kept per forage, at most focusK files read per focus and at most deepenHops hops per deepen.',
    rationale:
      'Progressive discovery is cheap only because every phase is capped: forage keeps a short list, focus reads a few files, deepen follows few references and every cycle has a token budget. A trace over its own limits is the read-everything habit in disguise; stay under the limits, or raise them on purpose before the run.',
    examples: {
      failing: {
        title: 'The first focus reads 3 files with focusK 2.',
        apply: (spec) => {
          const discovery = exampleDiscovery();
          const focus = discovery.cycles[0]?.events[1];
          if (focus) {
            focus.filesRead = 3;
            focus.files = [...(focus.files ?? []), 'billing/money/decimal.ts'];
          }
          spec['discovery'] = discovery;
        },
      },
      passing: { title: 'Two cycles, each within every limit.', apply: (spec) => void (spec['discovery'] = exampleDiscovery()) },
    },
  },
  check({ view, report }) {
    const discovery = view.discovery();
    if (!discovery) return;
    const { limits, cycles } = discovery;
    if (cycles.length > limits.maxCycles) {
      report(
        cyclePointer(limits.maxCycles),
        `discovery ran ${plural(cycles.length, 'cycle')} but limits.maxCycles is ${limits.maxCycles}; stop at the limit (stop reason max_cycles), or raise maxCycles before the run.`,
      );
    }
    cycles.forEach((cycle, i) => {
      const tokens = cycleTokens(cycle);
      if (tokens > limits.cycleTokenBudget) {
        report(
          cyclePointer(i),
          `cycle ${cycle.cycle} spent ${tokens} tokens, over the cycleTokenBudget of ${limits.cycleTokenBudget}; read fewer or smaller files in the cycle, or raise cycleTokenBudget before the run.`,
        );
      }
      cycle.events.forEach((event, j) => {
        if (event.phase === 'forage' && event.candidates > limits.topK) {
          report(
            eventPointer(i, j, 'candidates'),
            `forage kept ${plural(event.candidates, 'candidate')} in cycle ${cycle.cycle}, more than topK ${limits.topK}; keep only the ${limits.topK} best-scored candidates.`,
          );
        }
        if (event.phase === 'focus' && event.filesRead > limits.focusK) {
          report(
            eventPointer(i, j, 'filesRead'),
            `focus read ${plural(event.filesRead, 'file')} in cycle ${cycle.cycle}, more than focusK ${limits.focusK}; read only the ${limits.focusK} best candidates in full, and leave the rest for a later cycle.`,
          );
        }
        if (event.phase === 'deepen' && event.hops !== undefined && event.hops > limits.deepenHops) {
          report(
            eventPointer(i, j, 'hops'),
            `deepen followed ${plural(event.hops, 'reference hop')} in cycle ${cycle.cycle}, more than deepenHops ${limits.deepenHops}; stop following references at the limit and start a new cycle instead.`,
          );
        }
      });
    });
  },
};
