// Configuration found from each input file's folder, one compiler per distinct configuration, and
// every problem of a configuration reported at once.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config/resolve.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

const tempDir = useTempDirs('config-lookup');

function withoutProvenance(): Record<string, any> {
  const spec = validSpec();
  for (const dive of spec.deepDives) delete dive.provenance;
  return spec;
}

/**
 * root/                      the working directory, no configuration
 * root/team-a/investigation.config.json   finding-provenance off
 * root/team-a/spec.json
 * root/team-b/spec.json      no configuration up to root: the defaults
 */
function twoTeams(): string {
  const root = tempDir();
  writeJson(join(root, 'team-a'), 'investigation.config.json', { rules: { 'finding-provenance': 'off' } });
  writeJson(join(root, 'team-a'), 'spec.json', withoutProvenance());
  writeJson(join(root, 'team-b'), 'spec.json', withoutProvenance());
  return root;
}

describe('configuration found from each file', () => {
  it('a configuration beside the specs is found when the tool runs from the repository root', async () => {
    const root = twoTeams();
    const result = await runInProcess(['team-a/spec.json', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(result.status).toBe(0);
    expect(envelope.data.config).toEqual({ path: 'team-a/investigation.config.json', source: 'walk-up' });
    expect(envelope.warnings).toEqual([
      'using team-a/investigation.config.json, found by walking up from team-a; pin it with --config team-a/investigation.config.json or INVESTIGATION_CONFIG=team-a/investigation.config.json',
    ]);
  });

  it('each file is judged by its own configuration, and the envelope says which judged which', async () => {
    const root = twoTeams();
    const result = await runInProcess(['team-a', 'team-b', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(result.status).toBe(1);
    const files = envelope.data.files.map((file: any) => [file.path, file.config, file.exitCode]);
    expect(files).toEqual([
      ['team-a/spec.json', { path: 'team-a/investigation.config.json', source: 'walk-up' }, 0],
      ['team-b/spec.json', { path: null, source: 'default' }, 1],
    ]);
    expect(envelope.data.config).toEqual({ path: 'team-a/investigation.config.json', source: 'walk-up' });
  });

  it('files that share a configuration are announced once', async () => {
    const root = twoTeams();
    writeJson(join(root, 'team-a', 'sub'), 'other.json', withoutProvenance());
    const result = await runInProcess(['team-a', '--format', 'text', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(envelope.warnings).toHaveLength(1);
    expect(envelope.data.files.map((file: any) => file.config.path)).toEqual([
      'team-a/investigation.config.json',
      'team-a/investigation.config.json',
    ]);
  });

  it('a file outside the working directory falls back to the working directory’s configuration', async () => {
    const root = tempDir();
    const work = join(root, 'work');
    writeYaml(work, 'investigation.config.yaml', { rules: { 'finding-provenance': 'warning' } });
    const outside = writeJson(join(root, 'elsewhere'), 'spec.json', withoutProvenance());
    const envelope = envelopeOf((await runInProcess([outside, '--json'], { cwd: work })).stdout);
    expect(envelope.data.files[0].config).toEqual({ path: 'investigation.config.yaml', source: 'walk-up' });
    expect(envelope.data.files[0].exitCode).toBe(0);
  });

  it('--config and INVESTIGATION_CONFIG judge every file, whatever lies beside them', async () => {
    const root = twoTeams();
    writeJson(root, 'strict.json', { rules: { 'finding-provenance': 'error' } });
    for (const [args, env] of [
      [['--config', 'strict.json'], {}],
      [[], { INVESTIGATION_CONFIG: 'strict.json' }],
    ] as const) {
      const result = await runInProcess(['team-a', 'team-b', ...args, '--json'], { cwd: root, env });
      const envelope = envelopeOf(result.stdout);
      expect(envelope.data.files.map((file: any) => [file.config.path, file.exitCode])).toEqual([
        ['strict.json', 1],
        ['strict.json', 1],
      ]);
      expect(envelope.warnings).toEqual([]);
    }
  });

  it('stats judges each file by its own configuration too', async () => {
    const root = twoTeams();
    const result = await runInProcess(['stats', 'team-a', 'team-b', '--format', 'json', '--json'], { cwd: root });
    const envelope = envelopeOf(result.stdout);
    expect(envelope.data.stats).toMatchObject({ files: 2, exitCodes: { '0': 1, '1': 1 } });
  });
});

describe('every configuration problem at once', () => {
  it('names unknown keys, a wrong type, an unknown rule and preset with suggestions, and every bad policy value', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'config.json', {
      rule: {},
      preset: 'gatee',
      rules: { 'dive-ordr': 'off', schema: 'loud' },
      policy: { cheapMapTool: ['Glob'], expensiveDiveTools: 'Read' },
    });
    const result = await runInProcess(['spec.json', '--config', 'config.json', '--json'], { cwd: dir });
    const envelope = envelopeOf(result.stdout);
    expect(result.status).toBe(2);
    expect(envelope.error.subcode).toBe('INVALID_CONFIG');
    const message: string = envelope.error.message;
    expect(message).toMatch(/^--config config\.json: 6 problems: /);
    for (const part of [
      'unknown key "rule"; a config holds preset, policy, rules, ignores, ruleDocsBaseUrl and hooks. Did you mean "rules"?',
      'unknown preset "gatee"; use gate or reference. Did you mean "gate"?',
      'unknown rule "dive-ordr"; `compile-investigation rules` lists them. Did you mean "dive-order"?',
      'rule schema: setting "loud" must be off, warning or error',
      'policy: the policy has an unknown key "cheapMapTool". Did you mean "cheapMapTools"?',
      'policy: /expensiveDiveTools must be array',
    ])
      expect(message).toContain(part);
    expect(result.stderr).toContain(message);
  });

  it('names every problem of the hooks section, as the hook reads it', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'config.json', { hooks: { spc: 'x.yaml', blindReads: 'sometimes', maxStopBlocks: -1, failClosed: 'yes' } });
    const result = await runInProcess(['spec.json', '--config', 'config.json', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    const message: string = envelopeOf(result.stdout).error.message;
    expect(message).toMatch(/^--config config\.json: 4 problems: /);
    for (const part of [
      'hooks: unknown key "spc"; hooks holds spec, blindReads, maxStopBlocks, failClosed, stateDir. Did you mean "spec"?',
      'hooks.blindReads "sometimes" must be deny, warn or off',
      'hooks.maxStopBlocks -1 must be a whole number (0 or more)',
      'hooks.failClosed must be true or false',
    ])
      expect(message).toContain(part);
  });

  it('one problem keeps its own subcode and message', () => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', { rules: { 'no-such-rule': 'off' } });
    expect(() => resolveConfig(undefined, undefined, dir)).toThrow(
      expect.objectContaining({ subcode: 'UNKNOWN_RULE', message: expect.stringMatching(/: unknown rule "no-such-rule"/) }),
    );
  });

  it('a policy with two budget units whose minTotal is above maxTotal names both', () => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', {
      policy: { budget: { reads: { minTotal: 9, maxTotal: 1 }, tokens: { minTotal: 9, maxTotal: 1 } } },
    });
    expect(() => resolveConfig(undefined, undefined, dir)).toThrow(
      /2 problems: .*"reads" has minTotal above maxTotal.*"tokens" has minTotal above maxTotal/,
    );
  });
});
