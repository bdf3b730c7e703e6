/**
 * The MCP compile and next tools and baselines, through the SDK's own client (which checks every
 * result against the tool's outputSchema): a baseline found inside the roots or named by
 * `suppressions` is applied as compile applies it, one outside the roots is refused, and unused
 * entries fail the call's exit code when failOnUnusedSuppressions asks.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath } from './support/cli.js';
import { gateFailingSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('mcp-baselines');

type CallResult = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };

/** Two errors of dive-selective: the first two deep dives use a tool that is not an expensive read. */
function twoDiveErrors(): Record<string, any> {
  const spec = gateFailingSpec();
  spec.deepDives[1].tool = 'WebFetch';
  return spec;
}

/** A baseline accepting `count` dive-selective problems of specs/two.json, for a file in `folder` (keys are relative to it). */
const accepts = (count: number, folder = '') => ({ [`${folder === '' ? '' : '../'}specs/two.json`]: { 'dive-selective': { count } } });

describe('the MCP compile tool and baselines', { timeout: 60_000 }, () => {
  let root: string;
  let outside: string;
  let client: Client;
  let tools: Awaited<ReturnType<Client['listTools']>>['tools'];
  const call = async (args: Record<string, unknown>) => (await client.callTool({ name: 'compile', arguments: args })) as CallResult;

  beforeAll(async () => {
    root = tempDir();
    outside = tempDir();
    writeJson(root, 'specs/two.json', twoDiveErrors());
    writeJson(root, 'other/pinned.json', accepts(2, 'other'));
    writeJson(root, 'other/lenient.json', accepts(3, 'other'));
    writeJson(outside, 'baseline.json', { 'two.json': { 'dive-selective': { count: 2 } } });
    symlinkSync(join(outside, 'baseline.json'), join(root, 'link.json'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'mcp', '--root', root],
      cwd: root,
      stderr: 'pipe',
    });
    client = new Client({ name: 'compile-investigation-baselines-test', version: '1.0.0' });
    await client.connect(transport);
    // Listing the tools makes the client check every result against its output schema.
    ({ tools } = await client.listTools());
  });
  afterAll(async () => client?.close());

  it('takes the baseline arguments, and declares what it answers about the baseline', () => {
    const compile = tools.find((tool) => tool.name === 'compile');
    expect(Object.keys(compile?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['suppressions', 'failOnUnusedSuppressions']),
    );
    expect(Object.keys((compile?.outputSchema?.['anyOf'] as any)?.[0]?.properties ?? {})).toEqual(
      expect.arrayContaining(['suppressions', 'gateError']),
    );
  });

  it('applies the baseline found walking up inside the roots, names it, and keeps the accepted problems, marked', async () => {
    const before = await call({ path: 'specs/two.json' });
    expect(before.structuredContent).toMatchObject({ verdict: 'fail', exitCode: 1, counts: { errors: 2, suppressed: 0 } });
    expect(before.structuredContent.suppressions).toBeUndefined();

    writeJson(root, 'investigation-suppressions.json', accepts(2));
    const found = await call({ path: 'specs/two.json' });
    expect(found.isError ?? false).toBe(false);
    expect(found.structuredContent).toMatchObject({ verdict: 'pass', exitCode: 0, counts: { errors: 0, suppressed: 2 } });
    expect(found.structuredContent.diagnostics.map((diagnostic: any) => diagnostic.suppressed)).toEqual([
      { baseline: 'investigation-suppressions.json' },
      { baseline: 'investigation-suppressions.json' },
    ]);
    expect(found.structuredContent.suppressions).toMatchObject({
      files: [{ path: 'investigation-suppressions.json', source: 'walk-up' }],
      unusedTotal: 0,
    });
    expect(found.structuredContent.warnings).toContain(
      'using baseline investigation-suppressions.json, found by walking up from specs; pin it with the suppressions argument investigation-suppressions.json',
    );
    expect(found.content[0]?.text).toMatch(/^specs\/two\.json: 2 suppressed by investigation-suppressions\.json \(dive-selective 2\)\n/);
    // The text names no option the call cannot have: the result's own diagnostics list the accepted problems.
    expect(found.content[0]?.text).toContain(
      '2 suppressed problems counted, not listed: the diagnostics of the structured result list them',
    );
    expect(found.content[0]?.text).not.toContain('--show-suppressed');
  });

  it('applies the baseline named by suppressions inside the roots, in place of the one found', async () => {
    const pinned = await call({ path: 'specs/two.json', suppressions: 'other/pinned.json' });
    expect(pinned.isError ?? false).toBe(false);
    expect(pinned.structuredContent).toMatchObject({ verdict: 'pass', exitCode: 0, counts: { suppressed: 2 } });
    expect(pinned.structuredContent.suppressions.files).toEqual([{ path: 'other/pinned.json', source: 'flag' }]);
  });

  it('refuses a baseline outside the roots, named or reached through a link, with a clear error, and one given with text', async () => {
    for (const suppressions of [join(outside, 'baseline.json'), '../baseline.json', 'link.json']) {
      const refused = await call({ path: 'specs/two.json', suppressions });
      expect(refused.isError, suppressions).toBe(true);
      expect(refused.structuredContent.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTSIDE_ROOTS' });
      expect(refused.structuredContent.error.message).toContain('is outside the folders this server may read');
    }
    // A baseline found walking up that is a link out of the roots is refused on opening, never read.
    writeJson(root, 'linked/two.json', twoDiveErrors());
    symlinkSync(join(outside, 'baseline.json'), join(root, 'linked', 'investigation-suppressions.json'));
    const linked = await call({ path: 'linked/two.json' });
    expect(linked.isError).toBe(true);
    expect(linked.structuredContent.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_SUPPRESSIONS' });
    expect(linked.structuredContent.error.message).toContain('is a symbolic link out of');
    // A spec as text has no path for a baseline to name.
    const text = await call({ text: JSON.stringify(twoDiveErrors()), suppressions: 'other/pinned.json' });
    expect(text.isError).toBe(true);
    expect(text.structuredContent.error).toMatchObject({ subcode: 'INVALID_ARGUMENT' });
    expect(text.structuredContent.error.message).toContain('need the spec as path, not as text');
  });

  it('fails on unused entries with failOnUnusedSuppressions, and only warns without it', async () => {
    const lenient = await call({ path: 'specs/two.json', suppressions: 'other/lenient.json' });
    expect(lenient.structuredContent).toMatchObject({ verdict: 'pass', exitCode: 0, suppressions: { unusedTotal: 1 } });
    expect(lenient.structuredContent.gateError).toBeUndefined();
    expect(lenient.structuredContent.warnings.join('\n')).toContain('accepts 3 problems of dive-selective, but 2 are left');

    const strict = await call({ path: 'specs/two.json', suppressions: 'other/lenient.json', failOnUnusedSuppressions: true });
    expect(strict.isError ?? false).toBe(false);
    expect(strict.structuredContent).toMatchObject({
      verdict: 'pass',
      exitCode: 1,
      suppressions: { unusedTotal: 1, failOnUnused: true },
      gateError: { code: 'GATE_FAILED', subcode: 'UNUSED_SUPPRESSIONS' },
    });
    expect(strict.structuredContent.gateError.message).toBe(
      "specs/two.json: 1 baseline entry is unused, and failOnUnusedSuppressions fails the run on it: the command line's compile --prune-suppressions removes it",
    );
    expect(strict.content[0]?.text).toContain(
      '✖ 1 file passed (2 suppressed by a baseline), but 1 baseline entry is unused, and failOnUnusedSuppressions fails the run on it',
    );
    // The exact baseline leaves nothing unused: the same call passes.
    const exact = await call({ path: 'specs/two.json', suppressions: 'other/pinned.json', failOnUnusedSuppressions: true });
    expect(exact.structuredContent).toMatchObject({ exitCode: 0 });
    expect(exact.structuredContent.gateError).toBeUndefined();
  });

  it('the next tool judges a draft by the same baseline: the problems it accepts are not advised as fixes', async () => {
    const next = async (args: Record<string, unknown>) => (await client.callTool({ name: 'next', arguments: args })) as CallResult;
    const fixes = (result: CallResult): string[] =>
      result.structuredContent.next.allowed
        .filter((advice: { action: string }) => advice.action === 'fix')
        .map((advice: any) => advice.rule);
    expect(Object.keys(tools.find((tool) => tool.name === 'next')?.inputSchema.properties ?? {})).toContain('suppressions');
    writeJson(root, 'other/none.json', {});
    const unaccepted = await next({ path: 'specs/two.json', suppressions: 'other/none.json' });
    expect(unaccepted.isError ?? false).toBe(false);
    expect(fixes(unaccepted)).toEqual(['dive-selective', 'dive-selective']);
    // The baseline found walking up inside the roots, and one named by suppressions, each accept both.
    writeJson(root, 'investigation-suppressions.json', accepts(2));
    expect(fixes(await next({ path: 'specs/two.json' }))).toEqual([]);
    expect(fixes(await next({ path: 'specs/two.json', suppressions: 'other/pinned.json' }))).toEqual([]);
    const refused = await next({ path: 'specs/two.json', suppressions: '../baseline.json' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTSIDE_ROOTS' });
  });
});
