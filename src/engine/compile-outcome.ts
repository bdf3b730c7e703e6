import { exitCodes } from '../common/exit-codes.js';
import { plural } from '../common/text.js';
import { describePointer } from '../diagnostics/pointer.js';
import { type GateTotals, gateTotals } from '../gate/tally.js';
import { unusedEntriesFailure } from '../render/run-failure.js';
import { escapeFor } from '../render/untrusted/index.js';
import { type FileOutcome, hiddenWarningsNote } from '../run/compile-file.js';
import { toolInfo } from '../tool.js';
import type { EnvelopeError } from './contract.js';
import type { ExpandedInputs } from './inputs.js';
import { configEcho, configFor, type RunConfiguration } from './judges.js';
import type { CommandResult, Io } from './result.js';

/** The envelope's summary: the run's totals and its exit code. */
export interface RunSummary extends GateTotals {
  exitCode: number;
}

/**
 * The run's counts (before --quiet hid anything) and exit code: the worst file's, or 1 for more
 * warnings than --max-warnings, or for unused baseline entries that fail the run
 * (--fail-on-unused-suppressions).
 */
export function summarizeRun(files: readonly FileOutcome[], maxWarnings: number | undefined, failingUnused = 0): RunSummary {
  const totals = gateTotals(files);
  const worst = Math.max(0, ...files.map((file) => file.exitCode));
  const gateFails = tooManyWarnings(totals.warnings, maxWarnings) || failingUnused > 0;
  const exitCode = worst === exitCodes.passed && gateFails ? exitCodes.gateFailed : worst;
  return { ...totals, exitCode };
}

/** ESLint's --max-warnings: more warnings than N fail the run, though each file passed. */
export function tooManyWarnings(warnings: number, maxWarnings: number | undefined): boolean {
  return maxWarnings !== undefined && warnings > maxWarnings;
}

/** The envelope's error: the problem behind the run's exit code, the first file's when several share it. */
export function envelopeError(
  files: FileOutcome[],
  summary: RunSummary,
  options: { failOn: 'error' | 'warning'; maxWarnings?: number; unusedSuppressions?: number },
): EnvelopeError | null {
  const { exitCode } = summary;
  if (exitCode === exitCodes.passed) return null;
  const culprits = files.filter((file) => file.exitCode === exitCode);
  const first = culprits[0];
  const unused = options.unusedSuppressions ?? 0;
  if (exitCode === exitCodes.gateFailed && first === undefined && !tooManyWarnings(summary.warnings, options.maxWarnings) && unused > 0) {
    return {
      code: 'GATE_FAILED',
      subcode: 'UNUSED_SUPPRESSIONS',
      message: unusedEntriesFailure(unused, { why: true }),
    };
  }
  if (exitCode === exitCodes.gateFailed && first === undefined) {
    return {
      code: 'GATE_FAILED',
      subcode: 'TOO_MANY_WARNINGS',
      message: `${plural(summary.warnings, 'warning')}, more than --max-warnings ${options.maxWarnings} allows; fix some, or accept them in a baseline with --suppress-all`,
    };
  }
  const count = culprits.length === 1 ? '1 file' : `${culprits.length} files`;
  if (exitCode === exitCodes.gateFailed) {
    const hasErrors = culprits.some((file) => file.counts.errors > 0);
    const subcode = hasErrors || options.failOn === 'error' ? 'ERRORS' : 'WARNINGS';
    const hidden = hiddenWarningsNote(files);
    const message = `the gate failed for ${count}${first ? `, first ${first.path}` : ''}${hidden === undefined ? '' : `; ${hidden}`}`;
    return { code: 'GATE_FAILED', subcode, message };
  }
  const error = first?.error;
  if (!first || !error) return { code: 'INTERNAL_ERROR', subcode: null, message: `exit code ${exitCode} without a recorded error` };
  const message =
    culprits.length === 1 ? `${first.path}: ${error.message}` : `${count} failed this way, first ${first.path}: ${error.message}`;
  return { code: error.code, subcode: error.subcode, message };
}

/**
 * One line a problem, starting with file:line:col as compilers print it, so that editors and
 * terminals link to the place; the path, message and pointer quote the input, so each is made
 * visible and inert. A suppressed problem says so in place of its severity.
 */
export function writeDiagnosticLines(file: Pick<FileOutcome, 'path' | 'diagnostics' | 'error'>, io: Io): void {
  const path = escapeFor.terminal(file.path);
  for (const diagnostic of file.diagnostics) {
    const weight = diagnostic.suppressed === undefined ? diagnostic.severity : `suppressed ${diagnostic.severity}`;
    io.stderr.write(
      `${path}${position(diagnostic)}: ${weight} ${escapeFor.terminal(diagnostic.ruleId)} ${escapeFor.terminal(diagnostic.message)} (at ${escapeFor.terminal(describePointer(diagnostic.path))})\n`,
    );
  }
  // An input error with no place in the text is a problem of the whole file: line 1, column 1.
  if (file.error?.code === 'INPUT_ERROR')
    io.stderr.write(
      `${path}${position({ line: file.error.line ?? 1, column: file.error.column ?? 1 })}: error ${file.error.subcode}: ${escapeFor.terminal(file.error.message)}\n`,
    );
}

/** ":line:col", ":line" without a column, or nothing when the place in the text is not known. */
function position({ line, column }: { line?: number; column?: number }): string {
  if (line === undefined) return '';
  return column === undefined ? `:${line}` : `:${line}:${column}`;
}

/**
 * --force-exclude left out every file named (a commit that stages only ignored specs): there is
 * nothing to judge, and that passes. One line on standard error says so; no output is written.
 */
export function nothingToJudge(run: RunConfiguration, expanded: ExpandedInputs, io: Io): CommandResult {
  const left = expanded.forceExcluded;
  const which = `${plural(left, 'file')} named ${left === 1 ? 'is' : 'are'}`;
  for (const warning of expanded.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  io.stderr.write(`${toolInfo.name}: nothing to judge: ${which} ignored, and --force-exclude left ${left === 1 ? 'it' : 'them'} out\n`);
  const data = {
    config: configEcho(configFor(run, null)),
    files: [],
    summary: summarizeRun([], undefined),
    ...(expanded.leftOut.length > 0 ? { leftOut: expanded.leftOut } : {}),
  };
  return { exitCode: exitCodes.passed, data, warnings: expanded.warnings, error: null, stdout: '' };
}
