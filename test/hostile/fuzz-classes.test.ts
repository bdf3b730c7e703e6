/**
 * The hostile-input classes of test/support/hostile-properties.ts with a fixed seed, through the
 * whole command line in process. `npm run fuzz -- --runs N` runs the same properties N times each.
 */
import { describe, it } from 'vitest';
import { assertProperty, PROPERTY_HANG_GUARD_MS } from '../support/cost.js';
import { hostileProperties } from '../support/hostile-properties.js';
import { DEFAULT_SEED } from '../support/properties.js';

describe('hostile classes (fixed seed)', () => {
  for (const { name, runs, property } of hostileProperties()) {
    // The guard against a hang stops the runs a little before the test's timeout; a class takes seconds.
    it(name, () => assertProperty(property, { numRuns: runs, seed: DEFAULT_SEED }, PROPERTY_HANG_GUARD_MS));
  }
});
