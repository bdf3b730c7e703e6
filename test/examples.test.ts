import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { rules } from '../src/rules/catalog.js';
import { baseSpec } from '../src/rules/examples/base-spec.js';
import { exampleEvidence } from '../src/rules/examples/base-trace.js';
import type { ExampleSpec, RuleExample } from '../src/rules/rule.js';

const gate = createCompiler();

function build(example: RuleExample): ExampleSpec {
  const spec = baseSpec() as ExampleSpec;
  example.apply(spec);
  return spec;
}

/** The compile options of an example: its trace, for the rules that check against one. */
function optionsOf(example: RuleExample) {
  return example.trace === undefined ? {} : { trace: exampleEvidence(example.trace(baseSpec() as ExampleSpec)) };
}

describe.each(rules.map((rule) => [rule.meta.id, rule] as const))('%s examples', (id, rule) => {
  it('the failing example is rejected by this rule', () => {
    const result = gate.compile(build(rule.meta.examples.failing), optionsOf(rule.meta.examples.failing));
    const own = result.diagnostics.filter((d) => d.ruleId === id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((d) => d.severity === gate.settings[id])).toBe(true);
    if (gate.settings[id] === 'error') expect(result.exitCode).not.toBe(0);
  });
  it('the passing example passes the whole gate', () => {
    const result = gate.compile(build(rule.meta.examples.passing), optionsOf(rule.meta.examples.passing));
    expect(result.diagnostics).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
