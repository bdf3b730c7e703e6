import { describe, expect, it } from 'vitest';
import { compilerCache } from '../src/compile.js';
import { compileInvestigation, createCompiler, renderJson, UsageError } from '../src/index.js';
import { validSpec } from './support/specs.js';

describe('compileInvestigation', () => {
  it('accepts text, bytes and a parsed object with the same verdict and investigation', () => {
    const spec = validSpec();
    const text = JSON.stringify(spec);
    const fromText = compileInvestigation(text, { format: 'json' });
    const fromBytes = compileInvestigation(new TextEncoder().encode(text), { format: 'json' });
    const fromData = compileInvestigation(spec, { format: 'json' });
    for (const result of [fromText, fromBytes, fromData]) {
      expect(result.exitCode).toBe(0);
      expect(result.report?.investigation).toEqual(spec);
    }
    expect(fromText.report?.input.sha256).toBe(fromBytes.report?.input.sha256);
    expect(fromData.report?.input.format).toBe('data');
  });

  it('never modifies the object it is given', () => {
    const spec = validSpec();
    spec.hypotheses[0]['prority'] = 4;
    spec.surfaceMap[0].tool = 'Read';
    const snapshot = structuredClone(spec);
    compileInvestigation(spec, { format: 'markdown' });
    compileInvestigation(spec, { format: 'json', preset: 'reference' });
    expect(spec).toEqual(snapshot);
  });

  it('returns input errors, critical input and usage errors as results, never as exceptions', () => {
    expect(compileInvestigation('{"goal": ').error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'JSON_SYNTAX' });
    expect(compileInvestigation('- a\n- b\n').error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_AN_OBJECT' });
    expect(compileInvestigation(new Uint8Array([0xff, 0xfe, 0x00])).error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'ENCODING' });
    const critical = compileInvestigation({ budget: { total: 3, used: 0, unit: 'reads' } });
    expect(critical).toMatchObject({
      exitCode: 4,
      verdict: 'fail',
      report: null,
      output: null,
      error: { code: 'CRITICAL_INPUT', subcode: 'MISSING_GOAL' },
    });
    expect(critical.error?.message.startsWith('{VACIO_CRITICO}')).toBe(true);
    const usage = compileInvestigation(validSpec(), { preset: 'strictest' });
    expect(usage).toMatchObject({ exitCode: 2, error: { code: 'USAGE_ERROR' } });
    expect(usage.error?.message).toContain('strictest');
  });

  it('names each missing critical datum', () => {
    const subcode = (spec: Record<string, unknown>) => compileInvestigation(spec).error?.subcode;
    expect(subcode({ goal: 'x' })).toBe('MISSING_BUDGET');
    expect(subcode({ goal: 'x', budget: null })).toBe('MISSING_BUDGET');
    expect(subcode({ goal: 'x', budget: { used: 0, unit: 'reads' } })).toBe('MISSING_BUDGET_TOTAL');
    expect(subcode({ goal: 'x', budget: { total: 0, used: 0, unit: 'reads' } })).toBe('MISSING_BUDGET_TOTAL');
    expect(subcode({ goal: '   ', budget: { total: 2, used: 0, unit: 'reads' } })).toBe('MISSING_GOAL');
    const both = compileInvestigation({});
    expect(both.diagnostics.map((d) => d.path)).toEqual(['/goal', '/budget']);
  });
});

describe('createCompiler', () => {
  it('rejects unknown presets, rules and settings, and invalid policies', () => {
    expect(() => createCompiler({ preset: 'nope' })).toThrow(UsageError);
    expect(() => createCompiler({ rules: { 'no-such-rule': 'off' } })).toThrow(/no-such-rule/);
    expect(() => createCompiler({ rules: { 'dive-order': 'loud' as never } })).toThrow(/off, warning or error/);
    expect(() => createCompiler({ policy: { cheapMapTools: 'rg' } })).toThrow(/cheapMapTools/);
    expect(() => createCompiler({ policy: { colour: 'blue' } })).toThrow(/colour/);
    expect(() => createCompiler({ policy: { budget: { reads: { minTotal: 9, maxTotal: 3, accounting: 'deepDives' } } } })).toThrow(
      /minTotal above maxTotal/,
    );
  });

  it('lays a policy over the preset: lists replaced, objects merged, null removes a unit', () => {
    const compiler = createCompiler({ policy: { cheapMapTools: ['rg'], budget: { tokens: null, reads: { maxTotal: 5 } } } });
    expect(compiler.policy.cheapMapTools).toEqual(['rg']);
    expect(Object.keys(compiler.policy.budget)).toEqual(['reads']);
    expect(compiler.policy.budget['reads']).toEqual({ minTotal: 1, maxTotal: 5, accounting: 'deepDives' });
    const result = compiler.compile(validSpec());
    expect(result.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['budget-limit', '/budget/total'],
      ['map-cheap', '/surfaceMap/1/tool'],
    ]);
  });

  it('keeps "__proto__" in a policy as data', () => {
    const policy = JSON.parse('{"__proto__": {"polluted": true}, "cheapMapTools": ["rg"]}');
    expect(() => createCompiler({ policy })).toThrow(/__proto__/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('turns single rules off, down to warnings or up to errors', () => {
    const spec = validSpec();
    spec.deepDives[2].node = 'billing/README.md';
    [spec.deepDives[0], spec.deepDives[1]] = [spec.deepDives[1], spec.deepDives[0]];
    const compiler = createCompiler({ rules: { 'dive-grounded': 'warning', 'dive-order': 'error' } });
    const result = compiler.compile(spec);
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([
      ['dive-order', 'error'],
      ['dive-grounded', 'warning'],
    ]);
    expect(createCompiler({ rules: { 'dive-grounded': 'off', 'dive-order': 'off' } }).compile(spec).exitCode).toBe(0);
  });

  it('gives byte-identical reports for the same input, compiled twice', () => {
    const compiler = createCompiler();
    const first = compiler.compile(JSON.stringify(validSpec()), { path: 'a/b.json' });
    const second = compiler.compile(JSON.stringify(validSpec()), { path: 'a/b.json' });
    expect(first.report && renderJson(first.report)).toBe(second.report && renderJson(second.report));
  });
});

describe('compilerCache', () => {
  it('makes one compiler per settings, and with a limit lets the least recently used go first', () => {
    const compilerFor = compilerCache(2);
    const gate = compilerFor({ preset: 'gate' });
    const strict = compilerFor({ preset: 'reference' });
    expect(compilerFor({ preset: 'gate' })).toBe(gate);
    // A third settings: reference, the least recently used, goes; gate stays.
    const lenient = compilerFor({ preset: 'gate', rules: { 'status-drift': 'off' } });
    expect(compilerFor({ preset: 'gate' })).toBe(gate);
    expect(compilerFor({ preset: 'gate', rules: { 'status-drift': 'off' } })).toBe(lenient);
    expect(compilerFor({ preset: 'reference' })).not.toBe(strict);
  });

  it('keeps every compiler without a limit', () => {
    const compilerFor = compilerCache();
    const made = ['gate', 'reference', 'gate', 'reference'].map((preset, index) =>
      compilerFor({ preset, rules: { 'status-drift': index < 2 ? 'off' : 'warning' } }),
    );
    expect(compilerFor({ preset: 'gate', rules: { 'status-drift': 'off' } })).toBe(made[0]);
    expect(new Set(made).size).toBe(4);
  });
});
