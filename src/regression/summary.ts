import type { RawPath } from '../common/raw-path.js';
import { createFixtureJudges } from './fixture-config.js';
import { type FixtureOptions, runFixture } from './run-fixture.js';
import type { FixtureResult } from './types.js';

export interface RunOptions extends FixtureOptions {
  /** Called after each fixture, in order; for a progress bar, `() => progress.tick()`. */
  onResult?: (result: FixtureResult, index: number) => void;
}

export interface RunSummary {
  results: FixtureResult[];
  passed: number;
  failed: number;
}

/** Runs the fixtures one after another, in the order given. */
export function runFixtures(files: readonly RawPath[], options: RunOptions = {}): RunSummary {
  const { onResult, ...fixtureOptions } = options;
  const judges = fixtureOptions.judges ?? createFixtureJudges(fixtureOptions.configuration ?? {}, fixtureOptions.cwd ?? process.cwd());
  const results: FixtureResult[] = [];
  files.forEach((file, index) => {
    const result = runFixture(file, { ...fixtureOptions, judges });
    results.push(result);
    onResult?.(result, index);
  });
  const failed = results.filter((result) => !result.passed).length;
  return { results, passed: results.length - failed, failed };
}
