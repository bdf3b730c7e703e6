import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { plural } from '../common/text.js';
import { targetKind } from '../common/write-file.js';
import { type EnvelopeError, exitCodeOf, usageError } from '../engine/contract.js';
import { reportedError } from '../engine/error-table.js';
import { skippedLinkWarning } from '../engine/inputs.js';
import { ignoresOf, judgeInputs, runConfiguration, writeNotes } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { streamFileNote } from '../engine/stream-files.js';
import { writeOutputFile } from '../engine/write-output-file.js';
import {
  compareFoundPaths,
  createProgress,
  type Discovery,
  type FixtureFolders,
  type FixtureResult,
  type FoundPath,
  findFixtures,
  formatFailures,
  formatJunit,
  formatWritten,
  type RunSummary,
  runFixturesParallel,
  selectFixtureFolders,
  selectShard,
  type UnreadableFolder,
  type UpdateMode,
} from '../regression/index.js';
import { escapeFor } from '../render/untrusted/index.js';
import { DEFAULT_MAX_BYTES } from '../run/input-file.js';
import { toolInfo } from '../tool.js';
import { chooseWorkers, type WorkersRequest } from '../workers/choose.js';
import { bundledWorker } from '../workers/launcher.js';

export interface TestOptions {
  dirs: string[];
  preset?: string;
  policy?: string;
  config?: string;
  /** --ignore: fixtures of the folders that these globs (relative to the working directory) match are left out. */
  ignore?: string[];
  update: UpdateMode;
  shard?: string;
  junit?: string;
  /** Worker threads; the number of available CPUs by default. Capped at the number of CPUs and of fixtures. */
  workers?: WorkersRequest;
  json: boolean;
}

/** A fixture spec to run, or a folder that could not be listed: a failing entry of its own, in its place in the list. */
type Entry = FoundPath | UnreadableFolder;

export async function testCommand(options: TestOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration({ ...pick(options), maxBytes: DEFAULT_MAX_BYTES, failOn: 'error', quiet: false }, io);
  let entries: Entry[];
  let discovery: Discovery;
  let folders: FixtureFolders;
  // A fixture folder that this run's standard output or error is redirected into holds that file: it is no fixture.
  const isStream = (file: FoundPath): boolean => {
    const note = streamFileNote(file.path, displayPath(file.text, io.cwd), io.streamFiles);
    if (note !== null) writeNotes([note], io);
    return note !== null;
  };
  const given = options.dirs.map((dir) => resolve(io.cwd, dir));
  try {
    discovery = findFixtures(given);
    const ignored = ignoresOf(configuration, io.cwd);
    discovery = { ...discovery, files: discovery.files.filter((file) => ignored(file.text) === null && !isStream(file)) };
    folders = selectFixtureFolders(discovery.files, given);
    entries = [...folders.files, ...discovery.unreadable].sort(compareFoundPaths);
    if (options.shard !== undefined) entries = selectShard(entries, options.shard);
  } catch (error) {
    throw reportedError(error) ?? error;
  }
  if (entries.length === 0 && options.shard === undefined) throw usageError('NO_INPUT', `no fixture found in ${options.dirs.join(', ')}`);
  if (options.junit !== undefined) checkJunitTarget(options.junit, io.cwd);

  const specs = entries.filter((entry) => !('code' in entry)).map((entry) => entry.path);
  // Broken configurations and --policy are usage errors found before any fixture runs, as for compile.
  const judged = judgeInputs(
    configuration,
    specs.map((open) => ({ open })),
  );
  const warnings = [...judged.warnings, ...discovery.skippedLinks.map((link) => skippedLinkWarning(link, io.cwd))];
  const workers = chooseWorkers(options.workers ?? 'auto', specs.length, warnings);
  for (const warning of warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const skipped = folders.skipped.map((folder) => displayPath(folder, io.cwd) || '.');

  const progress = createProgress(specs.length, io.stderr, io.env);
  let ran: RunSummary;
  try {
    ran = await runFixturesParallel(specs, {
      cwd: io.cwd,
      roots: given,
      update: options.update,
      configuration: {
        ...definedFields({ config: options.config, preset: options.preset, policy: configuration.policy }),
        ...definedFields({ envConfig: io.env['INVESTIGATION_CONFIG'] }),
      },
      workers,
      launcher: workers > 1 ? bundledWorker() : null,
      onResult: () => progress.tick(),
    });
  } finally {
    progress.done();
  }
  const summary = withUnreadable(entries, ran, io.cwd);
  let writeError: EnvelopeError | null = null;
  if (options.junit !== undefined) writeError = writeJunit(options.junit, formatJunit(summary.results, 'compile-investigation'), io);

  const failed = summary.failed > 0;
  const data = {
    fixtures: summary.results.map((result) => ({
      path: result.path,
      passed: result.passed,
      problems: result.problems.map((problem) => (problem.detail ? `${problem.message}\n${problem.detail}` : problem.message)),
      ...definedFields({ config: result.config }),
    })),
    passed: summary.passed,
    failed: summary.failed,
    shard: options.shard ?? null,
    updated: summary.results.flatMap((result) => result.written),
    created: summary.results.flatMap((result) => result.created ?? []),
    skipped,
  };
  // What was left out and what was written come before the failures and the closing line, which stays last.
  const note = skipped.length > 0 ? `${escapeFor.terminal(skippedNote(skipped))}\n` : '';
  const stdout = `${note}${formatWritten(summary.results)}${formatFailures(summary.results)}`;
  if (writeError !== null) return { exitCode: exitCodeOf(writeError.code), data, warnings, error: writeError, stdout };
  return {
    exitCode: failed ? 1 : 0,
    data,
    warnings,
    error: failed
      ? {
          code: 'GATE_FAILED',
          subcode: 'FIXTURES_FAILED',
          message: `${summary.failed} of ${plural(summary.results.length, 'fixture')} ${summary.failed === 1 ? 'does' : 'do'} not match: ${firstFailure(summary.results)}`,
        }
      : null,
    stdout,
  };
}

/** The run's results with a failing entry for each folder that could not be listed, in list order. */
function withUnreadable(entries: readonly Entry[], ran: RunSummary, cwd: string): RunSummary {
  const results: FixtureResult[] = [];
  let next = 0;
  for (const entry of entries) {
    if ('code' in entry) {
      const path = displayPath(entry.text, cwd) || '.';
      results.push({
        file: entry.path,
        path,
        passed: false,
        problems: [{ message: `the folder ${JSON.stringify(path)} cannot be read (${entry.code}); its fixtures were not run` }],
        written: [],
        created: [],
        exitCode: null,
      });
    } else {
      results.push(ran.results[next++] as FixtureResult);
    }
  }
  const failed = results.filter((result) => !result.passed).length;
  return { results, passed: results.length - failed, failed };
}

/** The flags that configure how fixtures are judged, as given. */
function pick(options: TestOptions): { preset?: string; policy?: string; config?: string; ignore?: string[] } {
  return {
    ...definedFields({ ignore: options.ignore, preset: options.preset, policy: options.policy, config: options.config }),
  };
}

function skippedNote(skipped: readonly string[]): string {
  const folders = skipped.length === 1 ? 'folder' : `${skipped.length} folders`;
  return `not run: the ${folders} ${skipped.join(', ')}, where no spec has an expectation (name a folder to run it, or give one spec an expectation)`;
}

function firstFailure(results: RunSummary['results']): string {
  const failed = results.find((result) => !result.passed);
  return failed ? `${failed.path}: ${failed.problems[0]?.message ?? ''}` : '';
}

/** A --junit that names a folder, FIFO or device is refused before any fixture runs. */
function checkJunitTarget(path: string, cwd: string): void {
  const kind = targetKind(resolve(cwd, path));
  if (kind !== 'missing' && kind !== 'file')
    throw usageError('OUTPUT_NOT_WRITABLE', `--junit ${path} is a ${kind}; give the path of a file`);
}

/** The JUnit file, or the run's error when it cannot be written: the results stay in the envelope. */
function writeJunit(path: string, xml: string, io: Io): EnvelopeError | null {
  const error = writeOutputFile(resolve(io.cwd, path), xml, `--junit ${path}`);
  if (error !== null) io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(error.message)}\n`);
  return error;
}
