import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

/**
 * A spec written for a real Claude Code transcript (test/data/real-traces/5c0375b4.spec.yaml)
 * passes when checked against it, and each variant that claims what the transcript does not show
 * fails with the trace rule that catches it.
 */
const root = new URL('..', import.meta.url).pathname;
const SPEC = join(root, 'test/data/real-traces/5c0375b4.spec.yaml');
const TRACE = join(tracesDir, 'claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'trace-real-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The spec with `from` replaced by `to`, written to the scratch folder. */
function variant(name: string, from: string, to: string): string {
  const text = readFileSync(SPEC, 'utf8');
  expect(text).toContain(from);
  const path = join(scratch, `${name}.yaml`);
  writeFileSync(path, text.replace(from, to));
  return path;
}

async function rulesOf(spec: string): Promise<{ status: number; rules: string[] }> {
  const run = await runInProcess([spec, '--trace', TRACE, '--json'], { cwd: root });
  const file = JSON.parse(run.stdout).data.files[0];
  return {
    status: run.status,
    rules: file.diagnostics.map((diagnostic: { ruleId: string; path: string }) => `${diagnostic.ruleId} ${diagnostic.path}`),
  };
}

if (!hasTraces) announceMissing('checking a spec against a real transcript', '../shared/traces');

describe.skipIf(!hasTraces)('a spec checked against a real transcript of ../shared/traces', () => {
  it('the spec written for 5c0375b4 passes against it, subagent reads and all', async () => {
    expect(await rulesOf(SPEC)).toEqual({ status: 0, rules: [] });
  });

  it('a deep dive of a node the agent never read fails trace-dive-observed', async () => {
    const spec = variant('unread', '    node: CLAUDE.md\n    tool: Read', '    node: todo-app\n    tool: Read');
    const { status, rules } = await rulesOf(spec);
    expect(status).toBe(1);
    expect(rules).toContain('trace-dive-observed /deepDives/2/node');
  });

  it('a map entry with a query the agent never ran fails trace-map-observed', async () => {
    const { status, rules } = await rulesOf(variant('unmapped', 'query: "**/package.json"', 'query: "**/*.json"'));
    expect(status).toBe(1);
    expect(rules).toEqual(['trace-map-observed /surfaceMap/0/query']);
  });

  it("a record that leaves out the subagent's second read, and counts one read less, fails trace-budget", async () => {
    const text = readFileSync(SPEC, 'utf8');
    const second = text.slice(text.indexOf('  - id: D2'), text.indexOf('  - id: D3'));
    const spec = join(scratch, 'hidden.yaml');
    writeFileSync(spec, text.replace(second, '').replace('  used: 3', '  used: 2'));
    expect(await rulesOf(spec)).toEqual({ status: 1, rules: ['trace-budget /budget/used'] });
  });

  it('a deep dive that names another tool than the trace used fails trace-tool', async () => {
    const spec = variant('tool', '    node: CLAUDE.md\n    tool: Read', '    node: CLAUDE.md\n    tool: cat');
    expect(await rulesOf(spec)).toEqual({ status: 1, rules: ['trace-tool /deepDives/2/tool'] });
  });
});
