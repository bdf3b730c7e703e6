import { fromMessage } from '../common/raw-path.js';
import { runFixture } from './run-fixture.js';
import type { FixtureResult, UpdateMode } from './types.js';

/** The settings of a fixture job: where paths are shown from, and what to update. */
export interface FixtureJobContext {
  cwd: string;
  update: UpdateMode;
}

/** A worker's `test` job: one fixture, run exactly as the in-process runner runs it. */
export async function fixtureJob(context: FixtureJobContext): Promise<(file: string | Uint8Array) => FixtureResult> {
  return (file) => runFixture(fromMessage(file), context);
}
