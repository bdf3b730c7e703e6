/**
 * How a piece of work grows with its input: the best of three timings at size 4n over the best of
 * three at size n. Linear work gives about 4, quadratic work about 16, so a test can tell them
 * apart without a bound in seconds that a busy machine would break. A shared machine can still
 * slow one size down by accident, so the measure is taken again, up to three times, and the
 * smallest ratio counts: quadratic work never measures near 4, however often it is measured.
 */
export function growthRatio(work: (size: number) => () => void, size: number): number {
  const best = (n: number): number => {
    const run = work(n);
    let fastest = Infinity;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      run();
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  best(size); // warm-up: the first runs compile the code under test
  let smallest = Infinity;
  for (let attempt = 0; attempt < 3 && smallest >= LINEAR; attempt++)
    smallest = Math.min(smallest, best(4 * size) / Math.max(best(size), 0.001));
  return smallest;
}

/** Below this ratio, work is taken as linear (allowing n log n and noise); quadratic work gives about 16. */
export const LINEAR = 8;
