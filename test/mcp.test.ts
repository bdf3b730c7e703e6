/**
 * The MCP server end to end, as a client sees it: the SDK's own client starts the built command
 * line (`compile-investigation mcp`) and speaks the protocol with it over stdio.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cliPath, projectRoot, runHermetic } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp');

type CallResult = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };

async function connect(args: string[], cwd: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', ...args], cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const client = new Client({ name: 'compile-investigation-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('compile-investigation mcp', { timeout: 60_000 }, () => {
  let workspace: string;
  let outside: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;

  beforeAll(async () => {
    workspace = tempDir();
    outside = tempDir();
    cpSync(join(projectRoot, 'fixtures', 'drafts'), join(workspace, 'drafts'), { recursive: true });
    cpSync(join(projectRoot, 'fixtures', 'valid'), join(workspace, 'valid'), { recursive: true });
    cpSync(join(projectRoot, 'fixtures', 'invalid', 'map-cheap-tool-wrong-case.json'), join(workspace, 'map-cheap-tool-wrong-case.json'));
    writeFileSync(join(outside, 'secret.json'), '{"goal": "not yours"}');
    symlinkSync(join(outside, 'secret.json'), join(workspace, 'link.json'));
    ({ client } = await connect(['--root', '.', '--max-bytes', '100000'], workspace));
  });
  afterAll(async () => client?.close());

  it('lists its tools, each with an input schema, and its resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'compile',
      'next',
      'draft_from_trace',
      'explain',
      'rules',
      'policy',
      'append_brief',
      'schema',
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toContain('compile-investigation://schemas/investigation.schema.json');
    expect(uris).toContain('compile-investigation://rules/dive-grounded');
    const schema = await client.readResource({ uri: 'compile-investigation://schemas/investigation-gate.schema.json' });
    expect(JSON.parse((schema.contents[0] as { text: string }).text).$id).toContain('investigation');
    const rule = await client.readResource({ uri: 'compile-investigation://rules/dive-grounded' });
    expect((rule.contents[0] as { text: string }).text).toMatch(/^dive-grounded /);
  });

  it('compile: a broken draft by path, with line, column, expected values and suggestion, as data and as text', async () => {
    const result = await call('compile', { path: 'drafts/04-blind-read.yaml', stage: 'draft' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ path: 'drafts/04-blind-read.yaml', stage: 'draft', verdict: 'fail', exitCode: 1 });
    expect(result.structuredContent.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'dive-grounded', path: '/deepDives/0/node', line: 23, column: 5 }),
    ]);
    expect(result.content[0]?.text).toMatch(/^drafts\/04-blind-read\.yaml\n\s+23:5\s+error\s+/);
    const wrongCase = await call('compile', { path: 'map-cheap-tool-wrong-case.json' });
    expect(wrongCase.structuredContent.diagnostics[0]).toMatchObject({
      ruleId: 'map-cheap',
      suggestion: 'Glob',
      expected: ['Glob', 'Grep', 'LS', 'rg', 'grep', 'find', 'fd', 'ls', 'tree'],
    });
  });

  it('compile: a spec as text, in either format, and a finished spec passes', async () => {
    const yaml = readFileSync(join(workspace, 'drafts', '02-mapped-and-ranked.yaml'), 'utf8');
    const draft = await call('compile', { text: yaml, syntax: 'yaml', stage: 'draft' });
    expect(draft.structuredContent).toMatchObject({ path: '<text>', verdict: 'draft-ok', exitCode: 0 });
    const final = await call('compile', { text: yaml });
    expect(final.structuredContent.verdict).toBe('fail');
    const katas = readFileSync(join(projectRoot, 'fixtures', 'katas', 'valid', 'mobile-checkout-flag.json'), 'utf8');
    const report = await call('compile', { text: katas, syntax: 'json' });
    expect(report.structuredContent).toMatchObject({ dialect: 'katas-report-v1', verdict: 'pass', exitCode: 0, diagnostics: [] });
    const valid = await call('compile', { path: 'valid/discovery-search-stale-prices.json' });
    expect(valid.structuredContent).toMatchObject({ verdict: 'pass', exitCode: 0, diagnostics: [] });
  });

  it('next: the advice for a draft, with its rules', async () => {
    const result = await call('next', { path: 'drafts/03-after-invalidation.yaml' });
    expect(result.structuredContent.next).toMatchObject({
      phase: 'dive',
      nextHypothesis: { id: 'H2' },
      replan: { allowed: true, hypothesisId: 'H1' },
    });
    expect(result.content[0]?.text).toContain('[replan-evidence]');
  });

  it.each([
    ['explain', { ruleId: 'map-cheap' }, ['explain', 'map-cheap']],
    ['rules', {}, ['rules']],
    [
      'policy',
      { path: 'drafts/01-budget-only.yaml', preset: 'reference' },
      ['config', 'drafts/01-budget-only.yaml', '--preset', 'reference'],
    ],
    ['schema', { preset: 'gate' }, ['schema', '--preset', 'gate']],
    ['next', { path: 'drafts/03-after-invalidation.yaml' }, ['next', 'drafts/03-after-invalidation.yaml']],
  ])('%s answers with the data of its command', async (tool, args, command) => {
    const served = (await call(tool, args)).structuredContent;
    const run = await runInProcess([...command, '--json'], { cwd: workspace, env: { INVESTIGATION_CONFIG: '' } });
    const envelope = JSON.parse(run.stdout);
    // The tools that look configuration up answer with their command's warnings too.
    expect(served).toEqual(tool === 'policy' || tool === 'next' ? { ...envelope.data, warnings: envelope.warnings } : envelope.data);
    expect(Object.keys(served).length).toBeGreaterThan(0);
  });

  it('append_brief: writes the next artifact of a chain, which briefs then accepts; refuses a bad brief and writes nothing', async () => {
    const brief = parse(readFileSync(join(projectRoot, 'fixtures', 'briefs', 'next-brief.yaml'), 'utf8'));
    cpSync(join(projectRoot, 'fixtures', 'briefs', 'chain-valid'), join(workspace, 'chain'), { recursive: true });
    const written = await call('append_brief', { dir: 'chain', hypothesisId: 'H2', brief });
    expect(written.isError, written.content[0]?.text).toBeFalsy();
    expect(written.structuredContent).toMatchObject({
      ok: true,
      command: 'briefs append',
      data: { written: true, path: 'chain/H2-0003.json', sequence: 3 },
    });
    const check = await runInProcess(['briefs', 'chain'], { cwd: workspace });
    expect(check.status, check.stdout).toBe(0);
    const again = await call('append_brief', { dir: 'chain', hypothesisId: 'H2', brief });
    expect(again).toMatchObject({
      isError: true,
      structuredContent: { ok: false, data: { written: false }, error: { code: 'GATE_FAILED' } },
    });
    expect(again.structuredContent.data.diagnostics.length).toBeGreaterThan(0);
    expect(existsSync(join(workspace, 'chain', 'H2-0004.json'))).toBe(false);
    const outsideDir = await call('append_brief', { dir: outside, hypothesisId: 'H1', brief });
    expect(outsideDir.structuredContent.error.subcode).toBe('OUTSIDE_ROOTS');
  });

  it("append_brief answers with briefs append's --json envelope, served or not, and a few lines of text naming its own arguments", async () => {
    const bad = { ...parse(readFileSync(join(projectRoot, 'fixtures', 'briefs', 'next-brief.yaml'), 'utf8')), changes: [] };
    bad.findings[0] = { ...bad.findings[0], direction: 'supports', evidence: bad.findings[0].evidenceRefs };
    cpSync(join(projectRoot, 'fixtures', 'briefs', 'chain-valid'), join(workspace, 'envelope-chain'), { recursive: true });
    writeFileSync(join(workspace, 'bad-brief.json'), JSON.stringify(bad));
    const served = await call('append_brief', { dir: 'envelope-chain', hypothesisId: 'H2', brief: bad });
    const run = await runInProcess(['briefs', 'append', 'envelope-chain', '--hypothesis', 'H2', '--from', 'bad-brief.json', '--json'], {
      cwd: workspace,
    });
    const envelope = JSON.parse(run.stdout);
    // The same envelope, but where the brief came from and where its diagnostics sit in that file (a tool's argument has no lines).
    const unplaced = (data: any) => ({
      ...data,
      from: '',
      notes: [],
      diagnostics: data.diagnostics.map(({ line, column, ...rest }: any) => rest),
    });
    expect({ ...served.structuredContent, data: unplaced(served.structuredContent.data) }).toEqual({
      ...envelope,
      data: unplaced(envelope.data),
      error: { ...envelope.error, message: expect.any(String) },
    });
    expect(served).toMatchObject({ isError: true, structuredContent: { ok: false, error: { code: 'GATE_FAILED', subcode: 'ERRORS' } } });
    expect(served.structuredContent.data.notes).toEqual(['evidence ids not checked: no spec argument given']);
    const text = served.content[0]?.text ?? '';
    expect(text.split('\n')).toEqual([
      'GATE_FAILED ERRORS: the brief argument: the brief has 1 error; envelope-chain/H2-0003.json was not written',
      expect.stringMatching(
        /^\/brief\/findings\/0\/direction: error schema: .*one of "support", "against" or "neutral"\. Did you mean "support"\?$/,
      ),
      expect.stringMatching(/^\/brief\/findings\/0\/evidence: warning unknown-field: .*Did you mean "evidenceRefs"\?/),
      '',
    ]);
    expect(text).not.toMatch(/--[a-z]/);
    // A refusal is an envelope too, with no data.
    const refused = await call('append_brief', { dir: 'envelope-chain', hypothesisId: 'H2' });
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: {
        schema: '1',
        ok: false,
        command: 'briefs append',
        data: {},
        warnings: [],
        error: { subcode: 'INVALID_ARGUMENT' },
      },
    });
    expect(refused.content[0]?.text).toMatch(/^USAGE_ERROR INVALID_ARGUMENT: append_brief: arguments must have required property 'brief'$/);
  });

  it('takes the syntax of a spec given as text as syntax, and refuses format naming syntax (format is what the commands print)', async () => {
    const yaml = readFileSync(join(workspace, 'drafts', '02-mapped-and-ranked.yaml'), 'utf8');
    for (const tool of ['compile', 'next']) {
      const renamed = await call(tool, { text: yaml, format: 'yaml' });
      expect(renamed).toMatchObject({ isError: true, structuredContent: { error: { code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' } } });
      const takes =
        tool === 'compile'
          ? '"path", "text", "syntax", "preset", "stage", "suppressions", "failOnUnusedSuppressions", "trace", "traceRoot", "traceSince", "traceUntil", "traceTurn" or "fix"'
          : '"path", "text", "syntax", "preset", "suppressions", "trace", "traceRoot", "traceSince", "traceUntil" or "traceTurn"';
      expect(renamed.structuredContent.error.message).toBe(
        `${tool}: 1 unknown argument, "format"; "format" is now "syntax"; it takes ${takes}`,
      );
      expect((await call(tool, { text: yaml, syntax: 'yaml', ...(tool === 'compile' ? { stage: 'draft' } : {}) })).isError).toBeFalsy();
    }
  });

  it('refuses a bad call with a tool error that says why, and keeps serving', async () => {
    const both = await call('compile', { path: 'drafts/01-budget-only.yaml', text: '{}' });
    expect(both).toMatchObject({ isError: true, structuredContent: { error: { code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' } } });
    const mistyped = await call('compile', { path: 3 });
    expect(mistyped.isError).toBe(true);
    expect(mistyped.content[0]?.text).toContain('/path must be string');
    const unknownKey = await call('rules', { verbose: true });
    expect(unknownKey.isError).toBe(true);
    const unknownRule = await call('explain', { ruleId: 'dive-groundd' });
    expect(unknownRule.content[0]?.text).toContain('Did you mean "dive-grounded"?');
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/unknown tool "nope"/);
    expect((await call('rules')).isError).toBeFalsy();
  });

  it('refuses paths outside its roots: climbing out, absolute, and through a link', async () => {
    for (const path of ['../package.json', join(outside, 'secret.json'), 'link.json']) {
      const result = await call('compile', { path });
      expect(result.structuredContent.error?.subcode, path).toBe('OUTSIDE_ROOTS');
    }
  });

  it('limits input sizes exactly as the command line does, for paths and for text', async () => {
    const big = `{"goal": "${'x'.repeat(100_001)}"}`;
    writeFileSync(join(workspace, 'big.json'), big);
    const byPath = await call('compile', { path: 'big.json' });
    expect(byPath.structuredContent).toMatchObject({ exitCode: 3, error: { code: 'INPUT_ERROR', subcode: 'TOO_LARGE' } });
    const byText = await call('compile', { text: big });
    expect(byText.structuredContent).toMatchObject({ exitCode: 3, error: { code: 'INPUT_ERROR', subcode: 'TOO_LARGE' } });
  });

  it('refuses to start on a root that does not exist, with a usage error and exit code 2', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'here'));
    const run = runHermetic(['mcp', '--root', 'missing'], { cwd: dir, input: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--root missing does not exist');
  });
});

describe('compile-investigation mcp, with the agent trace', { timeout: 60_000 }, () => {
  let workspace: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;

  beforeAll(async () => {
    workspace = tempDir();
    cpSync(join(projectRoot, 'fixtures', 'traces'), join(workspace, 'traces'), { recursive: true });
    cpSync(join(projectRoot, 'test', 'data', 'codex', 'rollout-small.jsonl'), join(workspace, 'traces', 'rollout-small.jsonl'));
    const spec = readFileSync(join(workspace, 'traces', 'transcript-small.spec.yaml'), 'utf8');
    // The record after the first read: the trace already holds a second one.
    const draft = spec
      .slice(0, spec.indexOf('  - id: D2'))
      .replace('  used: 2', '  used: 1')
      .replace('status: invalidated', 'status: open');
    writeFileSync(join(workspace, 'traces', 'draft.yaml'), `${draft}replanLog: []\nrisks: []\n`);
    writeFileSync(join(workspace, 'traces', 'lying.yaml'), spec.replace('node: src/totals.ts', 'node: src/export.ts'));
    ({ client } = await connect(['--root', '.'], workspace));
  });
  afterAll(async () => client?.close());

  it('compile takes the trace: a record the trace does not bear out fails with the trace rule, and the result says what the trace held', async () => {
    const trace = 'traces/transcript-small.jsonl';
    const passed = await call('compile', { path: 'traces/transcript-small.spec.yaml', trace });
    expect(passed.structuredContent).toMatchObject({
      verdict: 'pass',
      trace: { format: 'claude-transcript', reads: { total: 2, matched: 2 } },
    });
    const lying = await call('compile', { path: 'traces/lying.yaml', trace });
    expect(lying.structuredContent.diagnostics.map((d: { ruleId: string }) => d.ruleId)).toContain('trace-dive-observed');
    // The same spec given as text, with the trace beside it.
    const text = readFileSync(join(workspace, 'traces', 'lying.yaml'), 'utf8');
    const given = await call('compile', { text, trace });
    expect(given.structuredContent.diagnostics.map((d: { ruleId: string }) => d.ruleId)).toContain('trace-dive-observed');
    const outside = await call('compile', { path: 'traces/transcript-small.spec.yaml', trace: '/etc/hostname' });
    expect(outside).toMatchObject({ isError: true, structuredContent: { error: { subcode: 'OUTSIDE_ROOTS' } } });
  });

  it('next says which reads of the trace the draft does not record yet, first', async () => {
    const result = await call('next', { path: 'traces/draft.yaml', trace: 'traces/transcript-small.jsonl' });
    const next = result.structuredContent.next;
    expect(next.verdict).toBe('draft-ok');
    expect(next.trace).toEqual({ reads: 2, recorded: 1, unrecorded: [{ node: 'src/reports/monthly.ts', line: 12 }], unrecordedCount: 1 });
    expect(next.allowed[0]).toMatchObject({ action: 'record', rule: 'trace-budget' });
    expect(next.allowed[0].message).toContain('"src/reports/monthly.ts"');
    // Without the trace, nothing is said of it.
    const plain = await call('next', { path: 'traces/draft.yaml' });
    expect(plain.structuredContent.next.trace).toBeUndefined();
    expect(plain.structuredContent.next.allowed.map((advice: { action: string }) => advice.action)).not.toContain('record');
  });

  it('compile with fix returns the fixed text and judges it, writing nothing', async () => {
    const path = join(workspace, 'traces', 'misspelt.yaml');
    const text = readFileSync(join(workspace, 'traces', 'transcript-small.spec.yaml'), 'utf8')
      .replace('tool: Glob', 'tool: glob')
      .replace('provenance: "[CODIGO]"', 'provenance: "[CODE]"');
    writeFileSync(path, text);
    const safe = await call('compile', { path: 'traces/misspelt.yaml', fix: 'safe' });
    expect(safe.structuredContent.fixed.applied).toEqual([
      { ruleId: 'map-cheap', path: '/surfaceMap/0/tool', replacement: 'Glob', safety: 'safe' },
    ]);
    expect(safe.structuredContent.fixed.text).toBe(text.replace('tool: glob', 'tool: Glob'));
    expect(safe.structuredContent.diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual(['finding-provenance']);
    expect(safe.content[0]?.text).toContain('1 fixable with fix "unsafe"');
    expect(readFileSync(path, 'utf8')).toBe(text);
    const unsafe = await call('compile', { text, syntax: 'yaml', fix: 'unsafe' });
    expect(unsafe.structuredContent).toMatchObject({ verdict: 'pass', fixed: { applied: [{ safety: 'safe' }, { safety: 'unsafe' }] } });
  });

  it('draft_from_trace returns the drafted spec, writes nothing, and reads no trace outside the roots', async () => {
    const result = await call('draft_from_trace', { trace: 'traces/transcript-small.jsonl', goal: 'Where are the totals?', budget: 4 });
    expect(result.isError).toBeFalsy();
    const { text, surfaceMap, deepDives, budget } = result.structuredContent;
    expect({ surfaceMap, deepDives, budget }).toEqual({ surfaceMap: 3, deepDives: 2, budget: { total: 4, used: 2, unit: 'reads' } });
    const spec = parse(text);
    expect(spec.deepDives.map((dive: { node: string }) => dive.node)).toEqual(['src/totals.ts', 'src/reports/monthly.ts']);
    expect(spec['x-trace']).toEqual({ path: 'traces/transcript-small.jsonl', root: '/work/ledger' });
    // Compiled as a draft, the only problems are the places left for the author.
    const compiled = await call('compile', { text, syntax: 'yaml', stage: 'draft', trace: 'traces/transcript-small.jsonl' });
    for (const diagnostic of compiled.structuredContent.diagnostics)
      expect(diagnostic.path).toMatch(/^\/deepDives\/\d+\/(hypothesisId|finding|effect|provenance)$/);
    const outside = await call('draft_from_trace', { trace: '../elsewhere.jsonl' });
    expect(outside).toMatchObject({ isError: true, structuredContent: { error: { subcode: 'OUTSIDE_ROOTS' } } });
    const stray = await call('next', { path: 'traces/draft.yaml', traceRoot: '/work' });
    expect(stray).toMatchObject({ isError: true, structuredContent: { error: { subcode: 'CONFLICTING_ARGUMENTS' } } });
  });

  it('traceTurn selects one request of a session, as --trace-turn does, and is refused without a trace or past the turns', async () => {
    const draft = async (extra: Record<string, unknown>) =>
      (await call('draft_from_trace', { trace: 'traces/rollout-small.jsonl', goal: 'g', budget: 9, ...extra })).structuredContent;
    const whole = await draft({});
    const second = await draft({ traceTurn: 2 });
    const cli = await runInProcess(
      ['trace', 'draft', 'traces/rollout-small.jsonl', '--trace-turn', '2', '--goal', 'g', '--budget', '9', '--format', 'yaml'],
      { cwd: workspace },
    );
    expect(second.text).toBe(cli.stdout);
    expect(parse(second.text)['x-trace']).toMatchObject({ turn: 2 });
    expect(second.deepDives + second.surfaceMap).toBeLessThan(whole.deepDives + whole.surfaceMap);
    const compiled = await call('compile', {
      text: second.text,
      syntax: 'yaml',
      stage: 'draft',
      trace: 'traces/rollout-small.jsonl',
      traceTurn: 2,
    });
    expect(compiled.structuredContent.trace).toMatchObject({ calls: 3 });
    const stray = await call('compile', { text: second.text, syntax: 'yaml', traceTurn: 2 });
    expect(stray).toMatchObject({ isError: true, structuredContent: { error: { subcode: 'CONFLICTING_ARGUMENTS' } } });
    const zero = await call('compile', { text: second.text, syntax: 'yaml', trace: 'traces/rollout-small.jsonl', traceTurn: 0 });
    expect(zero).toMatchObject({ isError: true, structuredContent: { error: { code: 'USAGE_ERROR' } } });
    const past = await call('compile', { text: second.text, syntax: 'yaml', trace: 'traces/rollout-small.jsonl', traceTurn: 5 });
    expect(past).toMatchObject({ isError: true, structuredContent: { error: { code: 'USAGE_ERROR' } } });
    expect(past.structuredContent.error.message).toContain('it has 2 turns: there is no turn 5');
  });
});
