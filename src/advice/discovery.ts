import { listOf } from '../common/text.js';
import type { SpecView } from '../rules/spec-view.js';
import type { Advice, DiscoveryAdvice } from './types.js';

/**
 * For a spec with a discovery trace: whether another forage, focus and deepen cycle is allowed
 * (under maxCycles, and discovery not stopped), and the keyword sets it must not repeat; the
 * advice is added to `allowed` and `forbidden`.
 */
export function discoveryAdvice(view: SpecView, allowed: Advice[], forbidden: Advice[]): DiscoveryAdvice | undefined {
  const discovery = view.discovery();
  if (discovery === undefined) return undefined;
  const cycles = discovery.cycles.length;
  const { maxCycles } = discovery.limits;
  const stopped = discovery.stop !== undefined;
  const keywordsUsed = discovery.cycles.map((cycle) => [...new Set(cycle.keywords)]);
  const anotherCycleAllowed = !stopped && cycles < maxCycles;
  if (anotherCycleAllowed) {
    const used = keywordsUsed.map((keywords) => `{${listOf(keywords)}}`).join(', ');
    allowed.push({
      action: 'cycle',
      message: `another discovery cycle (${cycles + 1} of at most ${maxCycles}), foraging a keyword set other than ${used === '' ? 'none yet' : used}: refine it with what the last cycle found`,
      rule: 'discovery-refine',
    });
  } else {
    forbidden.push({
      action: 'cycle',
      message: stopped
        ? 'discovery has stopped: no further cycle'
        : `no further discovery cycle: ${cycles} of at most ${maxCycles} have run; stop with max_cycles`,
      rule: 'discovery-limits',
    });
  }
  return { cycles, maxCycles, anotherCycleAllowed, keywordsUsed };
}
