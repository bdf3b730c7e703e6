// The regression runner behind `compile-investigation test`: find fixtures, pick a shard, compile
// each one against its expectation and goldens, and report (text summary, JUnit XML, progress bar).
export { unifiedDiff } from './diff.js';
export { compareFoundPaths, type Discovery, discoverFixtures, type FoundPath, findFixtures, type UnreadableFolder } from './discover.js';
export { ExpectationError, RegressionUsageError } from './errors.js';
export { type Expectation, expectationCandidates, parseExpectation, readExpectation, serializeExpectation } from './expectation.js';
export { type FixtureFolders, selectFixtureFolders } from './fixture-folders.js';
export { formatFailures, formatProblems, formatWritten } from './format.js';
export { formatJunit } from './junit.js';
export { runFixturesParallel } from './parallel.js';
export { fixtureStem, goldenPaths } from './paths.js';
export { createProgress } from './progress.js';
export { expectationOf, runFixture } from './run-fixture.js';
export { selectShard } from './shard.js';
export { type RunSummary, runFixtures } from './summary.js';
export type { FixtureResult, UpdateMode } from './types.js';
