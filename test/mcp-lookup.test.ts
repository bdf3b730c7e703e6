/**
 * The MCP server looks configuration up inside its roots only: a configuration in a root's parent
 * that would pass a failing spec is never applied, for a path or for text, and every tool that
 * looks configuration up (compile, next, policy) says, in its result, that it ignored that file.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from './support/cli.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('mcp-lookup');
const BLIND_READ = join(projectRoot, 'fixtures', 'invalid', 'dive-grounded-blind-read.yaml');
const LENIENT = { rules: { 'dive-grounded': 'off' } };

type CallResult = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };

describe('mcp: configuration lookup stays inside the roots', { timeout: 60_000 }, () => {
  let outer: string;
  let root: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;

  beforeAll(async () => {
    // outer/investigation.config.json turns off the rule the spec in outer/root/specs breaks; the server's root is outer/root.
    outer = tempDir();
    root = join(outer, 'root');
    mkdirSync(join(root, 'specs'), { recursive: true });
    mkdirSync(join(root, 'team'), { recursive: true });
    copyFileSync(BLIND_READ, join(root, 'specs', 'blind.yaml'));
    copyFileSync(BLIND_READ, join(root, 'team', 'blind.yaml'));
    writeJson(outer, 'investigation.config.json', LENIENT);
    writeJson(join(root, 'team'), 'investigation.config.json', LENIENT);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'mcp', '--root', root],
      cwd: outer,
      stderr: 'pipe',
    });
    client = new Client({ name: 'compile-investigation-test', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => client?.close());

  const note = () =>
    `ignored ../investigation.config.json: it lies above the server's root ., and the server reads nothing outside its roots; set INVESTIGATION_CONFIG=${join(outer, 'investigation.config.json')} in the server's environment to use it`;

  it('compile: a spec by path fails, judged by the defaults, and the result names the file it ignored', async () => {
    const result = await call('compile', { path: 'specs/blind.yaml' });
    expect(result.structuredContent).toMatchObject({ verdict: 'fail', exitCode: 1, config: { path: null, source: 'default' } });
    expect(result.structuredContent.warnings).toEqual([note()]);
    expect(result.content[0]?.text).toContain(`warning: ${note()}`);
  });

  it('compile: the same spec as text fails too', async () => {
    const result = await call('compile', { text: readFileSync(BLIND_READ, 'utf8'), syntax: 'yaml' });
    expect(result.structuredContent).toMatchObject({ verdict: 'fail', config: { path: null, source: 'default' } });
    expect(result.structuredContent.warnings).toEqual([note()]);
  });

  it('policy and next do not name the file outside the roots as the configuration in force', async () => {
    for (const [tool, args] of [
      ['policy', {}],
      ['policy', { path: 'specs/blind.yaml' }],
      ['next', { path: 'specs/blind.yaml' }],
    ] as const) {
      const result = await call(tool, args);
      expect(result.structuredContent.config, tool).toEqual({ path: null, source: 'default' });
      expect(result.structuredContent.warnings, tool).toEqual([note()]);
    }
  });

  it('a configuration inside the root is found by walking up, as on the command line', async () => {
    const result = await call('compile', { path: 'team/blind.yaml' });
    expect(result.structuredContent).toMatchObject({
      verdict: 'pass',
      config: { path: 'team/investigation.config.json', source: 'walk-up' },
    });
    expect(result.structuredContent.warnings).toEqual([
      expect.stringMatching(/^using team\/investigation\.config\.json, found by walking up/),
    ]);
  });
});
