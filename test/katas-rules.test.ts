import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseKatasReport, judgeKatas, type KatasExample, katasRules } from '../src/dialects/katas/index.js';
import { builtInPreset } from '../src/policy/presets.js';
import { criteria } from '../src/rules/criteria.js';
import type { RuleExample } from '../src/rules/rule.js';

const gate = builtInPreset('gate').rules;
const reference = builtInPreset('reference').rules;

function judge(example: RuleExample<KatasExample>, preset: 'gate' | 'reference' = 'gate') {
  const report = baseKatasReport();
  example.apply(report);
  return judgeKatas(report, { preset, settings: preset === 'gate' ? gate : reference });
}

describe('the katas rule catalog', () => {
  it('has one module per rule under src/katas/rules, named after its id without the prefix', () => {
    const files = readdirSync(new URL('../src/dialects/katas/rules/', import.meta.url)).filter((name) => name.endsWith('.ts'));
    expect(katasRules.map((rule) => `${rule.meta.id.replace(/^katas-/, '')}.ts`).sort()).toEqual(files.sort());
    expect(new Set(katasRules.map((rule) => rule.meta.id)).size).toBe(katasRules.length);
    for (const { meta } of katasRules) expect(meta.id).toMatch(/^katas-[a-z]+(?:-[a-z]+)*$/);
  });

  it('gives every rule a known criterion, and a description and a rationale in whole sentences', () => {
    const ids = new Set<string>(criteria.map((criterion) => criterion.id));
    for (const { meta } of katasRules) {
      expect(ids.has(meta.criterion)).toBe(true);
      for (const text of [meta.description, meta.rationale]) expect(text).toMatch(/^[A-Z"].{20,}[.]$/s);
      expect(meta.examples.failing.title).toMatch(/\.$/);
      expect(meta.examples.passing.title).toMatch(/\.$/);
    }
  });

  it('lists the schema findings in katas-schema and katas-unknown-field only', () => {
    const listing = katasRules
      .filter((rule) => rule.meta.schemaFindings !== undefined)
      .map((rule) => [rule.meta.id, rule.meta.schemaFindings]);
    expect(listing).toEqual([
      ['katas-schema', 'structural'],
      ['katas-unknown-field', 'unknown'],
    ]);
  });

  it('turns off under the reference preset exactly the gate-only rules and the schema rules', () => {
    const off = katasRules.filter((rule) => reference[rule.meta.id] === 'off').map((rule) => rule.meta.id);
    expect(off).toEqual([
      'katas-schema',
      'katas-budget-status',
      'katas-findings-within-files',
      'katas-mappings-within-queries',
      'katas-finding-source-mapped',
      'katas-replan-per-invalidation',
      'katas-replan-permutation',
      'katas-validation-not-blocked',
      'katas-unknown-field',
    ]);
    for (const rule of katasRules) expect(gate[rule.meta.id]).toBe(rule.meta.id === 'katas-unknown-field' ? 'warning' : 'error');
    for (const rule of katasRules) if (!off.includes(rule.meta.id)) expect(reference[rule.meta.id]).toBe('error');
  });
});

describe('the base katas report', () => {
  it('passes both presets with no diagnostic', () => {
    expect(judgeKatas(baseKatasReport(), { preset: 'gate', settings: gate }).diagnostics).toEqual([]);
    expect(judgeKatas(baseKatasReport(), { preset: 'reference', settings: reference }).diagnostics).toEqual([]);
  });
});

describe.each(katasRules.map((rule) => [rule.meta.id, rule] as const))('%s examples', (id, rule) => {
  it('the failing example is rejected by this rule, and by no other', () => {
    const { diagnostics } = judge(rule.meta.examples.failing);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.filter((diagnostic) => diagnostic.ruleId !== id)).toEqual([]);
    expect(diagnostics.every((diagnostic) => diagnostic.severity === gate[id])).toBe(true);
  });

  // A rule of the gate alone has nothing to show under the reference preset.
  if (reference[id] !== 'off') {
    it('the failing example fails the reference preset on this rule too', () => {
      const { diagnostics } = judge(rule.meta.examples.failing, 'reference');
      expect(diagnostics.map((diagnostic) => diagnostic.ruleId)).toContain(id);
    });
  }

  it('the passing example passes the whole katas gate', () => {
    expect(judge(rule.meta.examples.passing).diagnostics).toEqual([]);
  });
});
