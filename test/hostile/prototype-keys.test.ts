/** __proto__, constructor and prototype keys in a spec are plain data: nothing pollutes a prototype. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { createCompiler, renderJson, renderMarkdown, UsageError } from '../../src/index.js';
import { runWellBehaved } from '../support/hostile-cli.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs } from '../support/temp.js';

const tempDir = useTempDirs('hostile');

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A valid spec with __proto__, constructor and prototype keys at the top level and nested, as JSON text (JSON.parse keeps them as own keys). */
function protoSpecJson(): string {
  const payload = '{"polluted": "yes", "toString": "no", "prototype": {"polluted": "yes"}}';
  const keys = (indent: string): string => PROTO_KEYS.map((key) => `${indent}"${key}": ${payload}`).join(',\n');
  const spec = validSpec();
  const text = JSON.stringify(spec, null, 2);
  return text
    .replace(/^\{\n/, `{\n${keys('  ')},\n`)
    .replace('"budget": {\n', `"budget": {\n${keys('    ')},\n`)
    .replace('"stopCondition": {\n', `"stopCondition": {\n${keys('    ')},\n`)
    .replace('"hypotheses": [\n    {\n', `"hypotheses": [\n    {\n${keys('      ')},\n`);
}

const PROTO_PATHS = ['', '/budget', '/stopCondition', '/hypotheses/0'].flatMap((parent) => PROTO_KEYS.map((key) => `${parent}/${key}`));

function expectProtoKeysAsData(
  investigation: Record<string, any>,
  diagnostics: Array<{ ruleId: string; severity: string; path: string }>,
): void {
  for (const holder of [investigation, investigation['budget'], investigation['stopCondition'], investigation['hypotheses'][0]]) {
    for (const key of PROTO_KEYS) {
      expect(Object.hasOwn(holder, key), key).toBe(true);
      expect(holder[key].polluted).toBe('yes');
    }
    expect(Object.getPrototypeOf(holder)).toBe(Object.prototype);
  }
  expect(diagnostics.map((diagnostic) => diagnostic.path).sort()).toEqual([...PROTO_PATHS].sort());
  for (const diagnostic of diagnostics) expect(diagnostic).toMatchObject({ ruleId: 'unknown-field', severity: 'warning' });
}

function prototypeSnapshot(): Record<string, string[]> {
  return Object.fromEntries(
    [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto, index) => [
      String(index),
      Reflect.ownKeys(proto).map(String).sort(),
    ]),
  );
}

describe('__proto__, constructor and prototype keys are plain data', () => {
  it('through the CLI, in JSON and YAML: kept as own keys in the report, reported as unknown fields', () => {
    const dir = tempDir();
    const json = protoSpecJson();
    writeFileSync(join(dir, 'proto.json'), json);
    // The yaml package writes the JSON.parse result's own __proto__ keys as plain keys.
    const yaml = toYaml(JSON.parse(json));
    expect(yaml).toMatch(/^__proto__:/m);
    writeFileSync(join(dir, 'proto.yaml'), yaml);
    for (const file of ['proto.json', 'proto.yaml']) {
      const result = runWellBehaved([file, '--format', 'json'], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout);
      expect(report.verdict).toBe('pass');
      expectProtoKeysAsData(report.investigation, report.diagnostics);
      expect(result.stderr.trim().split('\n')).toHaveLength(PROTO_PATHS.length);
    }
  });

  it('in process, through the library: nothing is polluted', () => {
    const before = prototypeSnapshot();
    const compiler = createCompiler();
    const json = protoSpecJson();
    const inputs: Array<[string | Uint8Array | Record<string, unknown>, string | undefined]> = [
      [json, 'proto.json'],
      [Buffer.from(json), undefined],
      [toYaml(JSON.parse(json)), 'proto.yaml'],
      [JSON.parse(json) as Record<string, unknown>, undefined],
      [parseYaml(toYaml(JSON.parse(json))) as Record<string, unknown>, undefined],
    ];
    for (const [input, path] of inputs) {
      const result = compiler.compile(input, path === undefined ? {} : { path });
      expect(result.exitCode).toBe(0);
      const report = result.report as NonNullable<typeof result.report>;
      expectProtoKeysAsData(report.investigation as unknown as Record<string, any>, result.diagnostics);
      expectProtoKeysAsData(JSON.parse(renderJson(report)).investigation, result.diagnostics);
      expect(renderMarkdown(report)).toContain('# Adaptive Investigation Report');
    }
    // In a policy the same keys are unknown keys: refused as a usage error, never merged into a prototype.
    for (const key of PROTO_KEYS) {
      expect(() =>
        createCompiler({ policy: JSON.parse(`{"${key}": {"polluted": "yes"}, "budget": {"${key}": {"polluted": "yes"}}}`) }),
      ).toThrow(UsageError);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(prototypeSnapshot()).toEqual(before);
  });
});
