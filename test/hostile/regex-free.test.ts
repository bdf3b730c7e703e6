/** No regular expression is built from input: pathological regex-like text compiles fast and is taken literally. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { ignoreMatcher, ignorePatternProblem } from '../../src/common/glob-match.js';
import { createCompiler } from '../../src/index.js';
import { runWellBehaved } from '../support/hostile-cli.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
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

/** The pathological strings, each repeated `times` times: what a regex built from input would choke on, more so when longer. */
const pathological = (times: number): string[] => PATHOLOGICAL.map((text) => text.repeat(times));

/** A passing spec whose texts are pathological strings. */
function pathologicalTexts(times: number): Record<string, any> {
  const texts = pathological(times);
  let index = 0;
  const spec = validSpec();
  const next = (): string => texts[index++ % texts.length] as string;
  spec.goal = next();
  spec.deliverable = next();
  spec.stopCondition.evidence = next();
  for (const entry of spec.surfaceMap) Object.assign(entry, { query: next(), evidence: next() });
  for (const hypothesis of spec.hypotheses) hypothesis.claim = next();
  for (const dive of spec.deepDives) dive.finding = next();
  for (const replan of spec.replanLog) Object.assign(replan, { decision: next(), evidence: next() });
  spec.risks = spec.risks.map((risk: string) => `${risk} ${next()}`);
  spec['x-pathological'] = texts;
  return spec;
}

/** A spec with pathological values where ids, enums and keys are matched, so every suggestion search sees them. */
function pathologicalNames(times: number): Record<string, any> {
  const texts = pathological(times);
  const spec = validSpec();
  const long = texts[1] as string;
  spec.surfaceMap[0].tool = long;
  spec.hypotheses[0].status = texts[0];
  spec.deepDives[0].tool = texts[2];
  spec.deepDives[1].hypothesisId = long;
  spec.deepDives[2].provenance = texts[3];
  spec.budget.unit = texts[4];
  spec.stopCondition.reason = texts[5];
  spec.replanLog[0].trigger = texts[6];
  spec.replanLog[0].afterDeepDive = long;
  spec[long] = 1;
  spec[texts[0] as string] = 2;
  spec.hypotheses[1][`${'goal'.repeat(10_000 * times)}`] = 3;
  return spec;
}

/** Compiling grows linearly with the length of the pathological strings; a backtracking regex would grow far faster. */
function expectLinearCompile(build: (times: number) => Record<string, any>): void {
  const compiler = createCompiler();
  const compile = (times: number) => {
    const text = JSON.stringify(build(times));
    return () => void compiler.compile(text, { path: 'regex.json' });
  };
  expect(growthRatio(compile, 1)).toBeLessThan(LINEAR);
}

// The CLI runs keep runWellBehaved's timeout as the guard against a hang.
describe('no regular expression is built from input', () => {
  it('a spec whose texts are pathological regex-like strings compiles fast and passes', () => {
    const dir = tempDir();
    const spec = pathologicalTexts(1);
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
    }
    expectLinearCompile(pathologicalTexts);
  });

  it('pathological values where ids, enums and keys are matched fail the gate fast, with suggestions', () => {
    const dir = tempDir();
    writeJson(dir, 'regex.json', pathologicalNames(1));
    const result = createCompiler().compile(readFileSync(join(dir, 'regex.json')), { path: 'regex.json' });
    expect(result.exitCode).toBe(1);
    expectLinearCompile(pathologicalNames);
    for (const format of ['json', 'text', 'github']) {
      const cli = runWellBehaved(['regex.json', '--format', format], { cwd: dir });
      expect(cli.status).toBe(1);
    }
  });
});

describe('ignore patterns', () => {
  it('matches a pattern that would make a regular expression backtrack in time linear in the path', () => {
    const pattern = `${'*a'.repeat(20)}b`;
    expect(ignorePatternProblem(pattern)).toBeNull();
    const matches = ignoreMatcher(pattern);
    const ratio = growthRatio((size) => {
      const path = 'a'.repeat(size);
      return () => void expect(matches(path)).toBe(false);
    }, 2000);
    expect(ratio).toBeLessThan(LINEAR);
  });
});
