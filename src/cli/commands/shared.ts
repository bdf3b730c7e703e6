import { isAbsolute, resolve } from 'node:path';
import type { FolderBound } from '../../common/folder-bound.js';
import { pathText } from '../../common/raw-path.js';
import { WriteRefusedError, writeFileSafely } from '../../common/write-file.js';
import type { CompileResult, Compiler } from '../../compile.js';
import type { SourceFormat } from '../../load/parse.js';
import { type ReadResult, readInput, tooLarge } from '../../load/read-input.js';
import { countsOf, type FileLocation, type FileOutcome } from '../../report/outcome.js';
import type { Baseline } from '../../rules/run.js';
import type { Stage } from '../../schema/issues.js';
import { type EnvelopeError, usageError } from '../contract.js';
import type { InputFile } from '../inputs.js';
import type { CompilerFlags } from './judges.js';

/** The flags that say how to read and judge each file: a draft (`--stage draft`) or a finished spec. */
export type FileFlags = Pick<CompilerFlags, 'maxBytes' | 'failOn' | 'quiet'> & { stage?: Stage };

/** A spec given as text rather than a file (an MCP client's argument), within the same size limit. */
export interface GivenText {
  text: string;
  format?: SourceFormat;
}

/**
 * One input, read and compiled on its own: a file that cannot be read becomes its own INPUT_ERROR.
 * An input with `given` text is not read: the text is the spec; nor is one whose `bytes` a caller
 * already read from it within the size limit. The decoded text is kept only with
 * `keepSource` (for code frames): a large spec's text would otherwise stay in memory beside its
 * report while the report is rendered.
 */
export function compileFile(
  compiler: Compiler,
  input: InputFile & { baseline?: Baseline; given?: GivenText; bytes?: Uint8Array },
  options: FileFlags,
  keepSource: boolean,
): FileOutcome {
  const read: ReadResult = input.problem
    ? { ok: false, ...input.problem }
    : input.given !== undefined
      ? givenWithin(input.given, options.maxBytes, input.shown)
      : input.bytes !== undefined
        ? { ok: true, bytes: input.bytes }
        : readInput(input.open, { maxBytes: options.maxBytes, shown: input.shown, inside: input.inside });
  const baseline = input.baseline === undefined ? {} : { baseline: input.baseline };
  const stage = options.stage === undefined ? {} : { stage: options.stage };
  const format = input.given?.format === undefined ? {} : { sourceFormat: input.given.format };
  const result: CompileResult = read.ok
    ? compiler.compile(read.bytes, input.open === '-' ? { ...stage, ...format } : { path: input.reportPath, ...baseline, ...stage })
    : {
        exitCode: 3,
        verdict: 'fail',
        diagnostics: [],
        report: null,
        error: { code: 'INPUT_ERROR', subcode: read.subcode, message: read.message },
      };
  const diagnostics = options.quiet ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error') : result.diagnostics;
  const counts = countsOf(result.diagnostics, result.error);
  // --quiet hides warnings from the listing, never from the gate.
  const failsOnWarnings = options.failOn === 'warning' && result.exitCode === 0 && counts.warnings > 0;
  const hiddenWarnings = failsOnWarnings ? result.diagnostics.length - diagnostics.length : 0;
  return {
    path: input.shown,
    exitCode: failsOnWarnings ? 1 : result.exitCode,
    verdict: failsOnWarnings ? 'fail' : result.verdict,
    diagnostics,
    ...(hiddenWarnings > 0 ? { hiddenWarnings } : {}),
    counts,
    ...('ruleTotals' in result ? { ruleTotals: result.ruleTotals } : {}),
    ...(result.dialect === undefined ? {} : { dialect: result.dialect }),
    error: result.error,
    report: result.report,
    ...(keepSource && result.source !== undefined ? { source: result.source } : {}),
    ...(input.open === '-' ? {} : { location: fileLocation(input.reportPath, pathText(input.open)) }),
  };
}

function givenWithin(given: GivenText, maxBytes: number, shown: string): ReadResult {
  const bytes = Buffer.from(given.text, 'utf8');
  return bytes.length > maxBytes ? tooLarge(shown, maxBytes) : { ok: true, bytes };
}

/**
 * Where a file lies for SARIF and GitHub, from its path relative to the working directory: that
 * path when the file is inside, else its absolute path (a relative one would climb with "../").
 */
export function fileLocation(relativePath: string, absolutePath: string): FileLocation {
  const outside = relativePath === '..' || relativePath.startsWith('../') || isAbsolute(relativePath);
  return outside ? { kind: 'absolute', path: absolutePath } : { kind: 'relative', path: relativePath };
}

/**
 * Writes `content` atomically to the absolute `path`. A file that cannot be written is the user's
 * to fix, so the result is an error naming it as `label` (such as "--output report.md"), not a crash.
 * A file the user did not name (a report in --output-dir) keeps `inside` the folder they named.
 */
export function writeOutputFile(path: string, content: string, label: string, inside?: FolderBound): EnvelopeError | null {
  try {
    writeFileSafely(path, content, inside);
    return null;
  } catch (error) {
    return { code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE', message: writeFailure(label, error) };
  }
}

/** As writeOutputFile, for an output without which the run has nothing to show: a failure is the run's usage error. */
export function writeOutput(path: string, content: string, label: string): void {
  const error = writeOutputFile(path, content, label);
  if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
}

/**
 * Where a command's rendered document goes: to --output (atomically, and named in the envelope as
 * `output`), else with --json into the envelope as `rendered` (unless `inData`: the document is the
 * envelope's data already), else to standard output. Returns what to print on standard output.
 */
export function deliver(
  rendered: string,
  options: { output?: string; json: boolean },
  data: Record<string, unknown>,
  cwd: string,
  inData: boolean,
): string {
  if (options.output !== undefined) {
    writeOutput(resolve(cwd, options.output), rendered, `--output ${options.output}`);
    data['output'] = options.output;
    return '';
  }
  if (!options.json) return rendered;
  if (!inData) data['rendered'] = rendered;
  return '';
}

/** Why a file could not be written, after its label: what was there, or the file system's error code. */
function writeFailure(label: string, error: unknown): string {
  if (error instanceof WriteRefusedError) return `${label} ${error.message}`;
  return `${label} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}); check that its folder exists and is writable`;
}
