import { definedFields } from '../common/defined-fields.js';
import { fromMessage } from '../common/raw-path.js';
import { type Compiler, type CompilerOptions, createCompiler } from '../compile.js';
import { type ReportFormat, reportRenderer } from '../render/formatters.js';
import { compileFile, type FileFlags, type FileOutcome, type JudgedFile } from '../run/compile-file.js';

/** One input file compiled, with its report rendered when the run writes reports (--output-dir). */
export interface CompiledFile {
  outcome: FileOutcome;
  rendered?: string;
}

/**
 * A file to compile and the index of the compiler that judges it (a worker makes its own
 * compilers from the same options, by index). Its trace is a reader only in this thread: --trace
 * judges one spec, never on workers.
 */
export type JobInput = JudgedFile & { judge: number };

/** How each file of a run is compiled, in this thread or in a worker: the same settings either way. */
export interface CompileJobContext {
  /** The options of each compiler of the run, by judge index. */
  compilerOptions: CompilerOptions[];
  flags: FileFlags;
  /** The report format to render, or null when the run renders nothing per file. */
  render: ReportFormat | null;
  /** What the run still needs of each outcome once rendered: a worker sends back no more than that. */
  keep: { report: boolean; source: boolean };
}

/** A worker's `compile` job: its own compilers, from the same options as the main thread's, each created when first needed. */
export async function compileJob(context: CompileJobContext): Promise<(input: JobInput) => CompiledFile> {
  const compilers: Compiler[] = [];
  return fileCompiler((judge) => (compilers[judge] ??= createCompiler(context.compilerOptions[judge] as CompilerOptions)), context);
}

/** Compiles one file after another, each with its judge's compiler, as `context` says. */
export async function fileCompiler(
  compilerOf: (judge: number) => Compiler,
  context: CompileJobContext,
): Promise<(input: JobInput) => CompiledFile> {
  const render = context.render === null ? null : await reportRenderer(context.render);
  // The HTML page shows the spec's text, so the source is kept until the report is rendered.
  const renderSource = context.render === 'html';
  return (input) => {
    const outcome = compileFile(
      compilerOf(input.judge),
      { ...input, open: fromMessage(input.open) },
      context.flags,
      context.keep.source || renderSource,
    );
    const rendered =
      render !== null && outcome.report !== null ? render(outcome.report, definedFields({ source: outcome.source })) : undefined;
    const { source, ...rest } = outcome;
    const kept: FileOutcome = {
      ...rest,
      ...(context.keep.source && source !== undefined ? { source } : {}),
      report: context.keep.report ? outcome.report : null,
    };
    return rendered === undefined ? { outcome: kept } : { outcome: kept, rendered };
  };
}
