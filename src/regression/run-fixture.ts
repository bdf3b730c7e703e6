import { existsSync } from 'node:fs';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { projectTree } from '../common/project-tree.js';
import { appendToRawPath, joinRawPath, pathText, type RawPath, splitRawPath } from '../common/raw-path.js';
import { WriteRefusedError } from '../common/write-file.js';
import type { CompileResult } from '../compile.js';
import { renderMarkdown } from '../dialects/markdown.js';
import { DEFAULT_MAX_BYTES, readInput } from '../load/read-input.js';
import type { Policy } from '../policy/types.js';
import { renderJson } from '../render/json.js';
import type { Report } from '../report/types.js';
import { traceFollower } from '../run/trace-file.js';
import { traceEvidence } from '../trace/evidence.js';
import { TraceFileError, traceFileChunks } from '../trace/file.js';
import { readTrace, UnreadableTraceError } from '../trace/read-trace.js';
import { shellProgramsWith } from '../trace/shell-table.js';
import type { TraceReader } from '../trace/trace-reader.js';
import { compareDiagnostics } from './compare.js';
import { firstDifferingLine, unifiedDiff } from './diff.js';
import { ExpectationError } from './errors.js';
import { type Expectation, type ExpectationFile, expectationCandidates, readExpectation, serializeExpectation } from './expectation.js';
import { fixtureBound, readSideFile } from './fixture-bound.js';
import { createFixtureJudges, type FixtureConfiguration, type FixtureJudges } from './fixture-config.js';
import { goldenPaths } from './paths.js';
import type { FixtureResult, Problem, UpdateMode } from './types.js';
import { writeIfChanged } from './write.js';

/** The trace a fixture's sidecar names cannot be read: that fixture's problem. */
class FixtureTraceError extends Error {
  override readonly name = 'FixtureTraceError';
}

export interface FixtureOptions {
  /** Folder that paths are shown and compiled relative to; the process's working directory by default. */
  cwd?: string;
  /** Which files to rewrite from the actual result; 'none' (compare only) by default. */
  update?: UpdateMode;
  /** The command line's configuration, preset and policy; none by default. */
  configuration?: FixtureConfiguration;
  /** The run's judges, shared by its fixtures; made from `configuration` for this fixture alone by default. */
  judges?: FixtureJudges;
  /**
   * The folders (and specs) given to `test`, absolute: the fixture's side files must lie inside
   * the one it was found in (fixtureBound). None by default: then inside the spec's own folder.
   */
  roots?: readonly string[];
}

/**
 * Compiles one fixture and compares it with its expectation (exit code, verdict, diagnostics) and
 * with each golden report that exists beside it. In an update mode it rewrites goldens, and in
 * mode 'all' the expectation, instead of reporting them as different. Goldens, the expectation and
 * the configuration it names are read and written only inside the fixture's folder (fixtureBound):
 * a link out of it is refused, never followed.
 */
export function runFixture(file: RawPath, options: FixtureOptions = {}): FixtureResult {
  const cwd = options.cwd ?? process.cwd();
  const update = options.update ?? 'none';
  const shown = (other: RawPath): string => displayPath(pathText(other), cwd);
  const path = shown(file);
  const problems: Problem[] = [];
  const written: string[] = [];
  const created: string[] = [];
  let config: FixtureResult['config'];
  const finish = (exitCode: FixtureResult['exitCode']): FixtureResult => ({
    file,
    path,
    passed: problems.length === 0,
    problems,
    written,
    created,
    ...definedFields({ config }),
    exitCode,
  });

  const { bound, found: foundInFolder } = fixtureBound(file, options.roots ?? [], cwd);
  let found: ExpectationFile | null;
  try {
    found = readExpectation(file, cwd, bound);
  } catch (error) {
    if (!(error instanceof ExpectationError)) throw error;
    problems.push({ message: error.message });
    return finish(null);
  }
  if (found === null && update !== 'all') {
    const [json] = expectationCandidates(file);
    problems.push({ message: `missing expectation ${shown(json?.file ?? file)}` });
  }

  const read = readInput(file, { maxBytes: DEFAULT_MAX_BYTES, shown: path, ...(foundInFolder ? { inside: bound } : {}) });
  if (!read.ok) {
    problems.push({ message: read.message });
    return finish(null);
  }
  const judge = (options.judges ?? createFixtureJudges(options.configuration ?? {}, cwd))(file, found, bound);
  if (!judge.ok) {
    problems.push({ message: judge.problem });
    return finish(null);
  }
  if (judge.config.path !== null) config = { path: judge.config.path, source: judge.config.source };
  const stage = found?.expectation.stage;
  const trace = found?.expectation.trace === undefined ? undefined : fixtureTrace(found, judge.compiler.policy);
  // A spec's own x-trace, like the sidecar's trace, names a file inside the folder given to test, and in the project's tree.
  const followTrace = traceFollower({ open: pathText(file), shown: path }, judge.compiler.policy, {
    tree: projectTree(cwd),
    folder: bound,
  });
  let result: CompileResult;
  try {
    result = judge.compiler.compile(read.bytes, { path, ...definedFields({ stage, trace }), followTrace });
  } catch (error) {
    if (!(error instanceof FixtureTraceError)) throw error;
    problems.push({ message: error.message });
    return finish(null);
  }

  if (update === 'all') {
    const [json] = expectationCandidates(file);
    const target = found ?? { file: json?.file ?? appendToRawPath(file, '.expect.json'), format: 'json' as const };
    writeUpdate(target.file, serializeExpectation(expectationOf(result, found?.expectation), target.format));
  } else if (found !== null) {
    problems.push(...compareWithExpectation(result, found.expectation));
  }

  const goldens = goldenPaths(file);
  checkGolden(goldens.markdown, renderMarkdown);
  checkGolden(goldens.json, renderJson);
  return finish(result.exitCode);

  /**
   * The trace the expectation names, read inside the fixture's folder as its other side files
   * are, and as every trace is, a chunk at a time, once the spec's nodes are known; what cannot be
   * read is thrown as a FixtureTraceError, this fixture's problem.
   */
  function fixtureTrace(expectation: ExpectationFile, policy: Policy): TraceReader {
    const named = expectation.expectation.trace as string;
    const file = joinRawPath(splitRawPath(expectation.file).folder, named);
    return (nodes) => {
      try {
        const trace = readTrace(traceFileChunks(file, shown(file), [bound]), {
          programs: shellProgramsWith(policy.traceShellPrograms),
          named: { nodes },
        });
        return traceEvidence(trace, shown(file));
      } catch (error) {
        if (error instanceof TraceFileError) throw new FixtureTraceError(`trace ${error.message}`);
        if (error instanceof UnreadableTraceError) throw new FixtureTraceError(`trace ${shown(file)}: ${error.message}`);
        throw error;
      }
    };
  }

  /** An update that cannot be written is this fixture's problem; the other fixtures go on. */
  function writeUpdate(target: RawPath, content: string): void {
    try {
      const outcome = writeIfChanged(target, content, bound);
      if (outcome !== 'unchanged') written.push(shown(target));
      if (outcome === 'created') created.push(shown(target));
    } catch (error) {
      const reason =
        error instanceof WriteRefusedError
          ? error.message
          : `cannot be written (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`;
      problems.push({ message: `${shown(target)} ${reason}` });
    }
  }

  function checkGolden(golden: RawPath, render: (report: Report) => string): void {
    const goldenShown = shown(golden);
    const exists = existsSync(golden);
    if (result.report === null) {
      if (exists) problems.push({ message: `${goldenShown} exists, but the fixture produced no report (exit code ${result.exitCode})` });
      return;
    }
    if (update !== 'none' && (exists || result.verdict !== 'fail')) {
      writeUpdate(golden, render(result.report));
      return;
    }
    if (!exists) return;
    const content = render(result.report);
    const read = readSideFile(golden, goldenShown, bound);
    if ('problem' in read) {
      problems.push({ message: read.problem });
      return;
    }
    const bytesOnDisk = read.bytes;
    if (bytesOnDisk.equals(Buffer.from(content, 'utf8'))) return;
    const text = bytesOnDisk.toString('utf8');
    const line = firstDifferingLine(text, content);
    problems.push({
      message: `${goldenShown} differs from the output${line === null ? '' : ` from line ${line}`}`,
      detail:
        line === null
          ? 'the texts are equal but the bytes differ: the golden is not valid UTF-8'
          : unifiedDiff(text, content, { expectedLabel: `${goldenShown} (golden)`, actualLabel: `${goldenShown} (actual output)` }),
    });
  }
}

function compareWithExpectation(result: CompileResult, expected: Expectation): Problem[] {
  const problems: Problem[] = [];
  if (result.exitCode !== expected.exitCode) {
    const reason = result.error ? ` (${result.error.subcode}: ${result.error.message})` : '';
    problems.push({ message: `exit code ${result.exitCode}, expected ${expected.exitCode}${reason}` });
  }
  if (expected.verdict !== undefined && result.verdict !== expected.verdict) {
    problems.push({ message: `verdict ${result.verdict}, expected ${expected.verdict}` });
  }
  if (expected.diagnostics !== undefined) problems.push(...compareDiagnostics(expected.diagnostics, result.diagnostics));
  const error = expected.inputError;
  if (error !== undefined) {
    const got = result.error?.code === 'INPUT_ERROR' ? result.error : undefined;
    const place = (item: { line?: number | undefined; column?: number | undefined }): string =>
      item.line === undefined ? '' : ` at line ${item.line}${item.column === undefined ? '' : `, column ${item.column}`}`;
    const differs =
      got === undefined ||
      got.subcode !== error.subcode ||
      (error.line !== undefined && got.line !== error.line) ||
      (error.column !== undefined && got.column !== error.column);
    if (differs)
      problems.push({
        message: `input error ${error.subcode}${place(error)} expected; got ${got === undefined ? 'none' : `${got.subcode}${place(got)}: ${got.message}`}`,
      });
  }
  return problems;
}

/**
 * The expectation a result meets exactly, as update mode 'all' writes it, judged as the one it
 * replaces says (none: the defaults); generated corpora write their sidecars with it too.
 */
export function expectationOf(result: CompileResult, previous?: Expectation): Expectation {
  const { config, preset, policy, stage, trace } = previous ?? {};
  return {
    ...definedFields({ config, preset, policy, stage, trace }),
    exitCode: result.exitCode,
    verdict: result.verdict,
    diagnostics: result.diagnostics.map(({ ruleId, severity, path, line }) => ({
      ruleId,
      severity,
      path,
      ...definedFields({ line }),
    })),
    ...(result.error?.code === 'INPUT_ERROR'
      ? {
          inputError: {
            subcode: result.error.subcode,
            ...definedFields({ line: result.error.line, column: result.error.column }),
          },
        }
      : {}),
  };
}
