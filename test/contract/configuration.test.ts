import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Envelope, expectEnvelope } from '../support/contract.js';
import { runBuiltInProcess as runBuilt } from '../support/in-process.js';
import { specWithoutProvenance, validSpec } from '../support/specs.js';
import { useTempDirs, writeJson, writeYaml } from '../support/temp.js';

/**
 * Configuration precedence, through the built CLI: --config beats INVESTIGATION_CONFIG, which beats
 * the walk-up, which beats the built-in defaults; a broken configuration is a usage error.
 */

const tempDir = useTempDirs('contract');

// ---------------------------------------------------------------------------------------------
// Hermeticity: temporary folders have no configuration up their tree.

describe('test environment', () => {
  it('a fresh temporary folder resolves to the built-in defaults, with no walk-up warning', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const result = await runBuilt(['spec.json', '--json'], { cwd: dir });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: null, source: 'default' });
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// Precedence.

describe('configuration', () => {
  /**
   * root/.git/                       root is the top of a repository: the walk up from work climbs to it
   * root/investigation.config.json   walk-up: finding-provenance off
   * root/work/                       the working folder, holding the spec without provenance tags
   * root/work/env.json               for INVESTIGATION_CONFIG: finding-provenance warning
   * root/work/flag.json              for --config: finding-provenance error
   */
  function layout(): { root: string; work: string } {
    const root = tempDir();
    const work = join(root, 'work');
    mkdirSync(work);
    mkdirSync(join(root, '.git'));
    writeJson(root, 'investigation.config.json', { rules: { 'finding-provenance': 'off' } });
    writeJson(work, 'env.json', { rules: { 'finding-provenance': 'warning' } });
    writeJson(work, 'flag.json', { rules: { 'finding-provenance': 'error' } });
    writeJson(work, 'spec.json', specWithoutProvenance());
    return { root, work };
  }

  function provenanceSeverities(envelope: Envelope): string[] {
    return [
      ...new Set(
        (envelope.data['files'][0].diagnostics as Array<{ ruleId: string; severity: string }>)
          .filter((diagnostic) => diagnostic.ruleId === 'finding-provenance')
          .map((diagnostic) => diagnostic.severity),
      ),
    ];
  }

  it('without any configuration the spec without provenance fails the gate (the baseline)', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
      subcode: 'ERRORS',
    });
    expect(envelope.data['config']).toEqual({ path: null, source: 'default' });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
  });

  it('--config beats INVESTIGATION_CONFIG and the walk-up', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json', '--config', 'flag.json', '--json'], {
      cwd: work,
      env: { INVESTIGATION_CONFIG: 'env.json' },
    });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    expect(envelope.data['config']).toEqual({ path: 'flag.json', source: 'flag' });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).not.toContain('walking up');
  });

  it('-c is --config', async () => {
    const { work } = layout();
    const envelope = expectEnvelope(await runBuilt(['spec.json', '-c', 'flag.json', '--json'], { cwd: work }), {
      command: 'compile',
      exit: 1,
    });
    expect(envelope.data['config']).toEqual({ path: 'flag.json', source: 'flag' });
  });

  it('INVESTIGATION_CONFIG beats the walk-up', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: 'env.json' } });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: 'env.json', source: 'env' });
    expect(provenanceSeverities(envelope)).toEqual(['warning']);
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).not.toContain('walking up');
  });

  it('INVESTIGATION_CONFIG may be absolute; the echoed path is relative to the working folder', async () => {
    const { work } = layout();
    const envelope = expectEnvelope(
      await runBuilt(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: join(work, 'env.json') } }),
      {
        command: 'compile',
        exit: 0,
      },
    );
    expect(envelope.data['config']).toEqual({ path: 'env.json', source: 'env' });
  });

  it('the walk-up beats the defaults, and says so with a warning that names the file and how to pin it', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json', '--json'], { cwd: work });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.json', source: 'walk-up' });
    expect(provenanceSeverities(envelope)).toEqual([]);
    expect(envelope.warnings).toHaveLength(1);
    const warning = envelope.warnings[0] as string;
    expect(warning).toContain('../investigation.config.json');
    expect(warning).toContain('--config');
    expect(warning).toContain('INVESTIGATION_CONFIG');
    expect(result.stderr).toContain(warning);
    expect(result.stderr).toMatch(/warning/);
  });

  it('the walk-up warning is on stderr without --json too, and stdout holds only the report', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json'], { cwd: work });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^# Adaptive Investigation Report: /);
    expect(result.stdout).not.toContain('investigation.config.json');
    expect(result.stderr).toContain('../investigation.config.json');
    expect(result.stderr).toContain('--config');
    expect(result.stderr).toContain('INVESTIGATION_CONFIG');
  });

  it('an empty INVESTIGATION_CONFIG counts as unset', async () => {
    const { work } = layout();
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: '' } }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.json', source: 'walk-up' });
  });

  it('the walk-up finds the nearest configuration, from deeper folders too, and YAML (.yml) ones', async () => {
    const { root } = layout();
    const deep = join(root, 'work', 'a', 'b');
    mkdirSync(deep, { recursive: true });
    writeJson(deep, 'spec.json', specWithoutProvenance());
    let envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: deep }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: '../../../investigation.config.json', source: 'walk-up' });
    expect(envelope.warnings[0]).toContain('../../../investigation.config.json');

    writeYaml(join(root, 'work', 'a'), 'investigation.config.yml', { rules: { 'finding-provenance': 'warning' } });
    envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: deep }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.yml', source: 'walk-up' });
    expect(provenanceSeverities(envelope)).toEqual(['warning']);
  });

  it('a configuration in the working folder itself is found', async () => {
    const dir = tempDir();
    writeYaml(dir, 'investigation.config.yaml', { rules: { 'finding-provenance': 'off' } });
    writeJson(dir, 'spec.json', specWithoutProvenance());
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: dir }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: 'investigation.config.yaml', source: 'walk-up' });
  });

  it('rules: {"finding-provenance": "off"} turns the verdict of a spec without provenance tags to pass', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());
    writeJson(dir, 'off.json', { rules: { 'finding-provenance': 'off' } });
    expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: dir }), { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--config', 'off.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
      code: null,
    });
    expect(envelope.data['files'][0].verdict).toBe('pass');
    expect(envelope.data['files'][0].report.verdict).toBe('pass');
    expect(provenanceSeverities(envelope)).toEqual([]);
  });

  it('preset: "reference" in a configuration applies, and --preset overrides it', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());
    writeJson(dir, 'reference.json', { preset: 'reference' });
    writeJson(dir, 'gate.json', { preset: 'gate' });
    expectEnvelope(await runBuilt(['spec.json', '--config', 'reference.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
      code: null,
    });
    expectEnvelope(await runBuilt(['spec.json', '--config', 'reference.json', '--preset', 'gate', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expectEnvelope(await runBuilt(['spec.json', '--config', 'gate.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expectEnvelope(await runBuilt(['spec.json', '--config', 'gate.json', '--preset', 'reference', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
      code: null,
    });
  });

  it("a configuration's rules apply on top of its preset", async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());
    writeJson(dir, 'config.json', { preset: 'reference', rules: { 'finding-provenance': 'error' } });
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--config', 'config.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
  });

  it('YAML configurations (.yaml and .yml) work through --config and INVESTIGATION_CONFIG', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());
    writeYaml(dir, 'config.yaml', { rules: { 'finding-provenance': 'off' } });
    writeFileSync(join(dir, 'config.yml'), '# reference judges provenance off\npreset: reference\n');
    let envelope = expectEnvelope(await runBuilt(['spec.json', '--config', 'config.yaml', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: 'config.yaml', source: 'flag' });
    envelope = expectEnvelope(await runBuilt(['spec.json', '--config', 'config.yml', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: 'config.yml', source: 'flag' });
    envelope = expectEnvelope(await runBuilt(['spec.json', '--json'], { cwd: dir, env: { INVESTIGATION_CONFIG: 'config.yml' } }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: 'config.yml', source: 'env' });
  });

  const broken: Array<[string, unknown, string, string]> = [
    ['an unknown rule id', { rules: { 'no-such-rule': 'off' } }, 'UNKNOWN_RULE', 'no-such-rule'],
    ['an unknown preset', { preset: 'strictest' }, 'UNKNOWN_PRESET', 'strictest'],
    ['an unknown top-level key', { preset: 'gate', colour: 'blue' }, 'INVALID_CONFIG', 'colour'],
    ['a rule setting that is not off, warning or error', { rules: { schema: 'loud' } }, 'INVALID_SETTING', 'loud'],
    ['a preset that is not a string', { preset: 3 }, 'INVALID_CONFIG', 'preset'],
    ['rules that are not an object', { rules: ['schema'] }, 'INVALID_CONFIG', 'rules'],
    ['a document that is not an object', ['gate'], 'INVALID_CONFIG', 'config.json'],
  ];
  describe.each(['flag', 'env', 'walk-up'] as const)('a broken configuration from %s is a usage error naming the problem', (source) => {
    it.each(broken)('%s', async (_name, config, subcode, named) => {
      const root = tempDir();
      const work = join(root, 'work');
      mkdirSync(work);
      writeJson(work, 'spec.json', validSpec());
      const where = source === 'walk-up' ? root : work;
      // root, the top of a repository, is where the walk up from work may climb to.
      mkdirSync(join(root, '.git'));
      writeJson(where, source === 'walk-up' ? 'investigation.config.json' : 'config.json', config);
      const args = source === 'flag' ? ['spec.json', '--config', 'config.json', '--json'] : ['spec.json', '--json'];
      const env: Record<string, string> = source === 'env' ? { INVESTIGATION_CONFIG: 'config.json' } : {};
      const result = await runBuilt(args, { cwd: work, env });
      const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode });
      expect(envelope.error?.message).toContain(named);
      expect(result.stderr).toContain(named);
      // Without --json: nothing on stdout, the same message on stderr.
      const plain = await runBuilt(
        args.filter((arg) => arg !== '--json'),
        { cwd: work, env },
      );
      expect(plain.status).toBe(2);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toContain(named);
    });
  });

  it('a missing --config file is CONFIG_NOT_FOUND, even when a walk-up configuration exists', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json', '--config', 'nowhere.json', '--json'], { cwd: work });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFIG_NOT_FOUND' });
    expect(envelope.error?.message).toContain('nowhere.json');
  });

  it('a missing INVESTIGATION_CONFIG file is CONFIG_NOT_FOUND', async () => {
    const { work } = layout();
    const result = await runBuilt(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: 'nowhere.yaml' } });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFIG_NOT_FOUND' });
    expect(envelope.error?.message).toContain('nowhere.yaml');
    expect(envelope.error?.message).toContain('INVESTIGATION_CONFIG');
  });

  it('a configuration that is not valid YAML is INVALID_CONFIG', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeFileSync(join(dir, 'config.yaml'), 'preset: [\n');
    const envelope = expectEnvelope(await runBuilt(['spec.json', '--config', 'config.yaml', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 2,
      code: 'USAGE_ERROR',
      subcode: 'INVALID_CONFIG',
    });
    expect(envelope.error?.message).toContain('config.yaml');
  });
});
