import { defineConfig } from 'vitest/config';

/**
 * Three groups of test files. Most share one module graph per worker (no isolation: importing
 * the compiler once per file was a fifth of the suite's time) and run on both cores; vitest's
 * default would leave one of two cores idle. Files that mock a module need a graph of their own.
 * The tests that compare timings (growth ratios, costs against a small spec timed beside them,
 * property runs that check each input's cost) run alone, after the rest, so that the suite's own
 * load on the other core does not skew them; test/suite-groups.test.ts keeps these lists whole.
 */
const mocking = ['test/hostile/unreadable-folders.test.ts'];
const timed = [
  'test/cost-measure.test.ts',
  'test/fuzz-hostile.test.ts',
  'test/fuzz.test.ts',
  'test/hostile/fuzz-classes.test.ts',
  'test/hostile/huge-reports.test.ts',
  'test/hostile/limits.test.ts',
  'test/hostile/refused-input.test.ts',
  'test/hostile/regex-free.test.ts',
  'test/hostile/render-cost.test.ts',
  'test/hostile/rule-cost.test.ts',
  'test/hostile/suggestions.test.ts',
  'test/load/json-scan.test.ts',
  'test/mcp-line-cost.test.ts',
  'test/properties.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-once.ts'],
    // A hang guard, far above any test's time on a quiet machine (the slowest take a few seconds):
    // on a machine shared with other work the same tests run several times slower, and must pass.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...mocking, ...timed],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'mocking', include: mocking, sequence: { groupOrder: 0 } } },
      // Each timed file gets a module graph of its own: after some hostile classes had run in the same
      // graph, a later property run slowed past the hang guard (seen twice; the state that carries
      // over is not found yet), and a timing must not depend on which files ran before it.
      { extends: true, test: { name: 'timed', include: timed, isolate: true, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
