/**
 * Bounded cost whatever the input within the size limit: at most 1,000 diagnostics per file and one
 * final count of the rest, schema error objects capped inside ajv's generated code with the exact
 * count kept, and input too large for the engine's strings refused as TOO_LARGE with that reason.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CAP, TOO_MANY_PROBLEMS } from '../../src/diagnostics/cap.js';
import { createCompiler, renderJson } from '../../src/index.js';
import { decodeUtf8 } from '../../src/load/parse.js';
import { capErrors } from '../../src/schema/cap-errors.js';
import { ajvOptions, investigationSchema, policySchema } from '../../src/schema/validators.js';
import { runInProcess } from '../support/in-process.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs } from '../support/temp.js';

const compiler = createCompiler();
const tempDir = useTempDirs('limits');

describe('at most 1,000 diagnostics per file, then one that counts the rest', () => {
  it('8,000 mistyped risks: 1,000 schema errors, a count of 7,000 more, and no other rule runs', () => {
    const spec = validSpec();
    spec['risks'] = Array.from({ length: 8000 }, () => 0);
    spec['budget'].unit = 'constructor';
    const result = compiler.compile(JSON.stringify(spec), { path: 'risks.json' });
    expect(result.exitCode).toBe(1);
    expect(result.diagnostics).toHaveLength(DIAGNOSTIC_CAP + 1);
    const last = result.diagnostics.at(-1);
    expect(last).toMatchObject({
      ruleId: TOO_MANY_PROBLEMS,
      severity: 'error',
      path: '',
      omitted: { errors: 7000, warnings: 0 },
      line: 1,
      column: 1,
    });
    expect(last?.message).toContain('7,000 more problems');
    expect(new Set(result.diagnostics.slice(0, -1).map((diagnostic) => diagnostic.ruleId))).toEqual(new Set(['schema']));
    // The budget-limit rule did not run, so no criterion can be called passed.
    expect(result.report?.summary.gate.every((criterion) => !criterion.passed)).toBe(true);
    expect(result.report?.summary).toMatchObject({ errors: 8000, warnings: 0, verdict: 'fail' });
  });

  it('a rule that would report 3,000 problems lists the first 1,000 in document order', () => {
    const spec = validSpec();
    spec['hypotheses'][0].candidateNodes = Array.from({ length: 3000 }, (_, index) => `ghost/${index}.ts`);
    const result = compiler.compile(spec);
    const grounded = result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'hypotheses-grounded');
    expect(grounded).toHaveLength(DIAGNOSTIC_CAP);
    expect(grounded[0]?.path).toBe('/hypotheses/0/candidateNodes/0');
    expect(grounded.at(-1)?.path).toBe('/hypotheses/0/candidateNodes/999');
    expect(result.diagnostics.at(-1)).toMatchObject({ ruleId: TOO_MANY_PROBLEMS, omitted: { errors: 2000, warnings: 0 } });
    expect(result.report?.summary.errors).toBe(3000);
  });

  it('warnings alone past the cap are counted as warnings, and do not fail the gate', () => {
    const spec: Record<string, unknown> = validSpec();
    for (let index = 0; index < 1500; index++) spec[`unknown${index}`] = index;
    const result = compiler.compile(spec);
    expect(result.exitCode).toBe(0);
    expect(result.diagnostics.at(-1)).toMatchObject({
      ruleId: TOO_MANY_PROBLEMS,
      severity: 'warning',
      omitted: { errors: 0, warnings: 500 },
    });
  });

  it('a 4 MiB array of 2 million mistyped values compiles and renders in linear time and bounded memory', () => {
    const mistyped = (count: number) =>
      JSON.stringify(validSpec()).replace(/"risks":\[[^\]]*\]/, `"risks":[${Array(count).fill('0').join(',')}]`);
    const text = mistyped(2_000_000);
    const before = process.memoryUsage().heapUsed;
    const result = compiler.compile(text, { path: 'big.json' });
    expect(result.diagnostics).toHaveLength(DIAGNOSTIC_CAP + 1);
    expect(renderJson(result.report as NonNullable<typeof result.report>).length).toBeGreaterThan(text.length);
    // One error object per value (2 million) used to take gigabytes and minutes.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(1024 * 1024 * 1024);
    const compileAndRender = (count: number) => {
      const values = mistyped(count);
      return () => void renderJson(compiler.compile(values, { path: 'big.json' }).report as NonNullable<typeof result.report>);
    };
    expect(growthRatio(compileAndRender, 125_000)).toBeLessThan(LINEAR);
  });
});

describe('capErrors: ajv error objects made only up to the cap, counted exactly', () => {
  const compile = (process: ((code: string) => string) | undefined) =>
    new Ajv2020({ ...ajvOptions, code: process ? { process } : {} })
      .addSchema(investigationSchema)
      .addSchema(policySchema)
      .getSchema(investigationSchema.$id);

  it('keeps the first errors and the exact count, through sub-validators and rollbacks', () => {
    const plain = compile(undefined);
    const capped = compile((code) => capErrors(code, 10));
    const spec = validSpec();
    spec['risks'] = Array.from({ length: 40 }, () => 0);
    spec['deepDives'] = Array.from({ length: 30 }, (_, index) => ({
      id: index,
      hypothesisId: null,
      node: 1,
      tool: [],
      finding: {},
      effect: 2,
    }));
    spec['discovery'] = { limits: 'x', cycles: [{ cycle: 'a', events: [{ phase: 1, extra: 1 }] }], stop: {} };
    for (let index = 0; index < 25; index++) spec[`unknown${index}`] = index;
    expect(plain?.(spec)).toBe(false);
    expect(capped?.(spec)).toBe(false);
    const all = plain?.errors ?? [];
    expect(all.length).toBeGreaterThan(100);
    expect(capped?.errors).toHaveLength(10);
    expect((capped as unknown as { errorCount: number }).errorCount).toBe(all.length);
    const unknown = all.filter((error) => error.keyword === 'additionalProperties').length;
    expect(unknown).toBeGreaterThan(25);
    expect((capped as unknown as { unknownErrorCount: number }).unknownErrorCount).toBe(unknown);
    expect(capped?.errors).toEqual(all.slice(0, 10));
  });

  it('refuses code whose shape it does not know, so that an ajv upgrade cannot drop the cap silently', () => {
    expect(() => capErrors('let vErrors = null; return function () { vErrors = [e]; }')).toThrow(/shape this version does not know/);
  });
});

describe('input the engine cannot hold as a string', () => {
  it('over 536,870,888 characters is TOO_LARGE, naming the engine limit, not an encoding error', () => {
    const result = decodeUtf8(Buffer.alloc(537_000_000, 0x20));
    expect(result).toMatchObject({ ok: false, problem: { subcode: 'TOO_LARGE' } });
    expect(result.ok ? '' : result.problem.message).toContain('536,870,888 characters');
  });
});

describe('the count of problems not listed reaches every format', () => {
  it('text counts them in its summary line; SARIF has a descriptor and the counts; the envelope sums them', async () => {
    const dir = tempDir();
    const spec = validSpec();
    spec['hypotheses'][0].candidateNodes = Array.from({ length: 3000 }, (_, index) => `ghost/${index}.ts`);
    writeFileSync(join(dir, 'many.json'), JSON.stringify(spec));
    const text = await runInProcess(['many.json', '--format', 'text'], { cwd: dir });
    expect(text.stdout).toMatch(/✖ 3,?000 problems \(3,?000 errors, 0 warnings\)/);
    const sarif = JSON.parse((await runInProcess(['many.json', '--format', 'sarif'], { cwd: dir })).stdout);
    const run = sarif.runs[0];
    const last = run.results.at(-1);
    expect(run.tool.driver.rules[last.ruleIndex].id).toBe(TOO_MANY_PROBLEMS);
    expect(last.properties.omitted).toEqual({ errors: 2000, warnings: 0 });
    const envelope = JSON.parse((await runInProcess(['many.json', '--json', '--format', 'text'], { cwd: dir })).stdout);
    expect(envelope.data.summary).toMatchObject({ errors: 3000, warnings: 0 });
  });
});
