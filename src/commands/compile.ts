import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { exitCodes } from '../common/exit-codes.js';
import type { OutputText } from '../common/output-text.js';
import { plural } from '../common/text.js';
import type { Compiler, Stage } from '../compile.js';
import type { ResolvedConfig } from '../config/resolve.js';
import {
  type BaselineFindings,
  type BaselineFlags,
  type BaselinePlan,
  baselineFindings,
  baselineOf,
  baselineWarnings,
  failingUnused,
  planBaselines,
  rewriteBaselines,
} from '../engine/baselines.js';
import { type CompiledFile, type CompileJobContext, fileCompiler, type JobInput } from '../engine/compile-job.js';
import { envelopeError, nothingToJudge, summarizeRun, writeDiagnosticLines } from '../engine/compile-outcome.js';
import { type EnvelopeError, exitCodeOf, usageError } from '../engine/contract.js';
import { deliver } from '../engine/deliver.js';
import { type ExpandedInputs, expandInputs } from '../engine/inputs.js';
import {
  type CompilerFlags,
  configEcho,
  type Judged,
  judgeInputs,
  type RunConfiguration,
  runConfiguration,
  walkOptions,
} from '../engine/judges.js';
import { planReports, type ReportFate, type ReportPlan, reportsNotWritten } from '../engine/output-dir.js';
import { type ReportSink, reportSink } from '../engine/report-writer.js';
import type { CommandResult, Io } from '../engine/result.js';
import { traceFlagsOf, traceReaderOf } from '../engine/trace-input.js';
import type { FixLevel } from '../fix/fix-spec.js';
import type { ReportFormat } from '../render/formatters.js';
import { escapeFor } from '../render/untrusted/index.js';
import { type FileOutcome, hiddenWarningsNote } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';
import { type LeftOutFile, leftOutNotes } from '../run/left-out.js';
import { toolInfo } from '../tool.js';
import { rememberedReader, type TraceReader } from '../trace/trace-reader.js';
import { chooseWorkers, type WorkersRequest } from '../workers/choose.js';
import { bundledWorker } from '../workers/launcher.js';
import { runInWorkers } from '../workers/pool.js';
import { checkFixInputs, type FixRun, fixedLine, fixInputs } from './compile-fix.js';
import { checkOutputs, colorAllowed, type Format, REPORT_FORMATS, renderOutput } from './compile-render.js';
import { shareOf } from './compile-shard.js';

export interface CompileOptions extends CompilerFlags, BaselineFlags {
  inputs: string[];
  format?: Format;
  output?: string;
  outputDir?: string;
  workers?: WorkersRequest;
  /** "i/n": compile only the i-th of n deterministic shares of the expanded inputs. */
  shard?: string;
  /** Fail the run when there are more warnings than this (ESLint's --max-warnings). */
  maxWarnings?: number;
  /** The SARIF run's automationDetails.id: what tells two uploads of one commit apart. */
  sarifCategory?: string;
  /** Where SARIF links each rule's page (`<url><id>.md`): over the configuration's ruleDocsBaseUrl. */
  ruleDocsBaseUrl?: string;
  /** "draft": judge unfinished specs (a sound one is draft-ok, exit 0). */
  stage?: Stage;
  /** The agent's trace the one spec is checked against, and how to read it. */
  trace?: string;
  traceRoot?: string;
  traceSince?: string;
  traceUntil?: string;
  traceTurn?: number;
  /** --fix (safe) or --fix-unsafe: the fixable problems fixed in the files first; --fix-dry-run shows them as a diff instead. */
  fix?: FixLevel;
  fixDryRun?: boolean;
  json: boolean;
}

export type { Format } from './compile-render.js';

/** What a run will do, settled before any file is compiled: the inputs, their judges and baselines, the format. */
interface CompilePlan {
  inputs: InputFile[];
  judged: Judged;
  baselines: BaselinePlan;
  inputWarnings: string[];
  workers: number;
  format: Format;
  context: CompileJobContext;
  /** With --output-dir: where each report goes, every target checked. */
  reports: ReportPlan | null;
  /** With --trace: the agent's trace the one spec is checked against, read once its nodes are known. */
  trace: TraceReader | undefined;
  /** The files the walk found and left out (briefs, the tool's own outputs, files of no kind it reads). */
  leftOut: LeftOutFile[];
}

/** What the files came to, judged by their baselines (rewritten first with --suppress-all, --suppress-rule or --prune-suppressions). */
interface CompiledRun {
  files: FileOutcome[];
  /** With --output-dir: what became of each report, in input order. */
  fates: Array<ReportFate | undefined> | null;
  baselines: BaselinePlan;
  findings: BaselineFindings;
  written: BaselineFindings['written'];
  summary: ReturnType<typeof summarizeRun>;
  warnings: string[];
}

export async function compileCommand(options: CompileOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration(options, io);
  const expanded = await expandInputs(options.inputs, io.cwd, walkOptions(configuration, io));
  if (expanded.files.length === 0) return nothingToJudge(configuration, expanded, io);
  const plan = planCompile(options, configuration, expanded, io);
  const fixing =
    options.fix === undefined ? null : fixInputs({ ...options, fix: options.fix }, judgedInputsOf(plan, plan.baselines), plan.judged);
  if (fixing !== null && (fixing.fixed.length > 0 || options.fixDryRun === true))
    io.stderr.write(`${toolInfo.name}: ${fixedLine(fixing, options.fixDryRun === true)}\n`);
  if (fixing !== null && options.fixDryRun === true) return dryRunResult(fixing, options);
  const run = await compileRun(plan, options, io);
  const result = await deliverRun(plan, run, options, io);
  return fixing === null ? result : { ...result, data: { ...result.data, fixed: fixing.fixed } };
}

/** --fix-dry-run: the unified diff of every change on standard output, nothing written; exit 1 when there is one, as a check that fixes remain. */
function dryRunResult(fixing: FixRun, options: CompileOptions): CommandResult {
  const data = { fixed: fixing.fixed, diff: fixing.diff };
  const stdout = options.json ? '' : fixing.shown;
  if (fixing.diff === '') return { exitCode: exitCodes.passed, data, warnings: [], error: null, stdout };
  const error = { code: 'GATE_FAILED' as const, subcode: 'FIXES_PENDING', message: fixedLine(fixing, true) };
  return { exitCode: exitCodes.gateFailed, data, warnings: [], error, stdout };
}

/** Each input with its judge, the files its judge's settings came from, its baseline and the run's trace. */
function judgedInputsOf(plan: CompilePlan, baselinePlan: BaselinePlan): JobInput[] {
  return plan.inputs.map((input, index) => {
    const baseline = baselineOf(baselinePlan, index);
    const judge = plan.judged.files[index]?.judge ?? 0;
    return { ...input, judge, dependencies: plan.judged.dependencies[judge] ?? [], ...definedFields({ baseline, trace: plan.trace }) };
  });
}

/** The inputs (this shard's), their judges, baselines and worker threads, and the format; a conflict of options is refused here. */
function planCompile(options: CompileOptions, configuration: RunConfiguration, expanded: ExpandedInputs, io: Io): CompilePlan {
  const { several, warnings: inputWarnings } = expanded;
  const inputs = options.shard === undefined ? expanded.files : shareOf(expanded.files, options.shard);
  const judged = judgeInputs(configuration, inputs);
  const baselines = planBaselines(options, inputs, io.cwd, io.roots);
  // In this thread unless asked: on 2 cores, the writer thread of --output-dir and this one keep
  // both cores busy already, and a text run gains nothing below 3,000 files (see chooseWorkers).
  const workers = chooseWorkers(options.workers ?? 1, inputs.length, inputWarnings);
  for (const warning of [...judged.warnings, ...baselines.notes, ...inputWarnings])
    io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const format: Format = options.format ?? (several && options.outputDir === undefined ? 'text' : 'markdown');
  checkOutputs(options, format, several, inputs, io.cwd);
  checkFixInputs(options, inputs);
  const writesReports = options.outputDir !== undefined;
  // Before anything is compiled: a target refused leaves nothing written.
  const reports = options.outputDir === undefined ? null : planReports(inputs, options.outputDir, format as ReportFormat, io.cwd);
  const context: CompileJobContext = {
    compilerOptions: judged.compilerOptions,
    flags: {
      maxBytes: options.maxBytes,
      failOn: options.failOn,
      quiet: options.quiet,
      ...definedFields({ stage: options.stage }),
    },
    // Reports for --output-dir are rendered as each file is compiled, in the worker that compiled it.
    render: writesReports ? (format as ReportFormat) : null,
    keep: { report: options.json || (!writesReports && REPORT_FORMATS.has(format)), source: format === 'text' || format === 'html' },
  };
  const trace = traceOf(options, inputs, judged, io);
  return { inputs, judged, baselines, inputWarnings, workers, format, context, reports, trace, leftOut: expanded.leftOut };
}

/**
 * --trace, once options and inputs allow it (one spec, and the policy of its configuration): its
 * flags checked now, the file read when the spec is compiled, for the nodes it names.
 */
function traceOf(options: CompileOptions, inputs: readonly InputFile[], judged: Judged, io: Io): TraceReader | undefined {
  const flags = traceFlagsOf(options);
  if (flags === undefined) return undefined;
  if (inputs.length !== 1)
    throw usageError(
      'CONFLICTING_ARGUMENTS',
      `--trace checks one spec against the trace of the agent that wrote it, not ${inputs.length} files; name one spec`,
    );
  const policy = (judged.compilers[judged.files[0]?.judge ?? 0] as Compiler).policy;
  const read = traceReaderOf(flags, policy, io);
  // Named in the report and its messages as the spec is: from the working directory.
  const shown = displayPath(resolve(io.cwd, flags.trace), io.cwd);
  // The spec's own file is named on the trace where every file is compiled (compileOptionsOf).
  return rememberedReader((nodes) => ({ ...read(nodes), shown }));
}

/** Every file compiled; a baseline to write is written from what the rules found, and the files judged again by it. */
async function compileRun(plan: CompilePlan, options: CompileOptions, io: Io): Promise<CompiledRun> {
  const { judged, context, workers } = plan;
  let baselines = plan.baselines;
  const judgedInputs = (baselinePlan: BaselinePlan): JobInput[] => judgedInputsOf(plan, baselinePlan);
  let written: BaselineFindings['written'] = [];
  if (baselines.writing) {
    // The new baseline comes from what the rules found; the specs are then judged by it, and only
    // then are reports rendered and written.
    const found = await compileAll(judgedInputs(baselines), judged.compilers, { ...context, render: null }, workers, null);
    ({ plan: baselines, written } = rewriteBaselines(baselines, options, found));
  }
  const sink = plan.reports === null ? null : await reportSink(plan.reports);
  const files = await compileAll(judgedInputs(baselines), judged.compilers, context, workers, sink);
  const fates = sink === null ? null : await sink.fates();
  const findings = baselineFindings(baselines, files, written, options.failOnUnusedSuppressions === true);
  const summary = summarizeRun(files, options.maxWarnings, failingUnused(findings));
  const findingWarnings = baselineWarnings(findings);
  const warnings = [...judged.warnings, ...baselines.notes, ...plan.inputWarnings, ...findingWarnings];
  for (const warning of findingWarnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  for (const { path, specs, problems } of written)
    io.stderr.write(
      `${toolInfo.name}: wrote ${escapeFor.terminal(path)}: ${plural(problems, 'problem')} of ${plural(specs, 'spec')} suppressed\n`,
    );
  return { files, fates, baselines, findings, written, summary, warnings };
}

/** The envelope's data, and the output where it was asked for: reports in --output-dir, or one document delivered as every command delivers it. */
async function deliverRun(plan: CompilePlan, run: CompiledRun, options: CompileOptions, io: Io): Promise<CommandResult> {
  const { judged, format } = plan;
  const { files, fates, findings, written, summary, warnings } = run;
  const data: Record<string, unknown> = {
    // The first file's (expansion leaves at least one); each file's own is beside it.
    config: configEcho((judged.files[0] as Judged['files'][number]).config),
    files: files.map((file, index) => ({
      path: file.path,
      ...definedFields({ dialect: file.dialect }),
      config: configEcho(judged.files[index]?.config as ResolvedConfig),
      exitCode: file.exitCode,
      verdict: file.verdict,
      counts: file.counts,
      diagnostics: file.diagnostics,
      error: file.error,
      report: file.report,
    })),
    summary: { ...summary, ...definedFields({ maxWarnings: options.maxWarnings }) },
    ...(findings.files.length > 0 || written.length > 0 ? { suppressions: findings } : {}),
    ...(plan.leftOut.length > 0 ? { leftOut: plan.leftOut } : {}),
  };

  let stdout: OutputText = '';
  let writeError: EnvelopeError | null = null;
  if (fates !== null) {
    (data['files'] as Array<Record<string, unknown>>).forEach((entry, index) => {
      const fate = fates[index];
      if (fate?.error !== undefined) entry['reportError'] = fate.error;
      else if (fate !== undefined) entry['reportFile'] = fate.file;
    });
    writeError = reportsNotWritten(fates, io);
  } else if (!REPORT_FORMATS.has(format) || files[0]?.report) {
    // A report format with no report (input error, {VACIO_CRITICO}) writes nothing, not even an empty file.
    const toTerminal = options.output === undefined && !options.json && io.stdoutIsTTY;
    // --rule-docs-base-url, else the first file's configuration's ruleDocsBaseUrl, else no links.
    const docs = options.ruleDocsBaseUrl ?? judged.files[0]?.config.config.ruleDocsBaseUrl;
    const color = toTerminal && colorAllowed(io.env);
    const listing = {
      color,
      showSuppressed: options.showSuppressed,
      exitCode: summary.exitCode,
      category: options.sarifCategory,
      io,
      docs,
      failingUnused: failingUnused(findings),
      leftOut: leftOutNotes(plan.leftOut),
    };
    const rendered = await renderOutput(files, format, judged.compilers, listing);
    stdout = deliver(rendered, options, data, io.cwd, format === 'json');
  }
  if (REPORT_FORMATS.has(format) || options.outputDir !== undefined || options.output !== undefined || options.json) {
    for (const file of files) writeDiagnosticLines(file, io);
  }
  // The text listing on stdout says it in its summary; every other output needs the note.
  const hidden = hiddenWarningsNote(files);
  if (hidden !== undefined && (format !== 'text' || stdout === ''))
    io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(hidden)}\n`);
  const error = envelopeError(files, summary, { ...options, unusedSuppressions: failingUnused(findings) });
  if (error?.subcode === 'TOO_MANY_WARNINGS' || error?.subcode === 'UNUSED_SUPPRESSIONS')
    io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(error.message)}\n`);
  // Reports the user asked for are missing: that decides the run, whatever the files' own codes.
  if (writeError !== null) return { exitCode: exitCodeOf(writeError.code), data, warnings, error: writeError, stdout };
  return { exitCode: summary.exitCode, data, warnings, error, stdout };
}

/**
 * Every input compiled, in input order: on `workers` worker threads (each with its own compiler,
 * from the same options), or in this thread when that is 1 or standard input is among them. Each
 * report rendered goes to `sink` as soon as its file is compiled, and is not kept.
 */
async function compileAll(
  inputs: JobInput[],
  compilers: Compiler[],
  context: CompileJobContext,
  workers: number,
  sink: ReportSink | null,
): Promise<FileOutcome[]> {
  const take = ({ outcome, rendered }: CompiledFile, index: number): FileOutcome => {
    if (rendered !== undefined) sink?.write(index, rendered);
    return outcome;
  };
  const launcher = workers > 1 && !inputs.some((input) => input.open === '-') ? bundledWorker() : null;
  if (launcher !== null) {
    const outcomes: FileOutcome[] = [];
    await runInWorkers<CompiledFile>(inputs, {
      workers,
      launcher,
      job: 'compile',
      context,
      onResult: (file, index) => {
        outcomes[index] = take(file, index);
      },
    });
    return outcomes;
  }
  const compile = await fileCompiler((judge) => compilers[judge] as Compiler, context);
  return inputs.map((input, index) => take(compile(input), index));
}
