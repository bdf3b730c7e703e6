import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileInvestigation } from '../src/index.js';
import { builtInPreset } from '../src/policy/presets.js';
import { projectRoot } from './support/cli.js';
import { runBuiltInProcess } from './support/in-process.js';
import { announceMissing, hasReference, referenceDir } from './support/shared.js';

if (!hasReference) announceMissing('the reference-parity suite', referenceDir);

const fixture = (name: string) => join(referenceDir, name);
const read = (name: string) => readFileSync(fixture(name));

describe.skipIf(!hasReference)('shared reference fixtures', () => {
  const fragments = hasReference
    ? (JSON.parse(read('expected-report-fragments.json').toString()) as { auth_markdown: string[]; corpus_json: string[] })
    : { auth_markdown: [], corpus_json: [] };

  it('the auth fixture passes under --preset reference and its Markdown holds every expected fragment', async () => {
    const run = await runBuiltInProcess([fixture('auth-repo-investigation.json'), '--preset', 'reference', '--format', 'markdown'], {
      cwd: projectRoot,
    });
    expect(run.status).toBe(0);
    expect(fragments.auth_markdown.length).toBeGreaterThan(0);
    for (const fragment of fragments.auth_markdown) expect(run.stdout).toContain(fragment);
  });

  it('the corpus fixture passes under --preset reference and its JSON holds every expected fragment', async () => {
    const run = await runBuiltInProcess([fixture('corpus-investigation.json'), '--preset', 'reference', '--format', 'json'], {
      cwd: projectRoot,
    });
    expect(run.status).toBe(0);
    expect(fragments.corpus_json.length).toBeGreaterThan(0);
    for (const fragment of fragments.corpus_json) expect(run.stdout).toContain(fragment);
  });

  it('invalid-no-budget exits 4 with {VACIO_CRITICO} naming the budget total, and prints no report', async () => {
    const run = await runBuiltInProcess(['--input', fixture('invalid-no-budget.json'), '--preset', 'reference'], { cwd: projectRoot });
    expect(run.status).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/critical-input \{VACIO_CRITICO\} .*total/);
  });

  it('invalid-reflexive-replan exits 1 with replan-typed under both presets', () => {
    for (const preset of ['reference', 'gate']) {
      const result = compileInvestigation(read('invalid-reflexive-replan.json'), { preset });
      expect(result.exitCode).toBe(1);
      expect(result.diagnostics.map((d) => d.ruleId)).toContain('replan-typed');
      expect(result.diagnostics.find((d) => d.ruleId === 'replan-typed')?.message).toContain(
        'replan is only allowed on "hypothesis_invalidated"',
      );
    }
    const reference = compileInvestigation(read('invalid-reflexive-replan.json'), { preset: 'reference' });
    expect(reference.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['replan-typed', '/replanLog/0/trigger']]);
  });

  it('under the gate preset the two valid fixtures fail with finding-provenance alone', () => {
    for (const name of ['auth-repo-investigation.json', 'corpus-investigation.json']) {
      const result = compileInvestigation(read(name));
      expect(result.exitCode).toBe(1);
      expect(new Set(result.diagnostics.map((d) => d.ruleId))).toEqual(new Set(['finding-provenance']));
    }
  });

  it('the reference policy values are the reference preset policy values', () => {
    const policy = JSON.parse(read('reference-policy.json').toString());
    const result = compileInvestigation(read('corpus-investigation.json'), { preset: 'reference' });
    expect(result.report?.preset).toBe('reference');
    {
      const ours = builtInPreset('reference').policy;
      expect(ours.cheapMapTools).toEqual(policy.cheapMapTools);
      expect(ours.expensiveDiveTools).toEqual(policy.expensiveDiveTools);
      expect([...ours.hypothesisStatuses].sort()).toEqual([...policy.allowedHypothesisStatuses].sort());
      expect(ours.deepDiveEffects).toEqual(policy.allowedDeepDiveEffects);
      expect(ours.replanTriggers).toEqual(policy.allowedReplanTriggers);
      expect(ours.stopReasons).toEqual(policy.allowedStopReasons);
      expect(ours.blockedAntiPatterns).toEqual(policy.blockedAntiPatterns);
      expect(Object.keys(ours.budget).sort()).toEqual([...policy.budget.allowedUnits].sort());
      for (const unit of Object.values(ours.budget)) {
        expect([unit.minTotal, unit.maxTotal]).toEqual([policy.budget.minTotal, policy.budget.maxTotal]);
      }
      const { surfaceMapEntries, hypotheses, deepDives, risks } = ours.minimums;
      expect({ surfaceMapEntries, hypotheses, deepDives, risks }).toEqual(policy.minimums);
    }
  });

  it('the required fields of the reference are required by the schema', async () => {
    const required = JSON.parse(read('reference-required-fields.json').toString());
    const { investigationSchema } = await import('../src/schema/validators.js');
    const schema = investigationSchema as unknown as { required: string[]; $defs: Record<string, { required: string[] }> };
    expect(schema.required).toEqual(required.requiredTopLevel);
    expect(schema.$defs['budget']?.required).toEqual(required.requiredBudgetFields);
    expect(schema.$defs['surfaceMapEntry']?.required).toEqual(required.requiredSurfaceMapFields);
    expect(schema.$defs['hypothesis']?.required).toEqual(required.requiredHypothesisFields);
    expect(schema.$defs['deepDive']?.required).toEqual(required.requiredDeepDiveFields);
    expect(schema.$defs['replan']?.required).toEqual(required.requiredReplanFields);
    expect(schema.$defs['stopCondition']?.required).toEqual(required.requiredStopConditionFields);
  });
});
