import { definedFields } from './common/defined-fields.js';
import { didYouMean } from './common/suggest.js';
import type { Diagnostic, RuleSetting } from './diagnostics/diagnostic.js';
import { type FixPlaceFinder, keepApplicableFixes } from './diagnostics/fix-places.js';
import {
  type DialectCompiled,
  type DialectInput,
  detectDialect,
  dialects,
  foundationRuleIds,
  unknownSchemaProblem,
} from './dialects/index.js';
import type { InputProblem } from './load/input-error.js';
import type { SourceFormat } from './load/parse.js';
import { loadSpecInput, type SpecInput } from './load/spec-input.js';
import { applyPolicyOverride, builtInPreset, isPresetName, type PresetName, presetNames } from './policy/presets.js';
import type { Policy } from './policy/types.js';
import type { CompileError } from './report/compile-error.js';
import type { DialectId, InputDigest } from './report/types.js';
import type { Baseline } from './rules/run.js';
import type { Stage } from './schema/issues.js';
import { toolInfo } from './tool.js';
import type { TraceEvidence } from './trace/evidence.js';
import { namedNodesOf } from './trace/kept-paths.js';
import { type TraceLink, traceLinkOf } from './trace/link.js';
import type { TraceReader } from './trace/trace-reader.js';

export interface CompilerOptions {
  /** Built-in preset: "gate" (default) or "reference". */
  preset?: string;
  /**
   * Values laid over the preset's policy (any part of assets/policy.schema.json), or a list of such
   * overrides applied in order (the CLI lays a config file's policy, then --policy).
   */
  policy?: unknown;
  /** Per-rule settings laid over the preset's. */
  rules?: Record<string, RuleSetting>;
}

export interface CompileInputOptions {
  /** Path shown in the report; its extension picks the format unless `format` is given. */
  path?: string;
  /** Force a format; without it the path's extension decides, and without that JSON is tried, then YAML. */
  sourceFormat?: SourceFormat;
  /**
   * "draft" judges an unfinished spec: the sections after the map may be missing and no minimum
   * count applies, but everything there is judged; a sound draft's verdict is "draft-ok" (exit 0).
   */
  stage?: Stage;
  /**
   * What a suppressions file accepts in this spec: a rule with no more problems than its count has
   * them listed as suppressed, and they do not fail the gate. Critical input is never suppressed.
   */
  baseline?: Baseline;
  /**
   * The agent's own trace of tool calls (src/trace/): the trace-* rules check the spec against
   * it; without it they find nothing. Given as a reader, it is read once the spec is parsed, with
   * the nodes the spec names, so that only the surfaced paths the rules may need are kept; what
   * the reader throws reaches the caller.
   */
  trace?: TraceEvidence | TraceReader;
  /**
   * How the spec's own `x-trace` link is followed when no `trace` is given: the caller's I/O (the
   * core reads no file), with the nodes the spec names, returning the trace or why it cannot be
   * read (the spec's input error). Without it, `x-trace` is data like any x- key.
   */
  followTrace?: (link: TraceLink, nodes: readonly string[]) => TraceEvidence | InputProblem;
  /**
   * The other files the verdict depends on that the caller read: the configuration and the
   * policy file. The report's `inputs` lists them after the spec, and the baseline and trace after them.
   */
  dependencies?: readonly InputDigest[];
}

/**
 * `source` is the decoded input text, when the input was text or bytes (for code frames);
 * `dialect`, which document it was, once it could be read as an object.
 */
export type CompileResult =
  | (Extract<DialectCompiled, { error: null }> & { source?: string; dialect: DialectId })
  | {
      exitCode: 3 | 4;
      verdict: 'fail';
      diagnostics: Diagnostic[];
      report: null;
      error: CompileError;
      source?: string;
      dialect?: DialectId;
    };

/**
 * The one way a document other than a spec is read (a policy, a report to convert or compare, a
 * gate's results, a brief): within the size limit, in JSON or YAML, with positions, as the core
 * reads a spec; `parseDocument` for a text already in hand (an editor's buffer).
 */
export { parseDocument, readDocument } from './load/document.js';
/**
 * What a caller of the core meets in its options and results, for the command line and the
 * library to name without reaching into the stages: the report and its error, a stage, a
 * baseline, a format, an input problem and the locator of positions in a document.
 */
export type { InputErrorSubcode, InputProblem } from './load/input-error.js';
export type { SourceFormat } from './load/parse.js';
export type { Locator } from './load/text-position.js';
export type { CompileError } from './report/compile-error.js';
export type { DialectId, GateCriterion, InputDigest, Metrics, Report, SpecReport, Summary, Verdict } from './report/types.js';
export type { Baseline } from './rules/run.js';
export type { Stage } from './schema/issues.js';
export type { SpecInput };

export type UsageErrorSubcode = 'UNKNOWN_PRESET' | 'UNKNOWN_RULE' | 'INVALID_SETTING' | 'INVALID_POLICY';

/** A usage mistake in compiler options: an unknown preset or rule, or an invalid policy. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  constructor(
    readonly subcode: UsageErrorSubcode,
    message: string,
  ) {
    super(message);
  }
}

export interface Compiler {
  readonly preset: PresetName;
  readonly policy: Policy;
  readonly settings: Readonly<Record<string, RuleSetting>>;
  compile(input: SpecInput, options?: CompileInputOptions): CompileResult;
}

/** From the weakest setting to the strongest. */
const SETTINGS: readonly string[] = ['off', 'warning', 'error'];
/** The rules no configuration may weaken (RuleMeta.foundation), of every dialect. */
const FOUNDATION_RULES: ReadonlySet<string> = foundationRuleIds();

/** Resolves preset, policy and rule settings once; the compiler it returns is reused for every spec. */
export function createCompiler(options: CompilerOptions = {}): Compiler {
  const presetName = options.preset ?? 'gate';
  if (!isPresetName(presetName))
    throw new UsageError('UNKNOWN_PRESET', `unknown preset ${JSON.stringify(presetName)}; use ${presetNames.join(' or ')}`);
  const preset = builtInPreset(presetName);
  let policy = preset.policy;
  const overrides = options.policy === undefined ? [] : Array.isArray(options.policy) ? options.policy : [options.policy];
  for (const override of overrides) {
    const result = applyPolicyOverride(policy, override);
    if (!result.ok) throw new UsageError('INVALID_POLICY', result.message);
    policy = result.policy;
  }
  const settings: Record<string, RuleSetting> = { ...preset.rules };
  for (const [ruleId, setting] of Object.entries(options.rules ?? {})) {
    if (!Object.hasOwn(preset.rules, ruleId))
      throw new UsageError(
        'UNKNOWN_RULE',
        `unknown rule ${JSON.stringify(ruleId)}.${didYouMean(ruleId, Object.keys(preset.rules))} \`compile-investigation rules\` lists them`,
      );
    if (!SETTINGS.includes(setting))
      throw new UsageError('INVALID_SETTING', `rule ${ruleId}: setting ${JSON.stringify(setting)} must be off, warning or error`);
    const floor = preset.rules[ruleId] as RuleSetting;
    if (FOUNDATION_RULES.has(ruleId) && SETTINGS.indexOf(setting) < SETTINGS.indexOf(floor))
      throw new UsageError(
        'INVALID_SETTING',
        `rule ${ruleId}: setting ${JSON.stringify(setting)} is below the preset's ${JSON.stringify(floor)}; the other rules read only what ${ruleId} accepts, so a document it rejects cannot be judged and must not pass. Fix the document instead`,
      );
    settings[ruleId] = setting;
  }
  const setup = { preset: presetName, policy, settings, tool: { name: toolInfo.name, version: toolInfo.version } };
  const compilers = new Map(dialects.map((dialect) => [dialect.id, dialect.compiler(setup)]));

  return {
    preset: presetName,
    policy,
    settings,
    compile(input, inputOptions = {}) {
      const loaded = loadSpecInput(input, inputOptions);
      if (!loaded.ok) return inputFailure(loaded.problem, loaded.source);
      const { data, format, sha256, locate, source } = loaded;
      const dialect = detectDialect(data);
      if (!('id' in dialect)) return inputFailure(unknownSchemaProblem(dialect.schema, locate), source);
      const given = inputOptions.trace;
      const trace =
        typeof given === 'function' ? given(namedNodesOf(data)) : (given ?? linkedTrace(data, dialect.id, inputOptions.followTrace));
      if (trace !== undefined && !('trace' in trace)) return inputFailure(trace, source);
      const described = { path: inputOptions.path ?? null, format, sha256 };
      const document: DialectInput = {
        data,
        input: described,
        inputs: inputsOf(described, inputOptions.dependencies, inputOptions.baseline, trace),
        ...definedFields({ locate, source }),
        stage: inputOptions.stage ?? 'final',
        ...definedFields({ baseline: inputOptions.baseline, trace }),
      };
      const compiled = (compilers.get(dialect.id) as (document: DialectInput) => DialectCompiled)(document);
      return { ...withApplicableFixes(compiled, locate?.fixPlace), dialect: dialect.id, ...definedFields({ source }) };
    },
  };
}

/**
 * createCompiler remembered by its options: a run that judges files by several configurations
 * creates each compiler once. The options must be built the same way each time (same key order).
 * With a `limit`, only that many are kept, the least recently used going first: a long-lived
 * caller (the language server) meets a new configuration at every edit of one.
 */
export function compilerCache(limit = Number.POSITIVE_INFINITY): (options: CompilerOptions) => Compiler {
  const made = new Map<string, Compiler>();
  return (options) => {
    const key = JSON.stringify(options);
    let compiler = made.get(key);
    if (compiler === undefined) compiler = createCompiler(options);
    // Kept last in the map's order: the most recently used.
    made.delete(key);
    made.set(key, compiler);
    if (made.size > limit) made.delete(made.keys().next().value as string);
    return compiler;
  };
}

/** Every file the verdict depends on: the spec, the caller's (configuration, policy), the baseline and the trace. */
function inputsOf(
  spec: { path: string | null; sha256: string },
  dependencies: readonly InputDigest[] = [],
  baseline: Baseline | undefined,
  trace: TraceEvidence | undefined,
): InputDigest[] {
  return [
    { role: 'spec', path: spec.path, sha256: spec.sha256 },
    ...dependencies,
    ...(baseline?.sha256 === undefined ? [] : [{ role: 'baseline' as const, path: baseline.source, sha256: baseline.sha256 }]),
    ...(trace === undefined ? [] : [{ role: 'trace' as const, path: trace.shown, sha256: trace.trace.sha256 }]),
  ];
}

/** The trace a spec's x-trace names, followed by the caller; none for another dialect, a link the schema rejects, or no follower. */
function linkedTrace(
  data: Record<string, unknown>,
  dialect: DialectId,
  follow: CompileInputOptions['followTrace'],
): TraceEvidence | InputProblem | undefined {
  if (follow === undefined || dialect !== 'investigation-spec') return undefined;
  const link = traceLinkOf(data);
  return link === undefined ? undefined : follow(link, namedNodesOf(data));
}

/**
 * The compile with each fix kept only where the text lets it be written as meant (fix-places.ts,
 * asked of the document the loader parsed): a YAML value an alias repeats, a block scalar or a
 * tagged value carries no fix, so that what is counted as fixable is what --fix writes.
 */
function withApplicableFixes(compiled: DialectCompiled, placeOf: FixPlaceFinder | undefined): DialectCompiled {
  if (compiled.error !== null) return compiled;
  const diagnostics = keepApplicableFixes(compiled.diagnostics, placeOf);
  if (diagnostics === compiled.diagnostics) return compiled;
  return { ...compiled, diagnostics, report: { ...compiled.report, diagnostics } };
}

function inputFailure(problem: InputProblem, source?: string): CompileResult {
  return {
    exitCode: 3,
    verdict: 'fail',
    diagnostics: [],
    report: null,
    error: { code: 'INPUT_ERROR', ...problem },
    ...definedFields({ source }),
  };
}
