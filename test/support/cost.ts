/**
 * The cost check of the property runs, kept out of the predicate that fast-check shrinks. A run
 * that costs more than its bound is noted, not thrown: thrown, it would make fast-check shrink the
 * input and measure every smaller candidate again (a thousand candidates and more, each measured
 * several times), which is slow even when the cost is real. assertProperty runs the property and
 * then fails with the first run noted, its input and the seed, so that it reproduces.
 */
import fc from 'fast-check';

export interface Overrun {
  /** The input, short enough to print. */
  input: string;
  /** What it cost, in runs of the reference. */
  ratio: number;
  /** The most it may cost. */
  bound: number;
}

let overrun: Overrun | undefined;

/** Notes a run that cost more than its bound; only the first of a property's runs is kept. */
export function noteOverrun(found: Overrun): void {
  overrun ??= found;
}

/** Whether a run of the current property already went over its bound: later runs need not be measured again. */
export function overrunNoted(): boolean {
  return overrun !== undefined;
}

/** A little under the suite's testTimeout (vitest.config.ts): when a property run stops, if it has not ended. */
export const PROPERTY_HANG_GUARD_MS = 290_000;

/**
 * Runs a property with fast-check (which shrinks what its predicate throws), then fails if one of
 * its runs cost more than its bound. `hangGuardMs` stops the runs, the shrinking included, a
 * little before the test's own timeout: a test that times out is not stopped by vitest, and a
 * property left running would load every test after it.
 */
export async function assertProperty(
  property: fc.IRawProperty<unknown>,
  parameters: { numRuns: number; seed: number },
  hangGuardMs?: number,
): Promise<void> {
  overrun = undefined;
  try {
    await fc.assert(property, {
      ...parameters,
      ...(hangGuardMs === undefined ? {} : { interruptAfterTimeLimit: hangGuardMs, markInterruptAsFailure: true }),
    });
    if (overrun !== undefined) {
      const { input, ratio, bound } = overrun;
      throw new Error(
        `a run cost ${Math.round(ratio)} times the reference, more than ${bound} (seed ${parameters.seed}, ${parameters.numRuns} runs): ${input}`,
      );
    }
  } finally {
    overrun = undefined;
  }
}

/** An input in a form short enough for a failure message. */
export function excerpt(input: unknown): string {
  const text = input instanceof Uint8Array ? `bytes ${Buffer.from(input).toString('hex')}` : JSON.stringify(input);
  return text.length <= 300 ? text : `${text.slice(0, 300)}… (${text.length} characters)`;
}
