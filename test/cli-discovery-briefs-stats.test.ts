import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
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
    const run = await runInProcess(['briefs', `fixtures/briefs/${folder}`, '--spec', 'fixtures/briefs/spec.json', '--json'], {
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
    const run = await runInProcess(['briefs', 'fixtures/briefs/unknown-evidence'], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/note: .*evidence ids not checked/i);
  });

  it('writes SARIF with a descriptor for brief-chain', async () => {
    const run = await runInProcess(['briefs', 'fixtures/briefs/fork', '--format', 'sarif'], { cwd: projectRoot });
    const sarif = JSON.parse(run.stdout);
    const ids = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(ids).toContain('brief-chain');
    const result = sarif.runs[0].results[0];
    expect(ids[result.ruleIndex]).toBe('brief-chain');
  });
});

describe('stats, through the built CLI', () => {
  it('aggregates the fixture corpus into tables and Mermaid charts that parse', async () => {
    const run = await runInProcess(['stats', 'fixtures/valid', 'fixtures/invalid'], { cwd: projectRoot });
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
    const one = await runInProcess(['stats', 'fixtures/valid', 'fixtures/invalid', '--format', 'json'], { cwd: projectRoot });
    const other = await runInProcess(['stats', 'fixtures/invalid', 'fixtures/valid', '--format', 'json'], { cwd: projectRoot });
    expect(one.status).toBe(0);
    expect(one.stdout).toBe(other.stdout);
    const stats = JSON.parse(one.stdout);
    expect(stats).toMatchObject({ files: expect.any(Number) });
  });
});

describe('the Markdown report of a discovery spec', () => {
  it('has a Discovery section and a flow diagram with the cycles that Mermaid parses', async () => {
    const run = await runInProcess(['fixtures/valid/discovery-search-stale-prices.json'], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('## Discovery');
    const [flow] = mermaidBlocks(run.stdout);
    const mermaid = await loadMermaid();
    const structure = await mermaid.flowchart(flow ?? '');
    expect(structure.subgraphs.length).toBeGreaterThan(0);
    expect(structure.vertices.some((vertex) => /forage/i.test(vertex.label))).toBe(true);
  });
});
