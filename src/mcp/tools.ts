import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { appendGivenBrief } from '../commands/briefs-append.js';
import { adviseOn } from '../commands/next.js';
import { briefsAppend } from '../commands/table/briefs.js';
import { compile } from '../commands/table/compile.js';
import { config } from '../commands/table/config.js';
import type { CommandDeclaration } from '../commands/table/declaration.js';
import { explain, rules, schema } from '../commands/table/info.js';
import { next } from '../commands/table/next.js';
import { traceDraft } from '../commands/table/trace.js';
import { definedFields } from '../common/defined-fields.js';
import { type EnvelopeError, usageError } from '../engine/contract.js';
import { reportedError } from '../engine/error-table.js';
import { judgeOneSpec, type SpecSource } from '../engine/one-spec.js';
import type { Roots } from '../engine/roots.js';
import type { FixLevel } from '../fix/fix-spec.js';
import { presetNames } from '../policy/presets.js';
import { appendedText } from './appended.js';
import { MAX_HYPOTHESIS_ID_LENGTH, MAX_PATH_LENGTH, MAX_RULE_ID_LENGTH, unknownArguments } from './arguments.js';
import { baselineProperties, baselinesOf, compileAnswer } from './compile-tool.js';
import type { ToolContext } from './context.js';
import { insideRoots } from './inside-roots.js';
import { OUTPUT_SCHEMAS, type OutputSchema } from './output-schemas.js';
import { enveloped, envelopedRefusal, refusal, served, servedWithWarnings, type ToolResult } from './results.js';
import { traceArguments, traceFlagsOf, traceOf } from './trace-arguments.js';

interface Tool {
  name: string;
  /**
   * The command of the table (src/commands/table/) this tool mirrors: the tool runs it, or, where the
   * tool takes what no command line can (a spec as text, a brief as data), the function under it.
   */
  command: CommandDeclaration;
  /** For an agent choosing a tool: what it does and returns, which the command's one-line --help does not say. */
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, object>; required?: string[]; additionalProperties: false };
  /** The schema of every result's structuredContent, success or refusal. */
  outputSchema: OutputSchema;
  /** Set on a tool that answers with its command's --json envelope, refusals included. */
  envelope?: true;
  call(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

const preset = { enum: [...presetNames], description: 'rule preset; without it, the configuration found for the spec, else gate' };
const path = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_PATH_LENGTH,
  description: "a spec file inside the server's roots: relative to the first root, or absolute",
};
/** The longest goal a draft takes: a question, not a document. */
const MAX_GOAL_LENGTH = 64 * 1024;

const specSource = {
  path,
  text: { type: 'string', description: 'the spec itself (JSON or YAML), in place of a path: at most --max-bytes bytes of UTF-8' },
  syntax: { enum: ['json', 'yaml'], description: 'the syntax of text; without it JSON is tried, then YAML' },
  preset,
};

/** The tools the server offers, each a thin shell over the command of the same purpose. */
export const TOOLS: readonly Tool[] = [
  {
    name: 'compile',
    command: compile,
    outputSchema: OUTPUT_SCHEMAS.compile,
    description:
      "Judge one investigation spec (a path or its text) with the method's acceptance gate; stage draft judges an unfinished one. Returns the verdict and every diagnostic with line, column, rule, expected values and suggestion. A spec given as path is judged by its baseline as compile judges it (suppressions, else investigation-suppressions.json found walking up inside the roots): accepted problems stay in diagnostics, marked suppressed, and suppressions says what the baseline came to; nothing is written.",
    inputSchema: {
      type: 'object',
      properties: {
        ...specSource,
        stage: { enum: ['final', 'draft'], description: 'final (default): a finished spec; draft: an unfinished one' },
        ...baselineProperties,
        ...traceArguments,
        fix: {
          enum: ['safe', 'unsafe'],
          description:
            'as compile --fix (safe) or --fix-unsafe: the fixable problems fixed first, the fixed text returned as fixed.text (nothing is written) and judged',
        },
      },
      additionalProperties: false,
    },
    async call(args, context) {
      const source = sourceOf(args, context.roots);
      const stage = args['stage'] === 'draft' ? 'draft' : 'final';
      const baselines = baselinesOf(args, source, (path) => insideRoots(path, context.roots));
      const fix = args['fix'] === 'safe' || args['fix'] === 'unsafe' ? { fix: args['fix'] as FixLevel } : {};
      const spec = await judgeOneSpec(
        source,
        { ...flags(args, context), ...(stage === 'draft' ? { stage } : {}), baselines, ...traceOf(args, context), ...fix },
        context.io,
        true,
      );
      return compileAnswer(spec, stage);
    },
  },
  {
    name: 'next',
    command: next,
    outputSchema: OUTPUT_SCHEMAS.next,
    description:
      "For a draft (a path or its text): what the method allows now and what it forbids (budget left, the hypothesis to test next and its unread mapped nodes, replan, valid stop reasons, discovery cycles), each piece of advice with the rule it comes from. With the agent's trace (trace, or the spec's x-trace), the reads the trace shows and the draft does not record yet come first. A spec given as path is judged by its baseline as compile judges it: the problems it accepts are not advised as fixes.",
    inputSchema: {
      type: 'object',
      properties: { ...specSource, suppressions: baselineProperties.suppressions, ...traceArguments },
      additionalProperties: false,
    },
    async call(args, context) {
      const source = sourceOf(args, context.roots);
      const baselines = baselinesOf(args, source, (path) => insideRoots(path, context.roots));
      return servedWithWarnings(await adviseOn(source, { ...flags(args, context), baselines, ...traceOf(args, context) }, context.io));
    },
  },
  {
    name: 'draft_from_trace',
    command: traceDraft,
    outputSchema: OUTPUT_SCHEMAS.draft_from_trace,
    description:
      "Draft a spec from the agent's own trace (a Claude Code transcript or PostToolUse hook payloads inside the server's roots): the surface map from its successful cheap calls, the deep dives from its successful reads in time order, budget.used from what it spent, x-trace linking each entry to its call. The hypotheses and each read's finding, effect and provenance are left empty for the author. Returns the spec's text (nothing is written) and what it holds; no result's content is copied, only paths, patterns and ids.",
    inputSchema: {
      type: 'object',
      properties: {
        ...traceArguments,
        goal: {
          type: 'string',
          maxLength: MAX_GOAL_LENGTH,
          description: 'the question the investigation answered (default: left empty, for the author)',
        },
        budget: {
          type: 'integer',
          minimum: 0,
          maximum: Number.MAX_SAFE_INTEGER,
          description: "the hard budget's total (default: 0, for the author)",
        },
        unit: { enum: ['reads', 'tokens'], description: "the budget's unit (default reads): used counts the trace's reads, or its tokens" },
        syntax: {
          enum: ['yaml', 'json'],
          description: 'the draft as YAML with comments at the places left for the author (default), or JSON',
        },
        preset,
      },
      required: ['trace'],
      additionalProperties: false,
    },
    async call(args, context) {
      const inside = insideRoots(args['trace'] as string, context.roots);
      const result = await traceDraft.run(
        {
          ...traceFlagsOf(args, inside, context.roots),
          goal: typeof args['goal'] === 'string' ? args['goal'] : '',
          budget: typeof args['budget'] === 'number' ? args['budget'] : 0,
          unit: args['unit'] === 'tokens' ? 'tokens' : 'reads',
          format: args['syntax'] === 'json' ? 'json' : 'yaml',
          maxBytes: context.maxBytes,
          ...pickPreset(args),
          force: false,
          json: true,
        },
        context.io,
      );
      const { rendered, ...data } = result.data;
      return servedWithWarnings({ ...result, data: { text: rendered, ...data } });
    },
  },
  {
    name: 'explain',
    command: explain,
    outputSchema: OUTPUT_SCHEMAS.explain,
    description: "A rule's documentation, with a spec it rejects and one that passes.",
    inputSchema: {
      type: 'object',
      properties: { ruleId: { type: 'string', minLength: 1, maxLength: MAX_RULE_ID_LENGTH } },
      required: ['ruleId'],
      additionalProperties: false,
    },
    call: async (args, context) => served(await explain.run({ ruleId: args['ruleId'] as string, json: true }, context.io)),
  },
  {
    name: 'rules',
    command: rules,
    outputSchema: OUTPUT_SCHEMAS.rules,
    description: 'Every rule of the gate, with its criterion, its setting in each preset and what it checks.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    call: async (_args, context) => served(await rules.run({ json: true }, context.io)),
  },
  {
    name: 'policy',
    command: config,
    outputSchema: OUTPUT_SCHEMAS.policy,
    description:
      'The policy in force (allowed tools, units, provenance tags, statuses, stop reasons, minimums) and every rule setting, each with where it came from; for a spec, as found from its folder.',
    inputSchema: { type: 'object', properties: { path, preset }, additionalProperties: false },
    async call(args, context) {
      const path = args['path'] === undefined ? {} : { spec: insideRoots(args['path'] as string, context.roots) };
      return servedWithWarnings(await config.run({ ...path, ...pickPreset(args), json: true }, context.io));
    },
  },
  {
    name: 'append_brief',
    command: briefsAppend,
    envelope: true,
    outputSchema: OUTPUT_SCHEMAS.append_brief,
    description:
      "Write the next artifact of the chain of working briefs of a hypothesis in a folder, with its sequence number and its parent's SHA-256; the brief is checked first, and a chain is never forked nor an artifact written over.",
    inputSchema: {
      type: 'object',
      properties: {
        dir: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_PATH_LENGTH,
          description: "the folder of the chain, inside the server's roots (created when missing)",
        },
        hypothesisId: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_HYPOTHESIS_ID_LENGTH,
          description: 'the hypothesis whose chain grows: artifacts are named <hypothesisId>-NNNN.json',
        },
        brief: {
          type: 'object',
          description:
            'the brief itself: {formatVersion: 1, findings: [{id, direction: "support" | "against" | "neutral", text, scope, evidenceRefs: [evidence id]}], uncertainties: [text], nextQuestion, changes: [{findingId, kind: "modified" | "removed", reason, evidenceRefs}], note (optional)}',
        },
        spec: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_PATH_LENGTH,
          description: "the spec whose evidence registry the brief's evidenceRefs must be in (optional; without it they are not checked)",
        },
      },
      required: ['dir', 'hypothesisId', 'brief'],
      additionalProperties: false,
    },
    async call(args, context) {
      const spec = args['spec'] === undefined ? {} : { spec: insideRoots(args['spec'] as string, context.roots) };
      const options = {
        dir: insideRoots(args['dir'] as string, context.roots),
        hypothesis: args['hypothesisId'] as string,
        maxBytes: context.maxBytes,
        inside: context.roots.bound,
        specName: 'spec argument',
        ...spec,
      };
      const result = appendGivenBrief(options, { data: args['brief'], from: 'the brief argument' }, context.io);
      // A brief refused for its problems wrote nothing: the call did not do what was asked (isError).
      return enveloped(briefsAppend.name, result, appendedText(result));
    },
  },
  {
    name: 'schema',
    command: schema,
    outputSchema: OUTPUT_SCHEMAS.schema,
    description:
      "The machine contract: the input JSON Schema (with a preset, that preset's allowed values as enum), the exit codes, the error codes and the rules.",
    inputSchema: { type: 'object', properties: { preset }, additionalProperties: false },
    call: async (args, context) =>
      served(
        await schema.run(
          { ...definedFields({ preset: args['preset'] as (typeof presetNames)[number] | undefined }), json: true },
          context.io,
        ),
      ),
  },
];

const validators = new Map<string, ValidateFunction>();

/** Runs tool `name`; a call with bad arguments, or one the command refuses, is a tool error that says why. */
export async function callTool(tool: Tool, args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  const unknown = unknownArguments(args, Object.keys(tool.inputSchema.properties));
  const refuse = (error: EnvelopeError): ToolResult =>
    tool.envelope === undefined ? refusal(error) : envelopedRefusal(tool.command.name, error);
  if (unknown !== undefined) return refuse({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT', message: `${tool.name}: ${unknown}` });
  let validate = validators.get(tool.name);
  if (validate === undefined) validators.set(tool.name, (validate = new Ajv2020({ allErrors: true }).compile(tool.inputSchema)));
  if (!validate(args)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || 'arguments'} ${error.message ?? 'is invalid'}`);
    return refuse({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT', message: `${tool.name}: ${problems.join('; ')}` });
  }
  try {
    return await tool.call(args, context);
  } catch (error) {
    const refusal = reportedError(error);
    if (refusal === undefined) throw error;
    return refuse({ code: refusal.code, subcode: refusal.subcode, message: refusal.message });
  }
}

function flags(args: Record<string, unknown>, context: ToolContext): { maxBytes: number; preset?: string } {
  return { maxBytes: context.maxBytes, ...pickPreset(args) };
}

function pickPreset(args: Record<string, unknown>): { preset?: string } {
  return typeof args['preset'] === 'string' ? { preset: args['preset'] } : {};
}

function sourceOf(args: Record<string, unknown>, roots: Roots): SpecSource {
  const { path, text, syntax } = args;
  if ((path === undefined) === (text === undefined))
    throw usageError('INVALID_ARGUMENT', 'give the spec as path or as text: exactly one of them');
  if (typeof text === 'string') return { text, ...(syntax === 'json' || syntax === 'yaml' ? { format: syntax } : {}) };
  return { path: insideRoots(path as string, roots), inside: roots.bound };
}
