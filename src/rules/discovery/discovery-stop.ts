import { plural } from '../../common/text.js';
import type { Rule } from '../rule.js';
import { exampleDiscovery } from './example.js';
import { totalTokens } from './support.js';

const WHERE = '/discovery/stop/reason';

export const discoveryStop: Rule = {
  meta: {
    id: 'discovery-stop',
    criterion: 'discovery',
    description:
      'The discovery stop reason holds: no_new_signal needs the last noNewSignalCycles cycles without new signals; budget_exhausted needs the tokens spent to reach the budget (budget.total in tokens, else maxCycles × cycleTokenBudget); max_cycles needs maxCycles cycles; evidence_sufficient needs new signals in the last cycle.',
    rationale:
      'Discovery ends for a reason the trace bears out, so that a reviewer can tell a search that converged from one that gave up. Claiming sufficient evidence after a barren cycle, or an exhausted budget with tokens left, hides an unfinished search; pick the reason the cycles show.',
    examples: {
      failing: {
        title: 'no_new_signal, although the last cycle found 2 new signals.',
        apply: (spec) => {
          const discovery = exampleDiscovery();
          spec['discovery'] = { ...discovery, stop: { reason: 'no_new_signal', evidence: discovery.stop?.evidence ?? '' } };
        },
      },
      passing: {
        title: 'evidence_sufficient after a last cycle with 2 new signals.',
        apply: (spec) => {
          spec['discovery'] = exampleDiscovery();
        },
      },
    },
  },
  check({ view, report }) {
    const discovery = view.discovery();
    // A draft's discovery may still be running: there is no stop to judge yet.
    if (!discovery?.stop) return;
    const { limits, cycles, stop } = discovery;
    const last = cycles[cycles.length - 1];
    switch (stop.reason) {
      case 'no_new_signal': {
        const needed = limits.noNewSignalCycles;
        const barren = countTrailing(cycles.map((cycle) => cycle.newSignals === 0));
        if (cycles.length < needed) {
          report(
            WHERE,
            `the stop reason is no_new_signal, which needs ${plural(needed, 'cycle')} in a row without new signals (noNewSignalCycles), but only ${plural(cycles.length, 'cycle')} ran; run more cycles with refined keywords, or stop for another reason.`,
          );
        } else if (barren < needed) {
          const found = cycles[cycles.length - 1 - barren];
          const since = barren === 0 ? 'it is the last cycle' : `only ${plural(barren, 'cycle')} without new signal followed`;
          report(
            WHERE,
            `the stop reason is no_new_signal, but cycle ${found?.cycle ?? '?'} found ${plural(found?.newSignals ?? 0, 'new signal')} and ${since}, where noNewSignalCycles asks for ${needed} in a row; keep refining until ${plural(needed, 'cycle')} in a row find nothing new, or stop with ${barren === 0 ? 'evidence_sufficient' : 'another reason'}.`,
          );
        }
        break;
      }
      case 'budget_exhausted': {
        const budget = view.budget();
        let total: number;
        let source: string;
        if (budget?.unit === 'tokens') {
          total = budget.total;
          source = 'budget.total';
        } else if (budget) {
          total = limits.maxCycles * limits.cycleTokenBudget;
          source = 'maxCycles × cycleTokenBudget';
        } else {
          return;
        }
        const spent = totalTokens(cycles);
        if (spent < total) {
          report(
            WHERE,
            `the stop reason is budget_exhausted, but discovery spent ${spent} of ${total} tokens (${source}); stop for the reason the cycles show, or record the tokens every event spent.`,
          );
        }
        break;
      }
      case 'max_cycles':
        // More cycles than the limit is discovery-limits' finding; here only a stop short of it.
        if (cycles.length < limits.maxCycles) {
          report(
            WHERE,
            `the stop reason is max_cycles, but only ${plural(cycles.length, 'cycle')} of ${limits.maxCycles} (maxCycles) ran; stop for the reason the cycles show, such as no_new_signal or evidence_sufficient.`,
          );
        }
        break;
      case 'evidence_sufficient':
        if (!last || last.newSignals === 0) {
          report(
            WHERE,
            last
              ? `the stop reason is evidence_sufficient, but the last cycle (${last.cycle}) found no new signal; evidence suffices only after a cycle that found some. Stop with no_new_signal, or run a refined cycle.`
              : 'the stop reason is evidence_sufficient, but no cycle ran; record the cycles that found the evidence.',
          );
        }
        break;
    }
  },
};

/** How many of the last values are true, counting back from the end. */
function countTrailing(values: readonly boolean[]): number {
  let count = 0;
  for (let i = values.length - 1; i >= 0 && values[i]; i--) count++;
  return count;
}
