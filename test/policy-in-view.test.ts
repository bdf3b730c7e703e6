/**
 * The policy in plain view and a short authoring loop: `config` shows every value and its source,
 * `schema --preset` lists the allowed values, a value outside a list carries `expected` and
 * `suggestion`, and the messages say what was meant and how to allow or quote it.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import envelopeSchema from '../assets/envelope.schema.json' with { type: 'json' };
import { createCompiler } from '../src/index.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('policy-in-view');
const validateEnvelope = new Ajv2020({ strict: false }).compile(envelopeSchema);

function envelopeOf(stdout: string): { data: Record<string, any>; error: { subcode: string; message: string } | null } {
  const envelope = JSON.parse(stdout);
  expect(validateEnvelope(envelope), JSON.stringify(validateEnvelope.errors)).toBe(true);
  return envelope;
}

describe('config', () => {
  it('names the source of the preset, of each policy value and of each rule setting', async () => {
    const dir = tempDir();
    writeJson(dir, 'team.config.json', { policy: { expensiveDiveTools: ['Read', 'node'] }, rules: { 'dive-order': 'error' } });
    writeJson(dir, 'policy.json', { minimums: { hypotheses: 3 } });
    const run = await runInProcess(
      ['config', '--config', 'team.config.json', '--policy', 'policy.json', '--preset', 'reference', '--json'],
      {
        cwd: dir,
      },
    );
    expect(run.status).toBe(0);
    const { data } = envelopeOf(run.stdout);
    const from = (key: string) => data['policy'].find((entry: { key: string }) => entry.key === key);
    expect(data['preset']).toEqual({ name: 'reference', from: '--preset' });
    expect(from('expensiveDiveTools')).toEqual({
      key: 'expensiveDiveTools',
      value: ['Read', 'node'],
      from: 'configuration team.config.json',
    });
    expect(from('minimums.hypotheses')).toEqual({ key: 'minimums.hypotheses', value: 3, from: '--policy policy.json' });
    expect(from('minimums.risks').from).toBe('preset reference');
    expect(from('budget.reads').from).toBe('preset reference');
    const rule = (id: string) => data['rules'].find((entry: { ruleId: string }) => entry.ruleId === id);
    expect(rule('dive-order')).toEqual({ ruleId: 'dive-order', setting: 'error', from: 'configuration team.config.json' });
    expect(rule('schema').from).toBe('preset reference');
  });

  it('prints the same as text, one value a line', async () => {
    const run = await runInProcess(['config'], { cwd: tempDir() });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('configuration: none (built-in defaults)\npreset: gate  (default)\n');
    expect(run.stdout).toMatch(/^ {2}cheapMapTools +\["Glob","Grep","LS","rg","grep","find","fd","ls","tree"\] {2}\(preset gate\)$/m);
    expect(run.stdout).toMatch(/^ {2}unknown-field +warning {2}\(preset gate\)$/m);
  });
});

describe('schema --preset', () => {
  it("lists the preset's allowed values as enum and examples, and nothing else changes", async () => {
    const dir = tempDir();
    const plain = JSON.parse((await runInProcess(['schema'], { cwd: dir })).stdout)['inputSchema'];
    const gate = JSON.parse((await runInProcess(['schema', '--preset', 'gate'], { cwd: dir })).stdout);
    const provenance = gate.$defs.deepDive.properties.provenance;
    expect(provenance.enum).toEqual(createCompiler().policy.provenanceTags);
    expect(provenance.examples).toEqual(provenance.enum);
    expect(gate.$defs.budget.properties.unit.enum).toEqual(['reads', 'tokens']);
    expect(gate.$defs.stopCondition.properties.reason.enum).toContain('goal_resolved');
    expect(gate.$id).not.toBe(plain.$id);
    expect(plain.$defs.deepDive.properties.provenance.enum).toBeUndefined();
  });

  it('with --json, holds the whole contract and the preset', async () => {
    const run = await runInProcess(['schema', '--preset', 'reference', '--json'], { cwd: tempDir() });
    const { data } = envelopeOf(run.stdout);
    expect(data['preset']).toBe('reference');
    expect(data['inputSchema'].$defs.surfaceMapEntry.properties.tool.enum).toEqual(
      createCompiler({ preset: 'reference' }).policy.cheapMapTools,
    );
  });
});

describe('a value outside a policy list', () => {
  it('carries expected and suggestion, and the message offers the suggestion', () => {
    const spec = validSpec();
    spec['deepDives'][0].provenance = '[CODE]';
    spec['surfaceMap'][0].tool = 'glob';
    const { diagnostics } = createCompiler().compile(spec);
    const tag = diagnostics.find((diagnostic) => diagnostic.path === '/deepDives/0/provenance');
    expect(tag).toMatchObject({ expected: createCompiler().policy.provenanceTags, suggestion: '[CODIGO]' });
    expect(tag?.message).toMatch(/ Did you mean "\[CODIGO\]"\?$/);
    const tool = diagnostics.find((diagnostic) => diagnostic.path === '/surfaceMap/0/tool');
    expect(tool).toMatchObject({ suggestion: 'Glob' });
    expect(tool?.message).toContain('add it to policy.cheapMapTools in investigation.config.json or a --policy file');
  });

  it('has no suggestion when no allowed value is close', () => {
    const spec = validSpec();
    spec['stopCondition'].reason = 'whatever';
    const diagnostic = createCompiler()
      .compile(spec)
      .diagnostics.find((entry) => entry.path === '/stopCondition/reason');
    expect(diagnostic?.expected).toEqual(createCompiler().policy.stopReasons);
    expect(diagnostic).not.toHaveProperty('suggestion');
    expect(diagnostic?.message).not.toContain('Did you mean');
  });

  it('shows both fields in SARIF result properties and starts its stderr line with file:line:col', async () => {
    const dir = tempDir();
    const spec = validSpec();
    spec['budget'].unit = 'read';
    writeJson(dir, 'spec.json', spec);
    const sarif = await runInProcess(['spec.json', '--format', 'sarif'], { cwd: dir });
    const [result] = JSON.parse(sarif.stdout).runs[0].results;
    expect(result.properties).toMatchObject({ jsonPointer: '/budget/unit', expected: ['reads', 'tokens'], suggestion: 'reads' });
    const json = await runInProcess(['spec.json', '--format', 'json'], { cwd: dir });
    const [diagnostic] = JSON.parse(json.stdout).diagnostics;
    expect(json.stderr).toBe(
      `spec.json:${diagnostic.line}:${diagnostic.column}: error budget-limit ${diagnostic.message} (at /budget/unit)\n`,
    );
  });
});

describe('did you mean', () => {
  it.each([
    ['rule', 'rules'],
    ['tests', 'test'],
    ['confg', 'config'],
    ['nxt', 'next'],
    ['comvert', 'convert'],
  ])('a first word %j that names no file is a usage error suggesting %j', async (word, command) => {
    const run = await runInProcess([word, '--json'], { cwd: tempDir() });
    expect(run.status).toBe(2);
    const { error } = envelopeOf(run.stdout);
    expect(error?.subcode).toBe('UNKNOWN_COMMAND');
    expect(error?.message).toContain(`Did you mean "${command}"?`);
  });

  it.each(['next', 'convert', 'mcp', 'compare', 'summary'])('a usage error of %s names that command in its envelope', async (command) => {
    const run = await runInProcess([command, '--no-such-option', '--json'], { cwd: tempDir() });
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).command).toBe(command);
  });

  it('a first word that names a file is that file, however close to a command', async () => {
    const dir = tempDir();
    writeJson(dir, 'rule', validSpec());
    expect((await runInProcess(['rule', '--format', 'json'], { cwd: dir })).status).toBe(0);
  });

  it.each([
    ['a config key', { rulez: {} }, 'INVALID_CONFIG', '"rules"'],
    ['a rule id in a config', { rules: { 'dive-ordr': 'off' } }, 'UNKNOWN_RULE', '"dive-order"'],
    ['a policy key in a config', { policy: { cheapMapTool: [] } }, 'INVALID_POLICY', '"cheapMapTools"'],
  ])('%s', async (_name, config, subcode, suggestion) => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', config);
    const run = await runInProcess(['config', '--json'], { cwd: dir });
    const { error } = envelopeOf(run.stdout);
    expect(error?.subcode).toBe(subcode);
    expect(error?.message).toContain(`Did you mean ${suggestion}?`);
  });
});

describe('a YAML text turned mapping by ": "', () => {
  it('gets a hint to quote it where a string was expected', () => {
    const yaml = toYaml({ ...validSpec(), risks: ['RISK'] }).replace('- RISK', '- H3 stays open: the legacy path was not read');
    const diagnostic = createCompiler()
      .compile(yaml, { path: 'spec.yaml' })
      .diagnostics.find((entry) => entry.path === '/risks/0');
    expect(diagnostic?.message).toContain('must be a string, not an object. In YAML, a text holding ": " must be quoted');
  });

  it('gets the same hint when YAML refuses it on one line', () => {
    const result = createCompiler().compile('goal: find it\nfinding: cause: a timeout\n', { path: 'spec.yaml' });
    expect(result.error?.message).toContain('In YAML, a text holding ": " must be quoted');
  });
});
