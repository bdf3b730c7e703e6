/**
 * The hostile-input classes of test/support/hostile-properties.ts, run for as long as asked: skipped
 * unless FUZZ_RUNS is set (`npm run fuzz -- --runs N` sets it and runs this file beside
 * test/fuzz.test.ts). Every input runs through the whole command line in process; at the end the
 * process's peak resident memory, which bounds every single run's, must stay under 1 GiB.
 */
import { describe, expect, it } from 'vitest';
import { assertProperty } from './support/cost.js';
import { hostileProperties } from './support/hostile-properties.js';
import { DEFAULT_SEED } from './support/properties.js';

const runs = Number(process.env['FUZZ_RUNS'] ?? 0);
const seed = process.env['FUZZ_SEED'] === undefined || process.env['FUZZ_SEED'] === '' ? DEFAULT_SEED : Number(process.env['FUZZ_SEED']);
const GIBIBYTE = 2 ** 30;

describe.skipIf(!(runs > 0))(`hostile fuzz campaign: ${runs} runs per class, seed ${seed}`, () => {
  for (const { name, property } of hostileProperties()) {
    it(name, { timeout: 0 }, async () => {
      const started = performance.now();
      await assertProperty(property, { numRuns: runs, seed });
      console.log(`fuzz: ${name}: ${runs} runs, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    });
  }

  it('the peak memory of the whole campaign stayed under 1 GiB', () => {
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(`fuzz: peak resident memory ${(peak / 2 ** 20).toFixed(0)} MiB`);
    expect(peak).toBeLessThan(GIBIBYTE);
  });
});
