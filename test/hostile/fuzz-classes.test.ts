/**
 * The hostile-input classes of test/support/hostile-properties.ts with a fixed seed, through the
 * whole command line in process. `npm run fuzz -- --runs N` runs the same properties N times each.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { hostileProperties } from '../support/hostile-properties.js';
import { DEFAULT_SEED } from '../support/properties.js';

describe('hostile classes (fixed seed)', () => {
  for (const { name, runs, property } of hostileProperties()) {
    it(name, { timeout: 120_000 }, async () => {
      await fc.assert(property, { numRuns: runs, seed: DEFAULT_SEED });
    });
  }
});
