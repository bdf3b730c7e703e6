import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import {
  createProgress,
  discoverFixtures,
  formatFailures,
  formatJunit,
  RegressionUsageError,
  runFixturesParallel,
  selectShard,
  type RunSummary,
  type UpdateMode,
} from '../../regression/index.js';
import { usageError, type UsageSubcode } from '../contract.js';
import { writeFileAtomic } from '../io.js';
import type { CommandResult, Io } from './result.js';

/**
 * Below this many fixtures, starting worker threads costs more than it saves (82 fixtures: 0.98 s
 * with two workers, 0.79 s in this thread), so the default runs in-process; --workers still wins.
 */
const MIN_FIXTURES_PER_DEFAULT_WORKERS = 200;

export interface TestOptions {
  dirs: string[];
  update: UpdateMode;
  shard?: string;
  junit?: string;
  /** Worker threads; the number of available CPUs by default. Capped at the number of fixtures. */
  workers?: number;
  json: boolean;
}

const SUBCODES: Record<RegressionUsageError['subcode'], UsageSubcode> = {
  NOT_FOUND: 'NO_INPUT',
  NOT_A_FIXTURE: 'NOT_A_DIRECTORY',
  BAD_SHARD: 'INVALID_SHARD',
};

export async function testCommand(options: TestOptions, io: Io): Promise<CommandResult> {
  let files: string[];
  try {
    files = discoverFixtures(options.dirs.map((dir) => resolve(io.cwd, dir)));
    if (options.shard !== undefined) files = selectShard(files, options.shard);
  } catch (error) {
    if (error instanceof RegressionUsageError) throw usageError(SUBCODES[error.subcode], error.message);
    throw error;
  }
  if (files.length === 0 && options.shard === undefined) throw usageError('NO_INPUT', `no fixture found in ${options.dirs.join(', ')}`);

  const progress = createProgress(files.length, io.stderr, io.env);
  const workers = Math.max(1, Math.min(options.workers ?? (files.length >= MIN_FIXTURES_PER_DEFAULT_WORKERS ? availableParallelism() : 1), files.length));
  let summary: RunSummary;
  try {
    summary = await runFixturesParallel(files, { cwd: io.cwd, update: options.update, workers, workerUrl: workers > 1 ? workerModule() : null, onResult: () => progress.tick() });
  } finally {
    progress.done();
  }
  if (options.junit !== undefined) writeJunit(options.junit, formatJunit(summary.results, 'compile-investigation'), io);

  const failed = summary.failed > 0;
  return {
    exitCode: failed ? 1 : 0,
    data: {
      fixtures: summary.results.map((result) => ({
        path: result.path,
        passed: result.passed,
        problems: result.problems.map((problem) => (problem.detail ? `${problem.message}\n${problem.detail}` : problem.message)),
      })),
      passed: summary.passed,
      failed: summary.failed,
      shard: options.shard ?? null,
      updated: summary.results.flatMap((result) => result.written),
    },
    warnings: [],
    error: failed ? { code: 'GATE_FAILED', subcode: 'FIXTURES_FAILED', message: `${summary.failed} of ${summary.results.length} fixtures do not match: ${firstFailure(summary.results)}` } : null,
    stdout: formatFailures(summary.results),
  };
}

function firstFailure(results: RunSummary['results']): string {
  const failed = results.find((result) => !result.passed);
  return failed ? `${failed.path}: ${failed.problems[0]?.message ?? ''}` : '';
}

function writeJunit(path: string, xml: string, io: Io): void {
  try {
    writeFileAtomic(resolve(io.cwd, path), xml);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw usageError('OUTPUT_NOT_WRITABLE', `--junit ${path} cannot be written (${code})`);
  }
}

/**
 * The bundled worker entry (dist/test-worker.js), beside this module or one folder up (when this
 * code sits in dist/chunks/). Run from source, as under vitest, there is none: null, and the
 * fixtures run in this thread.
 */
function workerModule(): URL | null {
  for (const candidate of ['./test-worker.js', '../test-worker.js']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return url;
  }
  return null;
}
