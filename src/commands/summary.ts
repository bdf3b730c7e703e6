import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { exitCodes } from '../common/exit-codes.js';
import { plural } from '../common/text.js';
import { readDocument } from '../compile.js';
import { tooManyWarnings } from '../engine/compile-outcome.js';
import { type EnvelopeError, inputError } from '../engine/contract.js';
import { writeOutput } from '../engine/deliver.js';
import { reportingErrors } from '../engine/error-table.js';
import type { CommandResult, Io } from '../engine/result.js';
import {
  cappedAnnotations,
  type FailingUnused,
  jobSummary,
  mergeResults,
  type ResultDocument,
  type SummaryContext,
  stepOutputs,
  tally,
} from '../gate/index.js';
import { runFailure } from '../render/github.js';
import { unusedEntriesFailure } from '../render/run-failure.js';
import { toolInfo } from '../tool.js';

export interface SummaryOptions {
  results: string[];
  output?: string;
  stepSummary?: string;
  githubOutput?: string;
  annotate: boolean;
  maxAnnotations: number;
  linkBase?: string;
  /** --rule-docs-base-url: link each rule of the summary to `<url><id>.md`. */
  ruleDocsBaseUrl?: string;
  sarif?: string;
  reports?: string;
  maxBytes: number;
  /** More warnings than this, over all the runs merged, fail the gate (each shard saw only its own). */
  maxWarnings?: number;
  json: boolean;
}

/**
 * The gate's summary from the envelopes of one or more `compile --json` runs (the shards of a
 * matrix): Markdown for a job summary, capped annotations and step outputs. The files GitHub names
 * in GITHUB_STEP_SUMMARY and GITHUB_OUTPUT are appended to, as the runner expects, each written
 * whole (atomically) so that a failed run leaves them as they were.
 */
export async function summaryCommand(options: SummaryOptions, io: Io): Promise<CommandResult> {
  const merged = mergeOrThrow(options.results.map((path) => readResult(path, options.maxBytes, io.cwd)));
  const counts = tally(merged.files);
  const overWarnings = merged.exitCode === 0 && tooManyWarnings(counts.warnings, options.maxWarnings);
  const exitCode = overWarnings ? exitCodes.gateFailed : merged.exitCode;
  const context: SummaryContext = {
    toolName: toolInfo.name,
    runs: merged.runs,
    exitCode,
    ...definedFields({ maxWarnings: options.maxWarnings }),
    ...(merged.failingUnused === null ? {} : { failingUnused: merged.failingUnused }),
    ...definedFields({ linkBase: options.linkBase, ruleDocs: options.ruleDocsBaseUrl, sarif: options.sarif, reports: options.reports }),
  };
  const markdown = jobSummary(counts, context);
  if (options.stepSummary !== undefined) append(resolve(io.cwd, options.stepSummary), markdown, `--step-summary ${options.stepSummary}`);
  if (options.githubOutput !== undefined)
    append(resolve(io.cwd, options.githubOutput), stepOutputs(counts, exitCode), `--github-output ${options.githubOutput}`);
  if (options.output !== undefined) writeOutput(resolve(io.cwd, options.output), markdown, `--output ${options.output}`);

  const { perFile: _perFile, ...totals } = counts;
  const data: Record<string, unknown> = { runs: merged.runs, exitCode, ...totals };
  let stdout = '';
  const error = gateError(counts, exitCode, overWarnings, options.maxWarnings, merged.failingUnused);
  if (options.annotate) {
    stdout = cappedAnnotations(merged.files, options.maxAnnotations);
    // No problem of a file says why the gate failed: one error of no file does.
    if (error?.subcode === 'UNUSED_SUPPRESSIONS') stdout += `${runFailure(error.message)}\n`;
  } else if (options.output === undefined) stdout = markdown;
  if (options.json) data['rendered'] = stdout;
  return { exitCode, data, warnings: [], error, stdout };
}

function gateError(
  counts: ReturnType<typeof tally>,
  exitCode: number,
  overWarnings: boolean,
  maxWarnings: number | undefined,
  unused: FailingUnused | null,
): EnvelopeError | null {
  if (exitCode === 0) return null;
  // Failed by unused baseline entries alone: no file failed, and the runs' exit code is the gate's.
  if (unused !== null && counts.failed === 0 && exitCode === exitCodes.gateFailed && !overWarnings)
    return {
      code: 'GATE_FAILED',
      subcode: 'UNUSED_SUPPRESSIONS',
      message: `the gate failed: ${unusedEntriesFailure(unused.count, { exact: unused.exact })}`,
    };
  if (overWarnings)
    return {
      code: 'GATE_FAILED',
      subcode: 'TOO_MANY_WARNINGS',
      message: `the gate failed: ${plural(counts.warnings, 'warning')}, more than --max-warnings ${maxWarnings} allows`,
    };
  return {
    code: 'GATE_FAILED',
    subcode: counts.errors > 0 ? 'ERRORS' : 'WARNINGS',
    message: `the gate failed: ${counts.failed} of ${plural(counts.files, 'file')} failed`,
  };
}

function readResult(path: string, maxBytes: number, cwd: string): ResultDocument {
  const parsed = readDocument(resolve(cwd, path), { maxBytes, shown: path, format: 'json' });
  if (!parsed.ok) throw inputError(parsed.problem.subcode, `${path}: ${parsed.problem.message}`);
  return { source: path, value: parsed.data };
}

function mergeOrThrow(documents: ResultDocument[]): ReturnType<typeof mergeResults> {
  return reportingErrors(() => mergeResults(documents));
}

/** Appends by writing the whole file anew, atomically: the old content stays if the write fails. */
function append(path: string, content: string, label: string): void {
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const separator = before === '' || before.endsWith('\n') ? '' : '\n';
  writeOutput(path, `${before}${separator}${content}`, label);
}
