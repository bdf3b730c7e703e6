/**
 * The properties of test/support/properties.ts, run for as long as asked: skipped unless FUZZ_RUNS
 * is set. `npm run fuzz -- --runs 20000 [--seed S]` sets it and runs this file alone.
 */
import { describe, it } from 'vitest';
import { assertProperty } from './support/cost.js';
import { DEFAULT_SEED, properties } from './support/properties.js';

const runs = Number(process.env['FUZZ_RUNS'] ?? 0);
const seed = process.env['FUZZ_SEED'] === undefined || process.env['FUZZ_SEED'] === '' ? DEFAULT_SEED : Number(process.env['FUZZ_SEED']);

describe.skipIf(!(runs > 0))(`fuzz campaign: ${runs} runs per property, seed ${seed}`, () => {
  for (const { name, property } of properties()) {
    it(name, { timeout: 0 }, async () => {
      const started = performance.now();
      await assertProperty(property, { numRuns: runs, seed });
      console.log(`fuzz: ${name}: ${runs} runs, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    });
  }
});
