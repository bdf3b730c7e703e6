import envelopeSchema from '../../assets/envelope.schema.json' with { type: 'json' };
import { isRecord } from '../common/guards.js';

/**
 * The JSON Schemas of the tools' results (`outputSchema`, which a client checks each result's
 * structuredContent against), cut from the envelope's own (assets/envelope.schema.json): the
 * envelope itself for a tool that answers with it, else its command's `data` (as the envelope
 * says it for that command), or the tool's refusal, `{error}`.
 */
export type JsonSchema = Record<string, unknown>;
/** What MCP asks of an output schema: an object at the top. */
export type OutputSchema = JsonSchema & { type: 'object' };

const envelope = envelopeSchema as JsonSchema & { $defs: Record<string, JsonSchema>; properties: Record<string, JsonSchema> };
const defs = envelope.$defs;
const DEFS = '#/$defs/';

/** The `data` the envelope describes for a command when it succeeds. */
function dataOf(command: string): JsonSchema {
  const rules = envelope['allOf'] as Array<{
    if: { properties: { command?: { const?: string } } };
    then: { properties: { data: JsonSchema } };
  }>;
  const found = rules.find((rule) => rule.if.properties.command?.const === command);
  if (found === undefined) throw new Error(`the envelope schema has no data for ${command}`);
  return found.then.properties.data;
}

/** The envelope's error object (not null): a tool's refusal holds one. */
const error = (envelope.properties['error'] as { oneOf: JsonSchema[] }).oneOf.find((schema) => schema['type'] === 'object') as JsonSchema;
const refusal: JsonSchema = {
  description: 'A call that was not served (isError): why, as the command line would say it.',
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error },
};
const warnings: JsonSchema = { description: 'What the configuration lookup has to say.', type: 'array', items: { type: 'string' } };

/** `schema` with the $defs of the envelope it refers to, and those they refer to. */
function withDefs(schema: JsonSchema): OutputSchema {
  const needed = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isRecord(value))
      for (const [key, inner] of Object.entries(value)) {
        if (key !== '$ref' || typeof inner !== 'string' || !inner.startsWith(DEFS)) visit(inner);
        else if (!needed.has(inner.slice(DEFS.length))) {
          needed.add(inner.slice(DEFS.length));
          visit(defs[inner.slice(DEFS.length)]);
        }
      }
  };
  visit(schema);
  const named = [...needed].sort().map((name) => [name, defs[name]]);
  return { type: 'object', ...schema, ...(named.length === 0 ? {} : { $defs: Object.fromEntries(named) }) };
}

/** The command's data, or a refusal. */
const dataOrRefusal = (data: JsonSchema): OutputSchema => withDefs({ type: 'object', anyOf: [data, refusal] });

/** A command's data (a definition of the envelope's) with the warnings of the configuration lookup beside it. */
function withWarnings(name: string): JsonSchema {
  const data = defs[name] as JsonSchema & { properties: JsonSchema; required: string[] };
  return { ...data, required: [...data.required, 'warnings'], properties: { ...data.properties, warnings } };
}

/**
 * The envelope of one command, refusals included: its fields as the envelope has them, with the
 * command's name, its data or none (a refusal), and the envelope's rules that tie `ok` to `error`.
 */
function envelopeOf(command: string, data: JsonSchema): JsonSchema {
  const rules = (envelope['allOf'] as Array<{ if: { properties: JsonSchema } }>).filter(
    (rule) => rule.if.properties['command'] === undefined,
  );
  return {
    description: `The envelope that ${command} --json prints, whatever the outcome.`,
    type: 'object',
    required: envelope['required'],
    additionalProperties: false,
    properties: {
      ...envelope.properties,
      command: { const: command },
      data: { anyOf: [data, { description: 'A refusal has no data.', type: 'object', maxProperties: 0 }] },
    },
    allOf: rules,
  };
}

/**
 * One file's outcome, as compile's envelope has it in data.files[], without its report, with the
 * stage, the configuration, the baseline (as compile's data.suppressions), the run's exit code and
 * its error when unused baseline entries alone fail it, and warnings.
 */
function compileResult(): JsonSchema {
  const data = defs['compileData'] as {
    properties: { files: { items: { properties: Record<string, JsonSchema> } }; suppressions: JsonSchema };
  };
  const file = data.properties.files.items;
  const keep = [
    'path',
    'dialect',
    'stage',
    'verdict',
    'exitCode',
    'counts',
    'diagnostics',
    'error',
    'gateError',
    'config',
    'suppressions',
    'trace',
    'fixed',
    'warnings',
  ];
  const optional = new Set(['dialect', 'gateError', 'suppressions', 'trace', 'fixed']);
  const properties: Record<string, JsonSchema> = {
    ...file.properties,
    stage: { description: 'How the spec was judged: final, or draft.', enum: ['final', 'draft'] },
    exitCode: {
      description: "What compile would exit with: the spec's own, or 1 when failOnUnusedSuppressions fails on unused baseline entries.",
      enum: [0, 1, 3, 4],
    },
    gateError: {
      ...error,
      description:
        'Present when the spec passed but unused baseline entries fail the run (failOnUnusedSuppressions): GATE_FAILED, UNUSED_SUPPRESSIONS.',
    },
    config: { $ref: `${DEFS}config` },
    suppressions: data.properties.suppressions,
    trace: {
      description:
        "With the agent's trace (the trace argument, or the spec's x-trace): the report's account of it: path, SHA-256, format, calls by tool, and its successful reads matched one to one with the deep dives (reads.unmatched: the reads no deep dive stands for, each with its node and trace line).",
      type: 'object',
      required: ['path', 'sha256', 'format', 'calls', 'reads'],
    },
    fixed: {
      description:
        'With fix: the spec with its fixes written (text; nothing is written to a file) and the fixes (rule, path, replacement, safety); the verdict and diagnostics are those of the fixed text.',
      type: 'object',
      required: ['text', 'applied'],
      additionalProperties: false,
      properties: {
        text: { type: 'string' },
        applied: {
          type: 'array',
          items: {
            type: 'object',
            required: ['ruleId', 'path', 'replacement', 'safety'],
            additionalProperties: false,
            properties: {
              ruleId: { type: 'string' },
              path: { type: 'string' },
              replacement: { type: ['string', 'number'] },
              safety: { enum: ['safe', 'unsafe'] },
            },
          },
        },
      },
    },
    warnings,
  };
  return {
    description: "compile: one spec's verdict, exit code, counts and diagnostics.",
    type: 'object',
    required: keep.filter((key) => !optional.has(key)),
    additionalProperties: false,
    properties: Object.fromEntries(keep.map((key) => [key, properties[key]])),
  };
}

/** The draft_from_trace tool's answer: trace draft's data, with the draft as `text` where the command has `rendered`, and the warnings. */
function draftFromTraceResult(): JsonSchema {
  const data = defs['traceDraftData'] as JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };
  const { rendered, output: _written, ...properties } = data.properties;
  return {
    ...data,
    description: 'draft_from_trace: the drafted spec (text) and what it holds.',
    required: ['text', ...data.required, 'warnings'],
    properties: { text: { ...rendered, description: 'The drafted spec, in the syntax asked for.' }, ...properties, warnings },
  };
}

/** The output schema of each tool, by name. */
export const OUTPUT_SCHEMAS = {
  compile: dataOrRefusal(compileResult()),
  next: dataOrRefusal(withWarnings('nextData')),
  explain: dataOrRefusal({ $ref: `${DEFS}explainData` }),
  rules: dataOrRefusal(dataOf('rules')),
  policy: dataOrRefusal(withWarnings('configData')),
  schema: dataOrRefusal({ $ref: `${DEFS}schemaData` }),
  draft_from_trace: dataOrRefusal(draftFromTraceResult()),
  /** The envelope of `briefs append --json`, refusals included. */
  append_brief: withDefs(envelopeOf('briefs append', { $ref: `${DEFS}briefsAppendData` })),
} satisfies Record<string, OutputSchema>;
