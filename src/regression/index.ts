// The regression runner behind `compile-investigation test`: find fixtures, pick a shard, compile
// each one against its expectation and goldens, and report (text summary, JUnit XML, progress bar).
export { compareDiagnostics } from './compare.js';
export { type DiffOptions, firstDifferingLine, unifiedDiff } from './diff.js';
export {
  compareFoundPaths,
  type DirectoryReader,
  type Discovery,
  discoverFixtures,
  type FoundPath,
  findFixtures,
  isSpecFileName,
  type SkippedLink,
  type UnreadableFolder,
} from './discover.js';
export { ExpectationError, RegressionUsageError, type RegressionUsageSubcode } from './errors.js';
export {
  type Expectation,
  type ExpectationFile,
  type ExpectationFormat,
  type ExpectedDiagnostic,
  type ExpectedExitCode,
  type ExpectedPreset,
  expectationCandidates,
  parseExpectation,
  readExpectation,
  serializeExpectation,
  validateExpectation,
} from './expectation.js';
export { formatFailures, formatProblems } from './format.js';
export { formatJunit } from './junit.js';
export { type ParallelRunOptions, runFixturesParallel } from './parallel.js';
export { displayPath, fixtureStem, goldenPaths } from './paths.js';
export { createProgress, type Progress, type ProgressStream } from './progress.js';
export { type FixtureOptions, runFixture } from './run-fixture.js';
export { parseShard, type Shard, selectShard } from './shard.js';
export { type RunOptions, type RunSummary, runFixtures } from './summary.js';
export type { FixtureResult, Problem, UpdateMode } from './types.js';
export { writeIfChanged } from './write.js';
