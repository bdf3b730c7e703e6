/**
 * How a piece of work grows with its input: the best of three timings at size 4n over the best of
 * three at size n. Linear work gives about 4, quadratic work about 16, so a test can tell them
 * apart without a bound in seconds that a busy machine would break. A shared machine can still
 * slow one size down by accident, so the measure is taken again, up to three times, and the
 * smallest ratio counts: quadratic work never measures near 4, however often it is measured.
 */
export function growthRatio(work: (size: number) => () => void, size: number): number {
  fastest(work(size)); // warm-up: the first runs compile the code under test
  return settledRatio(() => fastest(work(4 * size)) / Math.max(fastest(work(size)), 0.001), LINEAR);
}

/** Below this ratio, work is taken as linear (allowing n log n and noise); quadratic work gives about 16. */
export const LINEAR = 8;

/**
 * How many times the cost of `reference` one run of `work` costs, both timed on this machine at
 * the same moment, so that the ratio does not depend on how fast or busy the machine is.
 */
export function costRatio(work: () => void, reference: () => void, bound: number): number {
  return settledRatio(() => fastest(work) / Math.max(fastest(reference), 0.001), bound);
}

/** The fastest of three runs, in milliseconds. */
export function fastest(run: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** costRatio for asynchronous work. */
export async function costRatioAsync(work: () => Promise<unknown>, reference: () => Promise<unknown>, bound: number): Promise<number> {
  const fastestAsync = async (run: () => Promise<unknown>): Promise<number> => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      await run();
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
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
