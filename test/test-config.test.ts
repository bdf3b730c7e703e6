// `test` under configuration: the same discovery and flags as compile, sidecars that name a
// configuration or carry a policy, folders without expectations left out, and what --update wrote.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('test-config');

/** A spec whose dives use the tool "node", which the gate's policy does not allow. */
function nodeDiveSpec(): Record<string, any> {
  const spec = validSpec();
  for (const dive of spec.deepDives) dive.tool = 'node';
  return spec;
}

const ALLOW_NODE = { expensiveDiveTools: ['Read', 'node'] };

describe('test under configuration', () => {
  it('a configuration beside the fixtures judges them, as compile would', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'investigation.config.json', { policy: ALLOW_NODE });
    writeJson(join(root, 'suite'), 'node.json', nodeDiveSpec());
    writeJson(join(root, 'suite'), 'node.expect.json', { exitCode: 0 });
    const result = await runInProcess(['test', 'suite', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(result.status, result.stdout).toBe(0);
    expect(envelope.data.fixtures[0].config).toEqual({ path: 'suite/investigation.config.json', source: 'walk-up' });
    expect(envelope.warnings[0]).toContain('suite/investigation.config.json');
  });

  it('--config, --policy and --preset apply to fixtures whose expectation says nothing else', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'node.json', nodeDiveSpec());
    writeJson(join(root, 'suite'), 'node.expect.json', { exitCode: 0 });
    writeJson(root, 'allow.json', { policy: ALLOW_NODE });
    writeJson(root, 'policy.json', ALLOW_NODE);
    expect((await runInProcess(['test', 'suite'], { cwd: root })).status).toBe(1);
    expect((await runInProcess(['test', 'suite', '--config', 'allow.json'], { cwd: root })).stdout).toBe('1 passed, 0 failed\n');
    expect((await runInProcess(['test', 'suite', '--policy', 'policy.json'], { cwd: root })).stdout).toBe('1 passed, 0 failed\n');
  });

  it('--preset applies under a sidecar that names none, and a sidecar preset wins over it', async () => {
    const root = tempDir();
    const spec = validSpec();
    for (const dive of spec.deepDives) delete dive.provenance;
    writeJson(join(root, 'suite'), 'plain.json', spec);
    writeJson(join(root, 'suite'), 'plain.expect.json', { exitCode: 0 });
    writeJson(join(root, 'suite'), 'pinned.json', spec);
    writeJson(join(root, 'suite'), 'pinned.expect.json', { preset: 'gate', exitCode: 1 });
    expect((await runInProcess(['test', 'suite'], { cwd: root })).stdout).toMatch(/1 passed, 1 failed\n$/);
    expect((await runInProcess(['test', 'suite', '--preset', 'reference'], { cwd: root })).stdout).toBe('2 passed, 0 failed\n');
  });

  it('a sidecar may name a configuration file (relative to itself) or carry policy overrides', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite', 'configs'), 'node.json', { policy: ALLOW_NODE });
    writeJson(join(root, 'suite'), 'named.json', nodeDiveSpec());
    writeJson(join(root, 'suite'), 'named.expect.json', { config: 'configs/node.json', exitCode: 0 });
    writeJson(join(root, 'suite'), 'inline.json', nodeDiveSpec());
    writeJson(join(root, 'suite'), 'inline.expect.json', { policy: ALLOW_NODE, exitCode: 0 });
    const result = await runInProcess(['test', 'suite', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(envelope.data.fixtures.map((fixture: any) => [fixture.path, fixture.passed, fixture.config ?? null])).toEqual([
      ['suite/inline.json', true, null],
      ['suite/named.json', true, { path: 'suite/configs/node.json', source: 'sidecar' }],
    ]);
  });

  it('a sidecar naming a missing or broken configuration fails its own fixture, naming the problem', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'a.json', validSpec());
    writeJson(join(root, 'suite'), 'a.expect.json', { config: 'nowhere.json', exitCode: 0 });
    writeJson(join(root, 'suite'), 'b.json', validSpec());
    writeJson(join(root, 'suite'), 'b.expect.json', { policy: { cheapMapTool: [] }, exitCode: 0 });
    writeJson(join(root, 'suite'), 'c.json', validSpec());
    writeJson(join(root, 'suite'), 'c.expect.json', { exitCode: 0 });
    const envelope = envelopeOf((await runInProcess(['test', 'suite', '--json'], { cwd: root })).stdout);
    const [a, b, c] = envelope.data.fixtures;
    expect(a.problems[0]).toMatch(/^suite\/a\.expect\.json: config suite\/nowhere\.json: .*does not exist/);
    expect(b.problems[0]).toContain('"cheapMapTool". Did you mean "cheapMapTools"?');
    expect(c.passed).toBe(true);
  });

  it('a broken configuration found by walking up, or a broken --policy, is a usage error before any fixture runs', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'investigation.config.json', { colour: 'blue' });
    writeJson(join(root, 'suite'), 'a.json', validSpec());
    writeJson(join(root, 'suite'), 'a.expect.json', { exitCode: 0 });
    const walked = envelopeOf((await runInProcess(['test', 'suite', '--json'], { cwd: root })).stdout);
    expect(walked.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_CONFIG' });
    writeJson(join(root, 'other'), 'a.json', validSpec());
    writeJson(join(root, 'other'), 'a.expect.json', { exitCode: 0 });
    writeJson(root, 'policy.json', { budget: 3 });
    const policy = await runInProcess(['test', 'other', '--policy', 'policy.json', '--json'], { cwd: root });
    expect(envelopeOf(policy.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_POLICY' });
    expect(envelopeOf(policy.stdout).error.message).toMatch(/^--policy policy\.json: /);
  });
});

describe('which folders are fixtures', () => {
  it('`test fixtures` passes: the brief artifact, compare and stats-runs folders, which hold no expectation, are left out and named', async () => {
    const result = await runInProcess(['test', 'fixtures', '--json'], { cwd: projectRoot });
    const envelope = envelopeOf(result.stdout);
    expect(result.status, JSON.stringify(envelope.error)).toBe(0);
    expect(envelope.data.failed).toBe(0);
    expect(envelope.data.skipped).toContain('fixtures/briefs');
    expect(envelope.data.skipped).toContain('fixtures/briefs/chain-valid');
    expect(envelope.data.skipped).toContain('fixtures/compare/base');
    expect(envelope.data.skipped).toContain('fixtures/compare/head');
    expect(envelope.data.skipped).toContain('fixtures/stats-runs');
    expect(envelope.data.fixtures.some((fixture: any) => fixture.path.startsWith('fixtures/briefs/'))).toBe(false);
    // Katas reports are fixtures like specs: judged by their own rules through the same command.
    expect(envelope.data.fixtures.some((fixture: any) => fixture.path.startsWith('fixtures/katas/valid/'))).toBe(true);
    expect(result.stderr).toBe('');
    const text = await runInProcess(['test', 'fixtures'], { cwd: projectRoot });
    expect(text.stdout).toMatch(/^not run: the 9 folders fixtures\/briefs, .*\n\d+ passed, 0 failed\n$/);
  });

  it('a folder given that holds no expectation at all is a new suite: every spec is a fixture', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite', 'inner'), 'a.json', validSpec());
    const result = await runInProcess(['test', 'suite', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(envelope.data.fixtures.map((fixture: any) => fixture.path)).toEqual(['suite/inner/a.json']);
    expect(envelope.data.skipped).toEqual([]);
  });

  it('a folder left out runs when named', async () => {
    const result = await runInProcess(['test', 'fixtures/briefs/fork', '--json'], { cwd: projectRoot });
    expect(envelopeOf(result.stdout).data.fixtures).toHaveLength(3);
  });
});

describe('--update lists what it wrote', () => {
  it('each file created or updated, on standard output and in the envelope', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'a.json', validSpec());
    writeJson(join(root, 'suite'), 'a.expect.json', { exitCode: 1 });
    writeJson(join(root, 'suite'), 'b.json', validSpec());
    const text = await runInProcess(['test', 'suite', '--update'], { cwd: root });
    expect(text.status).toBe(0);
    expect(text.stdout).toBe(
      [
        'updated suite/a.expect.json',
        'created suite/a.report.md',
        'created suite/a.report.json',
        'created suite/b.expect.json',
        'created suite/b.report.md',
        'created suite/b.report.json',
        '2 passed, 0 failed',
        '',
      ].join('\n'),
    );
    writeJson(join(root, 'suite'), 'a.expect.json', { exitCode: 1 });
    const envelope = envelopeOf((await runInProcess(['test', 'suite', '--update', '--json'], { cwd: root })).stdout);
    expect(envelope.data.updated).toEqual(['suite/a.expect.json']);
    expect(envelope.data.created).toEqual([]);
  });

  it('an updated expectation keeps the configuration, preset and policy it names', async () => {
    const root = tempDir();
    writeJson(join(root, 'suite'), 'a.json', nodeDiveSpec());
    writeJson(join(root, 'suite'), 'a.expect.json', { policy: ALLOW_NODE, preset: 'gate', exitCode: 1 });
    await runInProcess(['test', 'suite', '--update'], { cwd: root });
    const written = JSON.parse(readFileSync(join(root, 'suite', 'a.expect.json'), 'utf8'));
    expect(Object.keys(written)).toEqual(['preset', 'policy', 'exitCode', 'verdict', 'diagnostics']);
    expect(written).toMatchObject({ preset: 'gate', policy: ALLOW_NODE, exitCode: 0 });
  });
});
