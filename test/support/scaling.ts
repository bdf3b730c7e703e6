/**
 * How much work costs, measured in CPU time of this process (process.cpuUsage), not on the wall
 * clock: a busy machine makes a run wait for a core, and the wait counts on the wall clock (a long
 * run is preempted more often than a short one, so even a ratio of two wall times grows with the
 * load) but not in CPU time. Test workers are processes of their own (vitest's forks pool), and
 * nothing else runs in one while a test measures.
 */

/** The CPU time this process has used so far, user and system, in milliseconds. */
export function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How a piece of work grows with its input: the best of three measures at size 4n over the best of
 * three at size n. Linear work gives about 4, quadratic work about 16, so a test can tell them
 * apart without a bound in seconds. Garbage collection can still land in one measure and not the
 * other, so the measure is taken again, up to three times, and the smallest ratio counts:
 * quadratic work never measures near 4, however often it is measured.
 */
export function growthRatio(work: (size: number) => () => void, size: number): number {
  fastest(work(size)); // warm-up: the first runs compile the code under test
  return settledRatio(() => fastest(work(4 * size)) / Math.max(fastest(work(size)), 0.001), LINEAR);
}

/** Below this ratio, work is taken as linear (allowing n log n and noise); quadratic work gives about 16. */
export const LINEAR = 8;

/** How many times the cost of `reference` one run of `work` costs, both measured in CPU time at the same moment. */
export function costRatio(work: () => void, reference: () => void, bound: number): number {
  return settledRatio(() => fastest(work) / Math.max(fastest(reference), 0.001), bound);
}

/** The cheapest of three runs, in milliseconds of CPU time. */
export function fastest(run: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = cpuMilliseconds();
    run();
    best = Math.min(best, cpuMilliseconds() - started);
  }
  return best;
}

/**
 * The cheapest of three runs of asynchronous work, in milliseconds of CPU time: the time spent
 * waiting (for a core, a file, a timer) is not counted.
 */
export async function fastestAsync(run: () => Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = cpuMilliseconds();
    await run();
    best = Math.min(best, cpuMilliseconds() - started);
  }
  return best;
}

/** costRatio for asynchronous work. */
export async function costRatioAsync(work: () => Promise<unknown>, reference: () => Promise<unknown>, bound: number): Promise<number> {
  let smallest = Infinity;
  for (let attempt = 0; attempt < 3 && smallest >= bound; attempt++)
    smallest = Math.min(smallest, (await fastestAsync(work)) / Math.max(await fastestAsync(reference), 0.001));
  return smallest;
}

/** A ratio measured up to three times, until it is under `bound`: the smallest measure counts. */
function settledRatio(measure: () => number, bound: number): number {
  let smallest = Infinity;
  for (let attempt = 0; attempt < 3 && smallest >= bound; attempt++) smallest = Math.min(smallest, measure());
  return smallest;
}
