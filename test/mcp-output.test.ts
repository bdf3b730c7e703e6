/**
 * Every tool declares the schema of its structured results (outputSchema), and every result it
 * gives, served or refused, fits it. The SDK's own client checks each result against the schema
 * it listed (a result that does not fit makes callTool throw); the test checks again with Ajv's
 * 2020-12 validator, so that the schemas hold under the draft they are written in too.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cliPath, projectRoot } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp-output');

type CallResult = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };

const brief = parse(readFileSync(join(projectRoot, 'fixtures', 'briefs', 'next-brief.yaml'), 'utf8'));
const katas = readFileSync(join(projectRoot, 'fixtures', 'katas', 'valid', 'mobile-checkout-flag.json'), 'utf8');

/** Calls of every tool: one or more it serves, one or more it refuses or fails, each with isError as expected. */
const CALLS: Array<[tool: string, args: Record<string, unknown>, isError: boolean]> = [
  ['compile', { path: 'drafts/04-blind-read.yaml', stage: 'draft' }, false],
  ['compile', { text: '{"goal": ', syntax: 'json' }, false],
  ['compile', { path: 'drafts/01-budget-only.yaml', text: '{}' }, true],
  ['compile', { path: '../outside.json' }, true],
  ['compile', { path: 'traces/transcript-small.spec.yaml', trace: 'traces/transcript-small.jsonl' }, false],
  ['compile', { path: 'traces/transcript-small.spec.yaml', traceSince: '2026-03-02' }, true],
  ['compile', { path: 'drafts/04-blind-read.yaml', stage: 'draft', fix: 'unsafe' }, false],
  ['next', { path: 'drafts/03-after-invalidation.yaml' }, false],
  ['next', { path: 'traces/transcript-small.spec.yaml', trace: 'traces/hook-small.jsonl' }, false],
  ['draft_from_trace', { trace: 'traces/transcript-small.jsonl', goal: 'Where are the totals?', budget: 4 }, false],
  ['draft_from_trace', { trace: 'traces/hook-small.jsonl', syntax: 'json', unit: 'tokens' }, false],
  ['draft_from_trace', { trace: '../outside.jsonl' }, true],
  ['next', { text: 'goal: [', syntax: 'yaml' }, false],
  ['next', { text: katas }, true],
  ['next', { text: '{}', format: 'json' }, true],
  ['explain', { ruleId: 'map-cheap' }, false],
  ['explain', { ruleId: 'brief-chain' }, false],
  ['explain', { ruleId: 'dive-groundd' }, true],
  ['rules', {}, false],
  ['rules', { verbose: true }, true],
  ['policy', {}, false],
  ['policy', { path: 'drafts/01-budget-only.yaml', preset: 'reference' }, false],
  ['policy', { path: '../outside.json' }, true],
  ['schema', {}, false],
  ['schema', { preset: 'gate' }, false],
  ['schema', { preset: 'strict' }, true],
  ['append_brief', { dir: 'chain', hypothesisId: 'H2', brief, spec: 'spec.json' }, false],
  ['append_brief', { dir: 'fresh', hypothesisId: 'H1', brief: { ...brief, changes: [] } }, false],
  ['append_brief', { dir: 'chain', hypothesisId: 'H2', brief }, true],
  ['append_brief', { dir: 'fork', hypothesisId: 'H1', brief }, true],
  ['append_brief', { dir: 'chain', hypothesisId: 'H3', brief, spec: 'missing.json' }, true],
  ['append_brief', { dir: '../elsewhere', hypothesisId: 'H1', brief }, true],
  ['append_brief', { dir: 'chain', hypothesisId: 'H1' }, true],
];

describe('the tools declare their output schemas, and their results fit them', { timeout: 60_000 }, () => {
  let client: Client;
  let schemas: Map<string, Record<string, unknown> | undefined>;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallResult;

  beforeAll(async () => {
    const workspace = tempDir();
    cpSync(join(projectRoot, 'fixtures', 'drafts'), join(workspace, 'drafts'), { recursive: true });
    cpSync(join(projectRoot, 'fixtures', 'traces'), join(workspace, 'traces'), { recursive: true });
    for (const folder of ['chain-valid', 'fork'])
      cpSync(join(projectRoot, 'fixtures', 'briefs', folder), join(workspace, folder === 'chain-valid' ? 'chain' : folder), {
        recursive: true,
      });
    cpSync(join(projectRoot, 'fixtures', 'briefs', 'spec.json'), join(workspace, 'spec.json'));
    writeFileSync(join(workspace, '..', 'outside.json'), '{}');
    const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp'], cwd: workspace, stderr: 'pipe' });
    client = new Client({ name: 'compile-investigation-output-test', version: '1.0.0' });
    await client.connect(transport);
    // Listing the tools is what makes the client check results against their output schemas.
    const { tools } = await client.listTools();
    schemas = new Map(tools.map((tool) => [tool.name, tool.outputSchema]));
  });
  afterAll(async () => client?.close());

  it('every tool lists an output schema: an object at the top, valid JSON Schema 2020-12', () => {
    expect([...schemas.keys()]).toEqual(['compile', 'next', 'draft_from_trace', 'explain', 'rules', 'policy', 'append_brief', 'schema']);
    for (const [name, schema] of schemas) {
      expect(schema?.['type'], name).toBe('object');
      expect(() => new Ajv2020({ strict: false }).compile(schema as object), name).not.toThrow();
    }
    expect(new Set(CALLS.map(([tool]) => tool))).toEqual(new Set(schemas.keys()));
  });

  it.each(CALLS)('%s, call %#: the result fits the output schema, the SDK client checking it', async (tool, args, isError) => {
    const result = await call(tool, args);
    expect(result.isError ?? false, result.content[0]?.text).toBe(isError);
    expect(result.structuredContent).toBeDefined();
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schemas.get(tool) as object);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  });

  it('a result that does not fit would be caught: the schemas are not empty promises', () => {
    for (const [name, schema] of schemas) {
      const validate = new Ajv2020({ strict: false }).compile(schema as object);
      expect(validate({ surprise: true }), name).toBe(false);
      expect(validate({ error: { code: 'NOPE', subcode: null, message: 'x' } }), name).toBe(false);
    }
  });
});
