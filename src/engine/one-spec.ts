import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import type { FolderBound } from '../common/folder-bound.js';
import type { Compiler, CompilerOptions, Stage } from '../compile.js';
import type { ConfigLookup, ResolvedConfig } from '../config/resolve.js';
import { type AppliedFix, type FixLevel, fixSpec } from '../fix/fix-spec.js';
import type { Policy } from '../policy/types.js';
import { compileFile, compileOptionsOf, type FileOutcome, type GivenText, type JudgedFile, sourceOf } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';
import type { SuppressionsLookup } from '../suppressions/lookup.js';
import type { TraceReader } from '../trace/trace-reader.js';
import {
  type BaselineFindings,
  type BaselineFlags,
  baselineFindings,
  baselineOf,
  baselineWarnings,
  failingUnused,
  planBaselines,
} from './baselines.js';
import { summarizeRun } from './compile-outcome.js';
import { usageError } from './contract.js';
import { expandInputs } from './inputs.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from './judges.js';
import type { Io } from './result.js';

/** One spec: a file (one path, not a folder or glob; read only if what is opened lies `inside`, when given), or text given in place of a file. */
/**
 * A spec file (its configuration, baseline and x-trace found from its folder), given as text
 * (looked up from the working directory), or an editor's buffer: a file's path for the lookups
 * and the text as it is in the editor, saved or not.
 */
export type SpecSource = { path: string; inside?: FolderBound } | GivenText | { buffer: string; path: string; inside?: FolderBound };

export interface OneSpec {
  outcome: FileOutcome;
  compiler: Compiler;
  /** The configuration that judged it: found from the file's folder, or the working directory's for text. */
  config: ResolvedConfig;
  warnings: string[];
  /** What the baseline came to, when one was asked for (`baselines`) and one is in force; its notes are among `warnings`. */
  baselines?: BaselineFindings;
  /** The exit code compile would end with: the spec's, or 1 when unused baseline entries fail the run. */
  exitCode: number;
  /** The same spec judged again by the same compiler, at another stage (final when none). */
  judgeAs(stage?: Stage): FileOutcome;
  /** With `fix`: the spec's text with its fixes written (nothing is written to a file), and the fixes; `outcome` judges that text. */
  fixed?: { text: string; applied: AppliedFix[] };
}

/** How messages name a spec given as text. */
const GIVEN_TEXT_NAME = '<text>';

/** A baseline for one spec, as compile finds and applies it (read-only: nothing is written), and the name of the argument that pins one. */
export type OneSpecBaselines = Pick<BaselineFlags, 'suppressions' | 'failOnUnusedSuppressions'> & { pin: string };

/** How one spec is judged: the compiler's flags, the stage, its baseline and the trace it is checked against. */
export type OneSpecFlags = Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> & {
  stage?: Stage;
  baselines?: OneSpecBaselines;
  /** The agent's trace the spec is checked against, read by the caller with the spec's policy (`compiler`'s) once the spec's nodes are known. */
  trace?: (policy: Policy) => TraceReader;
  /** Fix the spec's text first (safe fixes, or unsafe too), as compile --fix would, and judge the fixed text. */
  fix?: FixLevel;
  /** The compilers kept between calls, by their settings (a `compilerCache()`); without it, each call makes its own. */
  compilers?: (options: CompilerOptions) => Compiler;
  /**
   * The configuration and baseline lookups kept between calls: those a call makes are put here
   * and used by the next, with the files they read, until the caller empties it (a file changed).
   * Only for calls with the same flags, the same `io` and the same `inside`; the baseline lookup
   * only for sources bounded by an `inside`.
   */
  kept?: KeptLookups;
};

/** The lookups a caller keeps between calls of judgeOneSpec. */
export interface KeptLookups {
  config?: ConfigLookup;
  baselines?: SuppressionsLookup;
}

/**
 * One spec judged as compile would judge it, under the configuration found for it, with `stage`;
 * for the commands and tools that advise on or check a single spec (`next`, the MCP server). With
 * `baselines`, a spec given as a path is judged by its baseline as compile judges it (the file
 * named, else one found walking up, read only inside `source.inside`); a spec given as text has none.
 */
export async function judgeOneSpec(source: SpecSource, flags: OneSpecFlags, io: Io, keepSource = false): Promise<OneSpec> {
  const configuration = runConfiguration({ ...flags, failOn: 'error', quiet: false }, io, flags.kept?.config);
  if (flags.kept !== undefined) flags.kept.config = configuration.lookup;
  const input =
    'buffer' in source
      ? bufferInput(source, io.cwd)
      : 'path' in source
        ? bounded(await onePath(source.path, io.cwd, source.inside), source.inside)
        : givenInput(source);
  const judged = judgeInputs(configuration, [input], flags.compilers);
  const [file] = judged.files;
  if (file === undefined) throw new Error('one input has one judge');
  const compiler = judged.compilers[file.judge] as Compiler;
  const { baselines } = flags;
  const inside = 'path' in source && source.inside !== undefined ? { inside: source.inside } : {};
  // A baseline lookup is kept only with the folder that bounds what it reads: one made for text,
  // which reads nothing, must not serve a file later without that bound.
  const keep = 'inside' in inside ? flags.kept : undefined;
  const plan =
    baselines === undefined
      ? null
      : planBaselines(baselines, [input], io.cwd, io.roots, {
          pin: baselines.pin,
          ...inside,
          ...definedFields({ kept: keep?.baselines }),
        });
  if (keep !== undefined && plan !== null) keep.baselines = plan.lookup;
  const baseline = plan === null ? undefined : baselineOf(plan, 0);
  const trace = flags.trace?.(compiler.policy);
  const judgedInput = { ...input, dependencies: judged.dependencies[file.judge] ?? [], ...definedFields({ baseline, trace }) };
  const fixed = flags.fix === undefined ? undefined : fixOne(compiler, judgedInput, flags as OneSpecFlags & { fix: FixLevel });
  // The fixed text is judged in place of the file's, with the file's path, baseline and trace.
  const judgedText =
    fixed === undefined
      ? judgedInput
      : 'given' in judgedInput && judgedInput.given !== undefined
        ? { ...judgedInput, given: { ...judgedInput.given, text: fixed.text } }
        : { ...judgedInput, bytes: Buffer.from(fixed.text, 'utf8') };
  const judgeAs = (stage?: Stage): FileOutcome =>
    compileFile(compiler, judgedText, { maxBytes: flags.maxBytes, failOn: 'error', quiet: false, ...definedFields({ stage }) }, keepSource);
  const outcome = judgeAs(flags.stage);
  const findings = plan === null ? null : baselineFindings(plan, [outcome], [], baselines?.failOnUnusedSuppressions === true);
  const warnings = [...judged.warnings, ...(plan?.notes ?? []), ...(findings === null ? [] : baselineWarnings(findings))];
  const { exitCode } = summarizeRun([outcome], undefined, findings === null ? 0 : failingUnused(findings));
  return {
    outcome,
    compiler,
    config: file.config,
    warnings,
    ...(findings === null || findings.files.length === 0 ? {} : { baselines: findings }),
    exitCode,
    judgeAs,
    ...definedFields({ fixed }),
  };
}

/** The spec's text fixed as compile --fix fixes a file; undefined when the input cannot be read as text (its outcome says why). */
function fixOne(compiler: Compiler, input: JudgedFile, flags: OneSpecFlags & { fix: FixLevel }): OneSpec['fixed'] {
  const read = sourceOf(input, flags.maxBytes);
  if (!read.ok || typeof read.source !== 'string') return undefined;
  const { text, applied } = fixSpec(
    compiler,
    read.source,
    compileOptionsOf(compiler, input, definedFields({ stage: flags.stage })),
    flags.fix,
  );
  return { text, applied };
}

async function onePath(path: string, cwd: string, inside: FolderBound | undefined): Promise<InputFile> {
  const { files, several } = await expandInputs([path], cwd, definedFields({ namedInside: inside }));
  const [input] = files;
  if (several || input === undefined) throw usageError('INVALID_ARGUMENT', `give one spec file, not a folder or glob: ${path}`);
  return input;
}

/** A file read only inside `inside` (an MCP server's roots, an editor's workspace), which is its project's tree too. */
function bounded(input: InputFile, inside: FolderBound | undefined): InputFile {
  return inside === undefined ? input : { ...input, inside, tree: inside };
}

/** An editor's buffer as the input of its file: the file need not exist yet; its text is the buffer's, within the size limit as a file's bytes are. */
function bufferInput(source: { buffer: string; path: string; inside?: FolderBound }, cwd: string): JudgedFile {
  const open = resolve(cwd, source.path);
  const reportPath = displayPath(open, cwd) || open;
  return {
    open,
    shown: reportPath,
    reportPath,
    given: { text: source.buffer },
    ...definedFields({ inside: source.inside, tree: source.inside }),
  };
}

function givenInput(given: GivenText): InputFile & { given: GivenText } {
  return { open: '-', shown: GIVEN_TEXT_NAME, reportPath: GIVEN_TEXT_NAME, given };
}
