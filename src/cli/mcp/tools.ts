import { relative } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { jsonText } from '../../common/json-text.js';
import { presetNames } from '../../policy/presets.js';
import { formatText } from '../../render/text.js';
import { escapeFor } from '../../render/untrusted/index.js';
import { appendGivenBrief } from '../commands/briefs-append.js';
import { configCommand } from '../commands/config.js';
import { explainCommand, rulesCommand, schemaCommand } from '../commands/info.js';
import { adviseOn } from '../commands/next.js';
import { judgeOneSpec, type SpecSource } from '../commands/one-spec.js';
import type { CommandResult } from '../commands/result.js';
import { CliError, usageError } from '../contract.js';
import { MAX_HYPOTHESIS_ID_LENGTH, MAX_PATH_LENGTH, MAX_RULE_ID_LENGTH, unknownArguments } from './arguments.js';
import type { ToolContext } from './context.js';
import { isWithinFolder, type Roots } from './roots.js';

/** What a tool call returns: text for a person, the same as data for an agent; isError for a call that could not be served. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface Tool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, object>; required?: string[]; additionalProperties: false };
  call(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult>;
}

const preset = { enum: [...presetNames], description: 'rule preset; without it, the configuration found for the spec, else gate' };
const path = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_PATH_LENGTH,
  description: "a spec file inside the server's roots: relative to the first root, or absolute",
};
const specSource = {
  path,
  text: { type: 'string', description: 'the spec itself (JSON or YAML), in place of a path: at most --max-bytes bytes of UTF-8' },
  format: { enum: ['json', 'yaml'], description: 'the format of text; without it JSON is tried, then YAML' },
  preset,
};

/** The tools the server offers, each a thin shell over the command of the same purpose. */
export const TOOLS: readonly Tool[] = [
  {
    name: 'compile',
    description:
      "Judge one investigation spec (a path or its text) with the method's acceptance gate; stage draft judges an unfinished one. Returns the verdict and every diagnostic with line, column, rule, expected values and suggestion.",
    inputSchema: {
      type: 'object',
      properties: {
        ...specSource,
        stage: { enum: ['final', 'draft'], description: 'final (default): a finished spec; draft: an unfinished one' },
      },
      additionalProperties: false,
    },
    async call(args, context) {
      const source = sourceOf(args, context.roots);
      const stage = args['stage'] === 'draft' ? { stage: 'draft' as const } : {};
      const { outcome, config, warnings } = await judgeOneSpec(source, { ...flags(args, context), ...stage }, context.io, true);
      const { path, dialect, verdict, exitCode, counts, diagnostics, error } = outcome;
      const data = {
        path,
        ...(dialect === undefined ? {} : { dialect }),
        stage: args['stage'] === 'draft' ? 'draft' : 'final',
        verdict,
        exitCode,
        counts,
        diagnostics,
        error,
        config: { path: config.path, source: config.source },
        warnings,
      };
      return {
        content: [{ type: 'text', text: withWarnings(formatText([outcome], { color: false }), warnings) }],
        structuredContent: data,
      };
    },
  },
  {
    name: 'next',
    description:
      'For a draft (a path or its text): what the method allows now and what it forbids (budget left, the hypothesis to test next and its unread mapped nodes, replan, valid stop reasons, discovery cycles), each piece of advice with the rule it comes from.',
    inputSchema: { type: 'object', properties: specSource, additionalProperties: false },
    async call(args, context) {
      return servedWithWarnings(await adviseOn(sourceOf(args, context.roots), flags(args, context), context.io));
    },
  },
  {
    name: 'explain',
    description: "A rule's documentation, with a spec it rejects and one that passes.",
    inputSchema: {
      type: 'object',
      properties: { ruleId: { type: 'string', minLength: 1, maxLength: MAX_RULE_ID_LENGTH } },
      required: ['ruleId'],
      additionalProperties: false,
    },
    call: async (args) => served(explainCommand(args['ruleId'] as string)),
  },
  {
    name: 'rules',
    description: 'Every rule of the gate, with its criterion, its setting in each preset and what it checks.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    call: async () => served(rulesCommand()),
  },
  {
    name: 'policy',
    description:
      'The policy in force (allowed tools, units, provenance tags, statuses, stop reasons, minimums) and every rule setting, each with where it came from; for a spec, as found from its folder.',
    inputSchema: { type: 'object', properties: { path, preset }, additionalProperties: false },
    async call(args, context) {
      const path = args['path'] === undefined ? {} : { spec: insideRoots(args['path'] as string, context.roots) };
      return servedWithWarnings(configCommand({ ...path, ...pickPreset(args), json: true }, context.io));
    },
  },
  {
    name: 'append_brief',
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
        brief: { type: 'object', description: 'the brief itself: {formatVersion: 1, findings, uncertainties, nextQuestion, changes}' },
        spec: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_PATH_LENGTH,
          description: 'the spec whose evidence registry the brief cites (optional)',
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
        ...spec,
      };
      const result = appendGivenBrief(options, { data: args['brief'], from: 'the brief argument' }, context.io);
      // A brief refused for its problems wrote nothing: the call did not do what was asked.
      return { ...served(result), ...(result.exitCode === 0 ? {} : { isError: true }) };
    },
  },
  {
    name: 'schema',
    description:
      "The machine contract: the input JSON Schema (with a preset, that preset's allowed values as enum), the exit codes, the error codes and the rules.",
    inputSchema: { type: 'object', properties: { preset }, additionalProperties: false },
    call: async (args) => served(schemaCommand(args['preset'] as (typeof presetNames)[number] | undefined)),
  },
];

const validators = new Map<string, ValidateFunction>();

/** Runs tool `name`; a call with bad arguments, or one the command refuses, is a tool error that says why. */
export async function callTool(tool: Tool, args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  const unknown = unknownArguments(args, Object.keys(tool.inputSchema.properties));
  if (unknown !== undefined) return refusal('USAGE_ERROR', 'INVALID_ARGUMENT', `${tool.name}: ${unknown}`);
  let validate = validators.get(tool.name);
  if (validate === undefined) validators.set(tool.name, (validate = new Ajv2020({ allErrors: true }).compile(tool.inputSchema)));
  if (!validate(args)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || 'arguments'} ${error.message ?? 'is invalid'}`);
    return refusal('USAGE_ERROR', 'INVALID_ARGUMENT', `${tool.name}: ${problems.join('; ')}`);
  }
  try {
    return await tool.call(args, context);
  } catch (error) {
    if (error instanceof CliError) return refusal(error.code, error.subcode, error.message);
    throw error;
  }
}

function served(result: CommandResult): ToolResult {
  return {
    content: [{ type: 'text', text: result.stdout === '' ? jsonText(result.data) : result.stdout }],
    structuredContent: result.data,
  };
}

/** A command that looks configuration up: its warnings (which configuration, which was ignored) come with its data and its text. */
function servedWithWarnings(result: CommandResult): ToolResult {
  const { content, structuredContent } = served(result);
  const text = content[0]?.text ?? '';
  return {
    content: [{ type: 'text', text: withWarnings(text, result.warnings) }],
    structuredContent: { ...structuredContent, warnings: result.warnings },
  };
}

function withWarnings(text: string, warnings: readonly string[]): string {
  if (warnings.length === 0) return text;
  return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${warnings.map((warning) => `warning: ${escapeFor.terminal(warning)}\n`).join('')}`;
}

function refusal(code: string, subcode: string | null, message: string): ToolResult {
  return {
    content: [{ type: 'text', text: `${code}${subcode === null ? '' : ` ${subcode}`}: ${message}` }],
    structuredContent: { error: { code, subcode, message } },
    isError: true,
  };
}

function flags(args: Record<string, unknown>, context: ToolContext): { maxBytes: number; preset?: string } {
  return { maxBytes: context.maxBytes, ...pickPreset(args) };
}

function pickPreset(args: Record<string, unknown>): { preset?: string } {
  return typeof args['preset'] === 'string' ? { preset: args['preset'] } : {};
}

function sourceOf(args: Record<string, unknown>, roots: Roots): SpecSource {
  const { path, text, format } = args;
  if ((path === undefined) === (text === undefined))
    throw usageError('INVALID_ARGUMENT', 'give the spec as path or as text: exactly one of them');
  if (typeof text === 'string') return { text, ...(format === 'json' || format === 'yaml' ? { format } : {}) };
  return { path: insideRoots(path as string, roots), inside: roots.bound };
}

/**
 * A path argument as the tools open and show it: its real path, relative to the first root when it
 * lies there (calls run in the first root); refused when it lies outside every root of the server.
 */
function insideRoots(path: string, roots: Roots): string {
  const real = roots.inside(path);
  if (real === null) throw usageError('OUTSIDE_ROOTS', `${path} is outside the folders this server may read (${roots.folders.join(', ')})`);
  const first = roots.folders[0] as string;
  return real === first || !isWithinFolder(real, first) ? real : relative(first, real);
}
