import { definedFields } from './common/defined-fields.js';
import { exitCodes } from './common/exit-codes.js';
import {
  type CompileInputOptions,
  type CompileResult,
  type Compiler,
  type CompilerOptions,
  createCompiler,
  type SpecInput,
  UsageError,
  type UsageErrorSubcode,
} from './compile.js';
import { type DialectDescription, dialects as registry } from './dialects/index.js';
import { renderMarkdown } from './dialects/markdown.js';
import { renderJson } from './render/json.js';

export type { Advice, NextSteps } from './advice/index.js';
export { adviseNext, formatNextSteps } from './advice/index.js';
export type { ArtifactCheckMeta, Rule, RuleMeta } from './catalog.js';
export { artifactChecks, criteria, fixesText, rules } from './catalog.js';
export type {
  Baseline,
  CompileError,
  CompileInputOptions,
  CompileResult,
  Compiler,
  CompilerOptions,
  DialectId,
  GateCriterion,
  InputErrorSubcode,
  Metrics,
  Report,
  SpecInput,
  SpecReport,
  Stage,
  Summary,
  UsageErrorSubcode,
  Verdict,
} from './compile.js';
export { createCompiler, UsageError } from './compile.js';
export type { Diagnostic, RuleSetting, Severity } from './diagnostics/diagnostic.js';
export type { DialectCatalog, DialectDescription } from './dialects/index.js';
export { baseKatasReport, KATAS_REPORT_SCHEMA, type KatasReport, type KatasSummary, katasRules } from './dialects/katas/index.js';
export { renderMarkdown } from './dialects/markdown.js';
export type { Preset, PresetName } from './policy/presets.js';
export { builtInPreset, presetNames } from './policy/presets.js';
export type { Policy, UnitPolicy } from './policy/types.js';
export { renderJson } from './render/json.js';
export { BUILT_IN_CHECKS as builtInChecks, type ExtraCheck as BuiltInCheck } from './render/sarif-descriptors.js';
export type { Investigation } from './spec/types.js';

/** The kinds of document the compiler reads, each with its rules and catalog, in the registry's order. */
export const dialects: readonly DialectDescription[] = registry;

export type OutputFormat = 'markdown' | 'json';

export type CompileInvestigationResult =
  | (CompileResult & { output: string | null })
  | {
      exitCode: 2;
      verdict: 'fail';
      diagnostics: [];
      report: null;
      error: { code: 'USAGE_ERROR'; subcode: UsageErrorSubcode; message: string };
      output: null;
    };

/**
 * One-call library entry: compiles a spec (text, bytes or an already parsed object) and renders
 * its report. Never exits the process and never throws on bad input; see `exitCode` and `error`.
 * For many specs, create one compiler with `createCompiler` and reuse it.
 */
export function compileInvestigation(
  input: SpecInput,
  options: CompilerOptions & CompileInputOptions & { format?: OutputFormat } = {},
): CompileInvestigationResult {
  let compiler: Compiler;
  try {
    compiler = createCompiler(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return {
      exitCode: exitCodes.usage,
      verdict: 'fail',
      diagnostics: [],
      report: null,
      error: { code: 'USAGE_ERROR', subcode: error.subcode, message: error.message },
      output: null,
    };
  }
  const { path, format, baseline, stage } = options;
  const result = compiler.compile(input, {
    ...definedFields({ path, baseline, stage }),
  });
  if (!result.report) return { ...result, output: null };
  return { ...result, output: format === 'json' ? renderJson(result.report) : renderMarkdown(result.report) };
}
export { exitCodeMeanings, exitCodes } from './common/exit-codes.js';
/** A run as the command line makes it: files found from paths and globs, each judged by its configuration and baseline. */
export {
  createWorkspace,
  type JudgedFiles,
  type Workspace,
  type WorkspaceOptions,
} from './engine/workspace.js';
export type { FileOutcome } from './run/compile-file.js';
/** The shell programs a trace's Bash calls are classified by, as a policy's traceShellPrograms extends them. */
export { SHELL_PROGRAMS as shellPrograms, type ShellProgram } from './trace/shell-table.js';
