import { defineConfig } from 'vitest/config';

/**
 * Three groups of test files. Most share one module graph per worker (no isolation: importing
 * the compiler once per file was a fifth of the suite's time) and run on both cores; vitest's
 * default would leave one of two cores idle. Files that mock a module need a graph of their own.
 * The tests that measure cost (growth ratios, costs against a small spec measured beside them,
 * property runs that check each input's cost) measure CPU time (test/support/scaling.ts), which
 * the load of other processes does not move: they hold with two other suites on the same two
 * cores. They run after the rest, each file in a process of its own (a heap that no other file's
 * garbage enters), two at a time. test/suite-groups.test.ts keeps these lists whole.
 */
const mocking = [
  'test/dialects.test.ts',
  'test/fix-file-safety.test.ts',
  'test/hostile/unreadable-folders.test.ts',
  'test/html-serialize.test.ts',
];
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
  'test/hostile/trace-matching-cost.test.ts',
  'test/load/json-scan.test.ts',
  'test/load/yaml-hints-cost.test.ts',
  'test/lsp-frame-cost.test.ts',
  'test/mcp-line-cost.test.ts',
  'test/properties.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/support/build-once.ts'],
    // A hang guard, far above any test's time on a quiet machine (the slowest take under 20 s): on a
    // machine shared with other work the same tests run several times slower (a minute at a load of
    // 12 on two cores), and must pass. No test measures cost on the wall clock; this is the only
    // bound in seconds most tests have. test/support/cost.ts stops a property run a little before it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
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
      // Each timed file gets a module graph (a process) of its own, so that what one file leaves on
      // the heap does not enter the next file's measures as garbage-collection work. The stall that
      // first called for this (a property run at full CPU for many minutes after the hostile
      // classes) was, by all the evidence, a property run that had timed out and went on shrinking:
      // vitest does not stop a test that times out, and fast-check shrank a false wall-clock cost
      // failure, measuring every candidate again. Costs are now CPU time, a cost over its bound is
      // never shrunk, and assertProperty (test/support/cost.ts) stops a run before its timeout.
      { extends: true, test: { name: 'timed', include: timed, isolate: true, sequence: { groupOrder: 1 } } },
    ],
  },
});
