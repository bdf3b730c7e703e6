import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import envelopeSchema from '../assets/envelope.schema.json' with { type: 'json' };
import { dialects } from '../src/dialects/index.js';
import { katasRules } from '../src/dialects/katas/index.js';
import { katasReportSchema } from '../src/dialects/katas/schema.js';
import { builtInPreset, criteria, presetNames, rules } from '../src/index.js';
import { investigationSchema } from '../src/schema/validators.js';

describe('the rule catalog', () => {
  it('has one module per rule, named after its id', () => {
    const files = readdirSync(new URL('../src/rules/', import.meta.url), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.split('/').pop());
    for (const rule of rules) expect(files).toContain(`${rule.meta.id}.ts`);
    expect(new Set(rules.map((rule) => rule.meta.id)).size).toBe(rules.length);
  });

  it('gives every rule a known criterion, a description and a rationale', () => {
    const ids = new Set(criteria.map((criterion) => criterion.id));
    for (const { meta } of rules) {
      expect(ids.has(meta.criterion)).toBe(true);
      expect(meta.description.length).toBeGreaterThan(20);
      expect(meta.rationale.length).toBeGreaterThan(20);
    }
  });

  it('has a setting for every rule in every preset, the katas rules included, and nothing else', () => {
    const ids = [...rules, ...katasRules].map((rule) => rule.meta.id);
    for (const name of presetNames) {
      const preset = builtInPreset(name);
      expect(Object.keys(preset.rules).sort()).toEqual(ids.sort());
      expect(preset.rules['critical-input']).toBe('error');
    }
  });

  it('names in the envelope schema every dialect of the registry, in its order, as a file outcome gives it', () => {
    const enums: unknown[] = [];
    const visit = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const dialect = (node as { properties?: { dialect?: { enum?: unknown } } }).properties?.dialect;
      if (dialect?.enum !== undefined) enums.push(dialect.enum);
      for (const child of Object.values(node)) visit(child);
    };
    visit(envelopeSchema);
    expect(enums.length).toBeGreaterThan(0);
    for (const values of enums) expect(values).toEqual(dialects.map((dialect) => dialect.id));
  });
});

/** The fields, definitions and pattern properties of a schema that have no description. */
function undescribed(root: unknown): string[] {
  const missing: string[] = [];
  const visit = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    for (const group of ['properties', '$defs', 'patternProperties']) {
      for (const [key, child] of Object.entries((schema[group] as Record<string, unknown>) ?? {})) {
        if (typeof (child as Record<string, unknown>)['description'] !== 'string') missing.push(`${path}/${group}/${key}`);
        visit(child, `${path}/${group}/${key}`);
      }
    }
    if (schema['items']) visit(schema['items'], `${path}/items`);
  };
  visit(root, '#');
  return missing;
}

describe('the input JSON Schemas', () => {
  it('describe every field, for editors to show: the investigation spec and the katas report', () => {
    expect(undescribed(investigationSchema)).toEqual([]);
    expect(undescribed(katasReportSchema)).toEqual([]);
    expect(katasReportSchema.$id).toMatch(/^https:\/\/compile-investigation\.dev\/schemas\//);
  });
});
