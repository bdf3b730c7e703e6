import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import envelopeSchema from '../assets/envelope.schema.json' with { type: 'json' };
import { generatedSections } from '../scripts/docs.mjs';
import * as library from '../src/index.js';
import { briefChain } from '../src/rules/briefs/brief-chain.js';
import { projectRoot } from './support/cli.js';
import { documentationPage } from './support/documentation.js';
import { runInProcess } from './support/in-process.js';

const validateEnvelope = new Ajv2020({ strict: false, allErrors: true }).compile(envelopeSchema);

async function envelope(args: string[]): Promise<{ ok: boolean; data: Record<string, any>; error: any }> {
  const run = await runInProcess([...args, '--json'], { cwd: projectRoot });
  const parsed = JSON.parse(run.stdout);
  expect(validateEnvelope(parsed), JSON.stringify(validateEnvelope.errors)).toBe(true);
  return parsed;
}

describe('brief-chain, an artifact check documented with the rules from one metadata', () => {
  it('`rules` lists it after the rules, as text and in --json, always an error', async () => {
    const text = await runInProcess(['rules'], { cwd: projectRoot });
    const lines = text.stdout.split('\n');
    const heading = lines.indexOf('Checks of files, run by the briefs command:');
    expect(heading).toBeGreaterThan(lines.findIndex((line) => line.trimStart().startsWith('unknown-field')));
    expect(lines[heading + 1]).toMatch(/^\s+brief-chain\s+error \/ error\s+Brief artifacts form one chain/);

    const { data } = await envelope(['rules']);
    expect(data['rules'].map((rule: { id: string }) => rule.id)).not.toContain('brief-chain');
    expect(data['artifactChecks']).toEqual([
      {
        id: 'brief-chain',
        criterion: 'working briefs',
        description: briefChain.description,
        rationale: briefChain.rationale,
        severity: { gate: 'error', reference: 'error' },
        fix: briefChain.fix,
        command: 'briefs',
      },
    ]);
  });

  it('`explain brief-chain` explains it without a spec example, and a typo gets a suggestion', async () => {
    const text = await runInProcess(['explain', 'brief-chain'], { cwd: projectRoot });
    expect(text.status).toBe(0);
    expect(text.stdout.startsWith('brief-chain  (working briefs; always an error, in the briefs command)\n')).toBe(true);
    expect(text.stdout).toContain(briefChain.rationale);
    expect(text.stdout).toContain(`Fix: ${briefChain.fix}`);

    const { data } = await envelope(['explain', 'brief-chain']);
    expect(data['rule']).toMatchObject({ id: 'brief-chain', command: 'briefs' });
    expect(data['examples']).toBeUndefined();

    const typo = await envelope(['explain', 'brief-chian']);
    expect(typo.error.subcode).toBe('UNKNOWN_RULE');
    expect(typo.error.message).toContain('Did you mean "brief-chain"?');
  });

  it('`schema` lists it, and the contract still requires examples for a spec rule', async () => {
    const { data } = await envelope(['schema']);
    expect(data['artifactChecks'].map((check: { id: string }) => check.id)).toEqual(['brief-chain']);
    const ruleWithoutExamples = {
      schema: '1',
      ok: true,
      command: 'explain',
      data: { rule: data['rules'][0] },
      warnings: [],
      error: null,
    };
    expect(validateEnvelope(ruleWithoutExamples)).toBe(false);
  });

  it('the SARIF driver of `briefs` describes it from the same metadata', async () => {
    const run = await runInProcess(['briefs', 'fixtures/briefs/fork', '--format', 'sarif'], { cwd: projectRoot });
    const driver = JSON.parse(run.stdout).runs[0].tool.driver;
    const descriptor = driver.rules.find((rule: { id: string }) => rule.id === 'brief-chain');
    expect(descriptor.shortDescription.text).toBe(briefChain.description);
    expect(descriptor.help.text).toBe(`${briefChain.rationale} ${briefChain.fix}`);
    expect(descriptor.properties.tags).toEqual([briefChain.criterion]);
  });

  it('the README catalog has its row, generated from the library', () => {
    const row = generatedSections(library)
      ['rules'].split('\n')
      .find((line: string) => line.startsWith('| `brief-chain` |'));
    expect(row).toContain(`| working briefs | error | error | ${briefChain.description}`);
    expect(documentationPage('docs/gate.md')).toContain(row);
  });

  it('the README documents the brief format, every field of the schema with its type and allowed values, generated from it', () => {
    const section = generatedSections(library)['brief-format'];
    const schema = JSON.parse(readFileSync(join(projectRoot, 'assets', 'investigation.schema.json'), 'utf8')).$defs;
    const fields = [
      ...Object.keys(schema.brief.properties),
      ...Object.keys(schema.briefFinding.properties).map((name) => `findings[].${name}`),
      ...Object.keys(schema.briefChange.properties).map((name) => `changes[].${name}`),
    ];
    const rows = section.split('\n').slice(2);
    expect(rows.map((line: string) => line.split(' | ')[0]?.slice(3, -1))).toEqual(fields);
    expect(section).toContain('| `findings[].direction` | string | `support`, `against`, `neutral` | Which way the finding points');
    expect(section).toContain('| `changes[].kind` | string | `modified`, `removed` |');
    expect(section).toContain('| `formatVersion` | integer | `1` |');
    expect(section).toContain('| `note` | string (optional) |');
    expect(documentationPage('docs/agents.md')).toContain(section);
  });
});
