import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';
import { documentationPage } from './support/documentation.js';
import { runBuiltInProcess as runBuilt } from './support/in-process.js';
import { loadMermaid } from './support/mermaid.js';

const mermaidBlocks = (markdown: string): string[] =>
  [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((match) => match[1] as string);

describe('briefs, through the built CLI', () => {
  it.each([
    ['chain-valid', 0, []],
    ['tampered-hash', 1, ['/parent/sha256']],
    ['fork', 1, ['/parent']],
    ['gap', 1, ['/sequence']],
    ['unknown-evidence', 1, ['/brief/findings/1/evidenceRefs/1']],
  ] as const)('%s exits %i', async (folder, exitCode, pointers) => {
    const run = await runBuilt(['briefs', `fixtures/briefs/${folder}`, '--spec', 'fixtures/briefs/spec.json', '--json'], {
      cwd: projectRoot,
    });
    expect(run.status, run.stderr).toBe(exitCode);
    const envelope = JSON.parse(run.stdout);
    expect(envelope).toMatchObject({ schema: '1', ok: exitCode === 0, command: 'briefs' });
    const diagnostics = envelope.data.files.flatMap((file: { diagnostics: Array<{ path: string }> }) =>
      file.diagnostics.map((d) => d.path),
    );
    for (const pointer of pointers) expect(diagnostics).toContain(pointer);
    if (exitCode === 1) expect(envelope.error).toMatchObject({ code: 'GATE_FAILED' });
  });

  it('says when evidence ids were not checked, and what it checked instead', async () => {
    const run = await runBuilt(['briefs', 'fixtures/briefs/unknown-evidence'], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/note: .*evidence ids not checked/i);
  });

  it('writes SARIF with a descriptor for brief-chain', async () => {
    const run = await runBuilt(['briefs', 'fixtures/briefs/fork', '--format', 'sarif'], { cwd: projectRoot });
    const sarif = JSON.parse(run.stdout);
    const ids = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(ids).toContain('brief-chain');
    const result = sarif.runs[0].results[0];
    expect(ids[result.ruleIndex]).toBe('brief-chain');
  });
});

describe('stats, through the built CLI', () => {
  it('aggregates the fixture corpus into tables and Mermaid charts that parse', async () => {
    const run = await runBuilt(['stats', 'fixtures/valid', 'fixtures/invalid'], { cwd: projectRoot });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('## Stop reasons');
    const blocks = mermaidBlocks(run.stdout);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const mermaid = await loadMermaid();
    const types = [];
    for (const block of blocks) types.push(await mermaid.parse(block));
    expect(types).toContain('pie');
    expect(types).toContain('xychart');
  });

  it('prints deterministic JSON whatever the order of its inputs', async () => {
    const one = await runBuilt(['stats', 'fixtures/valid', 'fixtures/invalid', '--format', 'json'], { cwd: projectRoot });
    const other = await runBuilt(['stats', 'fixtures/invalid', 'fixtures/valid', '--format', 'json'], { cwd: projectRoot });
    expect(one.status).toBe(0);
    expect(one.stdout).toBe(other.stdout);
    const stats = JSON.parse(one.stdout);
    expect(stats).toMatchObject({ files: expect.any(Number) });
  });
});

describe('stats of fixtures/stats-runs, as the README shows them', () => {
  const page = documentationPage('docs/cli.md');
  const section = page.slice(page.indexOf('### Runs of the same task'));

  it('prints the Markdown section of the README, then a chart that parses', async () => {
    const run = await runBuilt(['stats', 'fixtures/stats-runs'], { cwd: projectRoot });
    expect(run.status, run.stderr).toBe(0);
    const shown = /```markdown\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const printed = run.stdout.slice(run.stdout.indexOf('## Runs of the same task'));
    expect(shown.length).toBeGreaterThan(100);
    expect(printed.startsWith(shown)).toBe(true);
    const [chart] = mermaidBlocks(printed);
    expect(await (await loadMermaid()).parse(chart ?? '')).toBe('xychart');
  });

  it('prints the JSON of the README for the second task under --k 1,2', async () => {
    const run = await runBuilt(['stats', 'fixtures/stats-runs', '--k', '1,2', '--format', 'json'], { cwd: projectRoot });
    const stats = JSON.parse(run.stdout);
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? 'null');
    expect(stats.tasks[1]).toEqual(shown);
    expect(stats).toMatchObject({ files: 9, investigations: 8, unassigned: 1, kValues: [1, 2] });
  });
});

describe('stats --k', () => {
  it('takes comma-separated positive whole numbers, sorted and without repeats', async () => {
    const run = await runBuilt(['stats', 'fixtures/valid', '--format', 'json', '--k', '5,1,1,2'], { cwd: projectRoot });
    expect(run.status, run.stderr).toBe(0);
    const stats = JSON.parse(run.stdout);
    expect(stats.kValues).toEqual([1, 2, 5]);
    for (const task of stats.tasks) expect(task.passAtK.map((entry: { k: number }) => entry.k)).toEqual([1, 2, 5]);
  });

  it('is 1, 3 and 5 without the option', async () => {
    const run = await runBuilt(['stats', 'fixtures/valid', '--format', 'json'], { cwd: projectRoot });
    expect(JSON.parse(run.stdout).kValues).toEqual([1, 3, 5]);
  });

  it.each(['0', '1,,3', '1,', '1.5', '-1', '+1', ' 1', '1 ,3', 'abc', '', '1e3', '0x10', '99999999999999999999'])(
    'refuses %j with a usage error (INVALID_ARGUMENT) that names it',
    async (value) => {
      const run = await runBuilt(['stats', 'fixtures/valid', '--k', value, '--json'], { cwd: projectRoot });
      expect(run.status).toBe(2);
      const envelope = JSON.parse(run.stdout);
      expect(envelope.error).toEqual({
        code: 'USAGE_ERROR',
        subcode: 'INVALID_ARGUMENT',
        message: `--k takes comma-separated positive whole numbers (such as 1,3,5), not ${JSON.stringify(value)}`,
      });
    },
  );

  it('refuses more than 10 distinct values, and takes 10', async () => {
    const eleven = await runBuilt(['stats', 'fixtures/valid', '--k', '1,2,3,4,5,6,7,8,9,10,11', '--json'], { cwd: projectRoot });
    expect(eleven.status).toBe(2);
    expect(JSON.parse(eleven.stdout).error).toMatchObject({
      subcode: 'INVALID_ARGUMENT',
      message: '--k takes at most 10 distinct values, not 11',
    });
    const ten = await runBuilt(['stats', 'fixtures/valid', '--k', '1,2,3,4,5,6,7,8,9,10,10,1'], { cwd: projectRoot });
    expect(ten.status, ten.stderr).toBe(0);
    expect(ten.stdout).toContain('| pass@10 | pass^1 |');
  });
});

describe('the Markdown report of a discovery spec', () => {
  it('has a Discovery section and a flow diagram with the cycles that Mermaid parses', async () => {
    const run = await runBuilt(['fixtures/valid/discovery-search-stale-prices.json'], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('## Discovery');
    const [flow] = mermaidBlocks(run.stdout);
    const mermaid = await loadMermaid();
    const structure = await mermaid.flowchart(flow ?? '');
    expect(structure.subgraphs.length).toBeGreaterThan(0);
    expect(structure.vertices.some((vertex) => /forage/i.test(vertex.label))).toBe(true);
  });
});
