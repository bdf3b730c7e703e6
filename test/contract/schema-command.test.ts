import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import envelopeSchemaAsset from '../../assets/envelope.schema.json' with { type: 'json' };
import investigationSchemaAsset from '../../assets/investigation.schema.json' with { type: 'json' };
import gatePreset from '../../assets/presets/gate.json' with { type: 'json' };
import referencePreset from '../../assets/presets/reference.json' with { type: 'json' };
import { rules } from '../../src/rules/catalog.js';
import { projectRoot } from '../support/cli.js';
import { type Contract, type Envelope, expectEnvelope } from '../support/contract.js';
import { runBuiltInProcess as runBuilt } from '../support/in-process.js';
import { useTempDirs } from '../support/temp.js';

/** The `schema` command, through the built CLI: the machine contract it prints and the assets it must equal. */

const tempDir = useTempDirs('contract');

describe('schema command', () => {
  let printed: Contract;
  let enveloped: Envelope;

  beforeAll(async () => {
    const dir = tempDir();
    const plain = await runBuilt(['schema'], { cwd: dir });
    expect(plain.status).toBe(0);
    expect(plain.stderr).toBe('');
    printed = JSON.parse(plain.stdout) as Contract;
    enveloped = expectEnvelope(await runBuilt(['schema', '--json'], { cwd: dir }), { command: 'schema', exit: 0, code: null });
  });

  it('prints valid JSON without --json: the contract itself, equal to the envelope data of --json', () => {
    expect(printed.contractVersion).toBe('1');
    expect(enveloped.data['contractVersion']).toBe('1');
    expect(enveloped.data).toEqual(printed);
  });

  it('holds the envelope schema, identical to assets/envelope.schema.json', () => {
    expect(printed.envelopeSchema).toEqual(envelopeSchemaAsset);
  });

  it('lists exit codes 0 to 5 with a meaning each', () => {
    expect(printed.exitCodes.map((entry) => entry.code)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const entry of printed.exitCodes) expect(entry.meaning.length).toBeGreaterThan(0);
  });

  it('lists the error codes with their exit codes', () => {
    const exits = Object.fromEntries(printed.errorCodes.map((entry) => [entry.code, entry.exitCode]));
    expect(exits).toEqual({ GATE_FAILED: 1, USAGE_ERROR: 2, INPUT_ERROR: 3, CRITICAL_INPUT: 4, INTERNAL_ERROR: 5 });
    const documentedExits = new Set(printed.exitCodes.map((entry) => entry.code));
    for (const entry of printed.errorCodes) {
      expect(documentedExits.has(entry.exitCode)).toBe(true);
      expect(entry.meaning.length).toBeGreaterThan(0);
      for (const subcode of entry.subcodes) expect(subcode.meaning.length).toBeGreaterThan(0);
    }
  });

  it('lists the subcodes of each error code', () => {
    const subcodes = (code: string) =>
      printed.errorCodes.find((entry) => entry.code === code)?.subcodes.map((entry) => entry.subcode) ?? [];
    expect(subcodes('INPUT_ERROR')).toEqual(
      expect.arrayContaining([
        'NOT_FOUND',
        'NOT_A_FILE',
        'TOO_LARGE',
        'ENCODING',
        'JSON_SYNTAX',
        'YAML_SYNTAX',
        'DUPLICATE_KEY',
        'NOT_AN_OBJECT',
      ]),
    );
    expect(subcodes('CRITICAL_INPUT')).toEqual(expect.arrayContaining(['MISSING_GOAL', 'MISSING_BUDGET', 'MISSING_BUDGET_TOTAL']));
    expect(subcodes('GATE_FAILED')).toEqual(expect.arrayContaining(['ERRORS', 'WARNINGS', 'FIXTURES_FAILED']));
    expect(subcodes('USAGE_ERROR')).toEqual(
      expect.arrayContaining([
        'UNKNOWN_OPTION',
        'INVALID_ARGUMENT',
        'NO_INPUT',
        'UNKNOWN_RULE',
        'UNKNOWN_PRESET',
        'INVALID_CONFIG',
        'CONFIG_NOT_FOUND',
        'INVALID_SHARD',
      ]),
    );
    for (const entry of printed.errorCodes) {
      const names = entry.subcodes.map((subcode) => subcode.subcode);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('holds the whole rule catalog, in catalog order, with a severity for every preset', () => {
    expect(printed.rules.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.meta.id));
    for (const rule of printed.rules) {
      expect(rule.severity).toEqual({
        gate: (gatePreset.rules as Record<string, string>)[rule.id],
        reference: (referencePreset.rules as Record<string, string>)[rule.id],
      });
    }
  });

  it('holds the input schema, identical to assets/investigation.schema.json', () => {
    expect(printed.inputSchema).toEqual(investigationSchemaAsset);
    expect(printed.inputSchema).toEqual(JSON.parse(readFileSync(join(projectRoot, 'assets', 'investigation.schema.json'), 'utf8')));
  });

  it('prints an envelope schema that is a valid JSON Schema 2020-12 document', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(ajv.validateSchema(printed.envelopeSchema), JSON.stringify(ajv.errors)).toBe(true);
    expect(printed.envelopeSchema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
  });
});
