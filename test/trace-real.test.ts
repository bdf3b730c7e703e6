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

async function rulesOf(spec: string): Promise<{ status: number; rules: string[]; messages: string[] }> {
  const run = await runInProcess([spec, '--trace', TRACE, '--json'], { cwd: root });
  const file = JSON.parse(run.stdout).data.files[0];
  return {
    status: run.status,
    rules: file.diagnostics.map((diagnostic: { ruleId: string; path: string }) => `${diagnostic.ruleId} ${diagnostic.path}`),
    messages: file.diagnostics.map((diagnostic: { message: string }) => diagnostic.message),
  };
}

/** The spec without its second deep dive (the subagent's second read of the manifest), counting 2 reads. */
function withoutSecondRead(name: string): string {
  const text = readFileSync(SPEC, 'utf8');
  const second = text.slice(text.indexOf('  - id: D2'), text.indexOf('  - id: D3'));
  const spec = join(scratch, `${name}.yaml`);
  writeFileSync(spec, text.replace(second, '').replace('  used: 3', '  used: 2'));
  return spec;
}

if (!hasTraces) announceMissing('checking a spec against a real transcript', '../shared/traces');

describe.skipIf(!hasTraces)('a spec checked against a real transcript of ../shared/traces', () => {
  it('the spec written for 5c0375b4 passes against it, subagent reads and all', async () => {
    expect(await rulesOf(SPEC)).toEqual({ status: 0, rules: [], messages: [] });
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

  it("a record that leaves out the subagent's second read, and counts one read less, fails trace-budget, naming the read", async () => {
    const spec = withoutSecondRead('hidden');
    const { status, rules, messages } = await rulesOf(spec);
    expect({ status, rules }).toEqual({ status: 1, rules: ['trace-budget /budget/used'] });
    expect(messages[0]).toContain('the trace shows 3 successful reads');
    expect(messages[0]).toContain('add a deep dive for the read at trace line 36 ("todo-app/package.json")');
  });

  it('the report, the HTML page and next say the same of that record: 2 of 3 reads recorded, the one at line 36 left out', async () => {
    const spec = withoutSecondRead('hidden-everywhere');
    const json = JSON.parse((await runInProcess([spec, '--trace', TRACE, '--format', 'json'], { cwd: root })).stdout);
    expect(json.trace.reads).toEqual({
      total: 3,
      matched: 2,
      unmatched: [
        {
          node: 'todo-app/package.json',
          line: 36,
          id: 'toolu_01QfMxgc1LfVtgousmNadCeX',
          timestamp: '2025-09-07T09:53:14.904Z',
          subagent: true,
        },
      ],
      unmatchedCount: 1,
      // A subagent made the first dive's read and the one the record leaves out.
      subagentDives: [0],
    });
    const page = (await runInProcess([spec, '--trace', TRACE, '--format', 'html'], { cwd: root })).stdout;
    expect(page).toContain('2 of 3 reads in the record');
    expect(page).toContain('read in the trace (line 36) by a subagent, with no deep dive in the record: todo-app/package.json');
    expect(page).toContain('A dashed ring marks a read a subagent made');
    const next = JSON.parse((await runInProcess(['next', spec, '--trace', TRACE, '--json'], { cwd: root })).stdout);
    expect(next.data.next.trace).toEqual({
      reads: 3,
      recorded: 2,
      unrecorded: [{ node: 'todo-app/package.json', line: 36 }],
      unrecordedCount: 1,
    });
  });

  it('with a read left out, --fix promises nothing: no count of the dives that drops a read, and no count the dives would deny', async () => {
    // Counting 2: the trace's 3 would disagree with the 2 dives; counting 3: the dives' 2 would drop a read.
    for (const used of [2, 3]) {
      const spec = withoutSecondRead(`hidden-fix-${used}`);
      writeFileSync(spec, readFileSync(spec, 'utf8').replace('  used: 2', `  used: ${used}`));
      const before = readFileSync(spec, 'utf8');
      const run = await runInProcess([spec, '--trace', TRACE, '--format', 'text'], { cwd: root });
      expect(run.stdout).toContain('line 36 ("todo-app/package.json")');
      expect(run.stdout).not.toContain('fixable');
      const fixed = await runInProcess([spec, '--trace', TRACE, '--fix', '--json'], { cwd: root });
      expect(fixed.status).toBe(1);
      expect(readFileSync(spec, 'utf8')).toBe(before);
    }
  });

  it("with every read recorded, --fix sets a wrong budget.used to the trace's count, and the record then passes", async () => {
    const spec = variant('miscounted', '  used: 3', '  used: 5');
    const before = JSON.parse((await runInProcess([spec, '--trace', TRACE, '--json'], { cwd: root })).stdout).data.files[0];
    expect(before.diagnostics.map((d: { ruleId: string; fix?: { replacement: unknown } }) => [d.ruleId, d.fix?.replacement])).toEqual([
      ['budget-accounting', 3],
      ['trace-budget', 3],
    ]);
    expect((await runInProcess([spec, '--trace', TRACE, '--fix', '--json'], { cwd: root })).status).toBe(0);
    expect(readFileSync(spec, 'utf8')).toContain('  used: 3\n');
  });

  it('a record that invents a second read of a node read once, and counts it, fails: that dive has no read of its own', async () => {
    const text = readFileSync(SPEC, 'utf8');
    const third = text.slice(text.indexOf('  - id: D3'), text.indexOf('replanLog'));
    const spec = join(scratch, 'invented.yaml');
    writeFileSync(spec, text.replace(third, `${third}${third.replace('id: D3', 'id: D4')}`).replace('  used: 3', '  used: 4'));
    const { status, rules, messages } = await rulesOf(spec);
    expect({ status, rules }).toEqual({ status: 1, rules: ['trace-budget /budget/used', 'trace-dive-observed /deepDives/3/node'] });
    expect(messages[1]).toContain('the trace reads "CLAUDE.md" once, and this is deep dive 2 of it');
  });

  it('a record that swaps the real second read for an invented second read of another node fails, naming the read left out', async () => {
    const spec = variant(
      'swapped',
      '  - id: D2\n    hypothesisId: H1\n    node: todo-app/package.json',
      '  - id: D2\n    hypothesisId: H2\n    node: CLAUDE.md',
    );
    const { status, rules, messages } = await rulesOf(spec);
    expect({ status, rules }).toEqual({ status: 1, rules: ['trace-budget /deepDives', 'trace-dive-observed /deepDives/2/node'] });
    expect(messages[0]).toContain('add a deep dive for the read at trace line 36 ("todo-app/package.json")');
    const json = JSON.parse((await runInProcess([spec, '--trace', TRACE, '--format', 'json'], { cwd: root })).stdout);
    expect(json.trace.reads.unmatched.map((read: { line: number }) => read.line)).toEqual([36]);
  });

  it('a record that puts the last read first fails trace-order, naming the dive it contradicts', async () => {
    const text = readFileSync(SPEC, 'utf8');
    const dives = text.slice(text.indexOf('  - id: D1'), text.indexOf('replanLog'));
    const third = dives.slice(dives.indexOf('  - id: D3'));
    const spec = join(scratch, 'reordered.yaml');
    // The priorities swapped to match, so that the record alone looks sound.
    const swapped = text
      .replace(dives, `${third}${dives.slice(0, dives.indexOf('  - id: D3'))}`)
      .replace('    priority: 1', '    priority: 0')
      .replace('    priority: 2', '    priority: 1')
      .replace('    priority: 0', '    priority: 2');
    writeFileSync(spec, swapped);
    const { status, rules, messages } = await rulesOf(spec);
    expect({ status, rules }).toEqual({ status: 1, rules: ['trace-order /deepDives/0/node'] });
    expect(messages[0]).toContain('"D1", written after it, stands for an earlier read');
  });

  it('a record that claims more reads than the trace shows fails trace-budget', async () => {
    const { status, rules, messages } = await rulesOf(variant('overclaimed', '  used: 3', '  used: 4'));
    expect({ status, rules }).toEqual({ status: 1, rules: ['budget-accounting /budget/used', 'trace-budget /budget/used'] });
    expect(messages[1]).toContain('budget.used is 4 but the trace shows 3 successful reads');
  });

  it('a deep dive that names another tool than the trace used fails trace-tool', async () => {
    const spec = variant('tool', '    node: CLAUDE.md\n    tool: Read', '    node: CLAUDE.md\n    tool: cat');
    const { status, rules } = await rulesOf(spec);
    expect({ status, rules }).toEqual({ status: 1, rules: ['trace-tool /deepDives/2/tool'] });
  });
});
