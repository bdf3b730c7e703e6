/**
 * The measures of cost the suite relies on (test/support/scaling.ts, test/support/cost.ts): they
 * count CPU time, which a busy machine does not move, and a property run whose cost is over its
 * bound fails once, after its runs, without fast-check shrinking the input and measuring every
 * candidate again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty, noteOverrun } from './support/cost.js';
import { costRatio, costRatioAsync, cpuMilliseconds, fastest } from './support/scaling.js';

/** Waits without using a core, as a run does while a busy machine gives the core to another process. */
function wait(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/** Uses a core for about this much CPU time. */
function spin(milliseconds: number): void {
  const started = cpuMilliseconds();
  while (cpuMilliseconds() - started < milliseconds);
}

describe('cost is measured in CPU time', () => {
  it('does not count the time a run waits, synchronously or not', async () => {
    expect(fastest(() => wait(100))).toBeLessThan(20);
    // 100 ms of waiting against 5 ms of work: on the wall clock, 20 times the reference.
    expect(
      costRatio(
        () => wait(100),
        () => spin(5),
        1,
      ),
    ).toBeLessThan(1);
    const sleep = () => new Promise((resolve) => setTimeout(resolve, 100));
    expect(await costRatioAsync(sleep, async () => spin(5), 1)).toBeLessThan(1);
  });

  it('counts the work a run does', () => {
    expect(fastest(() => spin(30))).toBeGreaterThanOrEqual(30);
    expect(
      costRatio(
        () => spin(40),
        () => spin(5),
        4,
      ),
    ).toBeGreaterThan(4);
  });
});

describe('a property run over its cost bound', () => {
  it('fails once, after every run, naming the first input over and the seed, and is not shrunk', async () => {
    let runs = 0;
    const property = fc.property(fc.string({ minLength: 1, maxLength: 20 }), (text) => {
      runs++;
      if (text.length > 3) noteOverrun({ input: JSON.stringify(text), ratio: 512, bound: 200 });
    });
    await expect(assertProperty(property, { numRuns: 50, seed: 7 })).rejects.toThrow(
      /^a run cost 512 times the reference, more than 200 \(seed 7, 50 runs\): "/,
    );
    // Each input ran once: no candidate of a shrink was run, or measured, again.
    expect(runs).toBe(50);
    // What is noted does not carry over to the next property.
    await expect(
      assertProperty(
        fc.property(fc.nat(), () => true),
        { numRuns: 10, seed: 7 },
      ),
    ).resolves.toBeUndefined();
  });

  it('still shrinks what its predicate throws', async () => {
    let runs = 0;
    let firstFailure: number | undefined;
    const property = fc.property(fc.string({ minLength: 1, maxLength: 20 }), (text) => {
      runs++;
      if (text.length <= 3) return;
      firstFailure ??= runs;
      throw new Error('too long');
    });
    await expect(assertProperty(property, { numRuns: 50, seed: 7 })).rejects.toThrow(/Shrunk [1-9]/);
    // Candidates of the shrink ran after the first failure.
    expect(runs).toBeGreaterThan(firstFailure ?? Infinity);
  });

  it('is stopped by its guard against a hang, shrinking included', async () => {
    let runs = 0;
    const property = fc.property(fc.nat(), () => {
      runs++;
      wait(20);
    });
    await expect(assertProperty(property, { numRuns: 1000, seed: 7 }, 200)).rejects.toThrow(/interrupted/i);
    expect(runs).toBeLessThan(1000);
  });
});
