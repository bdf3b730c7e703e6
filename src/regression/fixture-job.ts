import { fromMessage } from '../common/raw-path.js';
import { createFixtureJudges, type FixtureConfiguration } from './fixture-config.js';
import { runFixture } from './run-fixture.js';
import type { FixtureResult, UpdateMode } from './types.js';

/** The settings of a fixture job: where paths are shown from, what to update, the command line's configuration, and the folders given. */
export interface FixtureJobContext {
  cwd: string;
  update: UpdateMode;
  configuration: FixtureConfiguration;
  roots: readonly string[];
}

/** A worker's `test` job: one fixture, run exactly as the in-process runner runs it, with the worker's own judges. */
export async function fixtureJob(context: FixtureJobContext): Promise<(file: string | Uint8Array) => FixtureResult> {
  const judges = createFixtureJudges(context.configuration, context.cwd);
  return (file) => runFixture(fromMessage(file), { ...context, judges });
}
