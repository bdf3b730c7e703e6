// The last line of check.sh: what the tests and the fixture regression came to, in the plain
// form "N passed, N failed, N skipped", counted from the files each wrote (vitest's JSON report,
// the fixtures' JUnit XML). A run that wrote no file counts as failed: it did not finish.
import { readFileSync } from 'node:fs';

const [testsFile, fixturesFile] = process.argv.slice(2);

/** Passed, failed and skipped tests of vitest's JSON report; undefined when the run wrote none. */
function testCounts(path) {
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    // A test file that could not be loaded fails as a suite with no test of its own.
    const unloaded = report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + unloaded,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return undefined;
  }
}

/** Passed, failed and skipped fixtures of the regression's JUnit XML; undefined when the run wrote none. */
function fixtureCounts(path) {
  try {
    const head = /<testsuites\b[^>]*>/.exec(readFileSync(path, 'utf8'))?.[0] ?? '';
    const count = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(head)?.[1] ?? Number.NaN);
    const [tests, failures, errors, skipped] = ['tests', 'failures', 'errors', 'skipped'].map(count);
    if ([tests, failures, errors, skipped].some(Number.isNaN)) return undefined;
    return { passed: tests - failures - errors - skipped, failed: failures + errors, skipped };
  } catch {
    return undefined;
  }
}

const parts = [
  ['tests', testCounts(testsFile)],
  ['fixtures', fixtureCounts(fixturesFile)],
];
const total = { passed: 0, failed: 0, skipped: 0 };
const details = parts.map(([name, counts]) => {
  if (counts === undefined) {
    total.failed++;
    return `${name}: no results, the run did not finish`;
  }
  for (const key of Object.keys(total)) total[key] += counts[key];
  return `${name} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
});
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped (${details.join('; ')})`);
process.exit(total.failed === 0 ? 0 : 1);
