/** No regular expression is built from input: pathological regex-like text compiles fast and is taken literally. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { createCompiler } from '../../src/index.js';
import { FAST_MS, runWellBehaved } from '../support/hostile-cli.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('hostile');

const PATHOLOGICAL = [
  '(a+)+$'.repeat(50),
  `${'a'.repeat(50_000)}!`,
  '(.*a){20}'.repeat(20),
  `${'\\'.repeat(10_000)}[`,
  `${'('.repeat(5000)}${'['.repeat(5000)}`,
  `^(([a-z])+.)+[A-Z]([a-z])+$ ${'x'.repeat(30_000)}`,
  '$&$1$`'.repeat(1000),
];

describe('no regular expression is built from input', () => {
  it('a spec whose texts are pathological regex-like strings compiles fast and passes', () => {
    const dir = tempDir();
    let index = 0;
    const spec = validSpec();
    const next = (): string => PATHOLOGICAL[index++ % PATHOLOGICAL.length] as string;
    spec.goal = next();
    spec.deliverable = next();
    spec.stopCondition.evidence = next();
    for (const entry of spec.surfaceMap) Object.assign(entry, { query: next(), evidence: next() });
    for (const hypothesis of spec.hypotheses) hypothesis.claim = next();
    for (const dive of spec.deepDives) dive.finding = next();
    for (const replan of spec.replanLog) Object.assign(replan, { decision: next(), evidence: next() });
    spec.risks = spec.risks.map((risk: string) => `${risk} ${next()}`);
    spec['x-pathological'] = PATHOLOGICAL;
    writeJson(dir, 'regex.json', spec);
    writeFileSync(join(dir, 'regex.yaml'), toYaml(spec));
    for (const [file, format] of [
      ['regex.json', 'markdown'],
      ['regex.json', 'json'],
      ['regex.yaml', 'text'],
      ['regex.yaml', 'sarif'],
    ] as const) {
      const result = runWellBehaved([file, '--format', format], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(FAST_MS);
    }
  });

  it('pathological values where ids, enums and keys are matched fail the gate fast, with suggestions', () => {
    const dir = tempDir();
    const spec = validSpec();
    const long = PATHOLOGICAL[1] as string;
    spec.surfaceMap[0].tool = long;
    spec.hypotheses[0].status = PATHOLOGICAL[0];
    spec.deepDives[0].tool = PATHOLOGICAL[2];
    spec.deepDives[1].hypothesisId = long;
    spec.deepDives[2].provenance = PATHOLOGICAL[3];
    spec.budget.unit = PATHOLOGICAL[4];
    spec.stopCondition.reason = PATHOLOGICAL[5];
    spec.replanLog[0].trigger = PATHOLOGICAL[6];
    spec.replanLog[0].afterDeepDive = long;
    spec[long] = 1;
    spec[PATHOLOGICAL[0] as string] = 2;
    spec.hypotheses[1][`${'goal'.repeat(10_000)}`] = 3;
    writeJson(dir, 'regex.json', spec);
    const started = performance.now();
    const result = createCompiler().compile(readFileSync(join(dir, 'regex.json')), { path: 'regex.json' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.exitCode).toBe(1);
    for (const format of ['json', 'text', 'github']) {
      const cli = runWellBehaved(['regex.json', '--format', format], { cwd: dir });
      expect(cli.status).toBe(1);
      expect(cli.ms).toBeLessThan(FAST_MS);
    }
  });
});
