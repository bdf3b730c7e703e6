// The regression runner behind `compile-investigation test`: find fixtures, pick a shard, compile
// each one against its expectation and goldens, and report (text summary, JUnit XML, progress bar).
export { compareDiagnostics } from './compare.js';
export { compareFoundPaths, discoverFixtures, findFixtures, isSpecFileName, type DirectoryReader, type Discovery, type FoundPath, type SkippedLink, type UnreadableFolder } from './discover.js';
export { firstDifferingLine, unifiedDiff, type DiffOptions } from './diff.js';
export { ExpectationError, RegressionUsageError, type RegressionUsageSubcode } from './errors.js';
export {
  expectationCandidates,
  parseExpectation,
  readExpectation,
  serializeExpectation,
  validateExpectation,
  type Expectation,
  type ExpectationFile,
  type ExpectationFormat,
  type ExpectedDiagnostic,
  type ExpectedExitCode,
  type ExpectedPreset,
} from './expectation.js';
export { formatJunit } from './junit.js';
export { displayPath, fixtureStem, goldenPaths } from './paths.js';
export { createProgress, type Progress, type ProgressStream } from './progress.js';
export { runFixture, type FixtureOptions } from './run-fixture.js';
export { parseShard, selectShard, type Shard } from './shard.js';
export { formatFailures, formatProblems } from './format.js';
export { runFixtures, type RunOptions, type RunSummary } from './summary.js';
export { runFixturesParallel, type ParallelRunOptions } from './parallel.js';
export type { FixtureResult, Problem, UpdateMode } from './types.js';
export { writeIfChanged } from './write.js';
