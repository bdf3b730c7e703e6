import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';

/**
 * Small slips a newcomer made on the first try, each met with what a mature tool gives: a number
 * written in quotes fixed safely, one problem for one mistake, and no blank in a draft's counts.
 */
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'newcomer-slips-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const gate = createCompiler();

describe('a number written in quotes', () => {
  it.each([
    ['priority', '"1"', 1],
    ['cost', "'1'", 1],
  ])('%s %s has a safe fix to %s, and --fix writes it without its quotes', async (key, written, number) => {
    const yaml = readFileSync(join(root, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8').replace(
      `    ${key}: 1`,
      `    ${key}: ${written}`,
    );
    const path = join(scratch, `${key}.yaml`);
    writeFileSync(path, yaml);
    const before = JSON.parse((await runInProcess([path, '--json'], { cwd: root })).stdout).data.files[0];
    expect(before.diagnostics.map((d: { ruleId: string; path: string; fix?: unknown }) => [d.ruleId, d.path, d.fix])).toEqual([
      ['schema', `/hypotheses/0/${key}`, { replacement: number, safety: 'safe' }],
    ]);
    expect((await runInProcess([path, '--fix', '--json'], { cwd: root })).status).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(yaml.replace(`    ${key}: ${written}`, `    ${key}: ${number}`));
  });

  it('in JSON, budget.total "4" is fixed to 4; and the message says to write it without quotes', () => {
    const spec = validSpec();
    spec['budget'].total = '6';
    const problem = gate.compile(JSON.stringify(spec), { sourceFormat: 'json' }).diagnostics.find((d) => d.ruleId === 'schema');
    expect(problem).toMatchObject({ path: '/budget/total', fix: { replacement: 6, safety: 'safe' } });
    expect(problem?.message).toContain('Write it without quotes: 6.');
  });

  it.each(['"01"', '"1e3"', '" 1"', '"1.5"', '"one"', '"-0"'])(
    'priority %s is not a number spelt as JSON writes one: no fix',
    (written) => {
      const spec = validSpec();
      spec['hypotheses'][0].priority = JSON.parse(written);
      const problem = gate.compile(spec).diagnostics.find((d) => d.path === '/hypotheses/0/priority');
      expect(problem?.ruleId).toBe('schema');
      expect(problem?.fix).toBeUndefined();
    },
  );
});

describe('one problem for one mistake', () => {
  it('a replan after a confirming dive of a hypothesis nothing invalidated: one problem naming both facts', () => {
    const spec = validSpec();
    // D2 confirms H2, which no deep dive invalidates; the replan names it as its cause.
    spec['replanLog'][0] = { ...spec['replanLog'][0], hypothesisId: 'H2', afterDeepDive: 'D2' };
    const problems = gate.compile(spec).diagnostics.filter((d) => d.ruleId === 'replan-evidence');
    expect(problems.map((d) => [d.path, d.message])).toEqual([
      [
        '/replanLog/0',
        'replan 1 of hypothesis "H2" has no invalidating deep dive to answer to (0 invalidating deep dives recorded), and its afterDeepDive "D2" confirms "H2"; replan only after a deep dive invalidates the hypothesis.',
      ],
    ]);
  });
});

describe("a draft's counts", () => {
  it('deep dives whose effect is not given yet are counted as such, never as a blank', async () => {
    const draft = join(scratch, 'draft.yaml');
    const made = await runInProcess(
      ['trace', 'draft', 'fixtures/traces/transcript-small.jsonl', '--goal', 'Where?', '--budget', '4', '--output', draft],
      { cwd: root },
    );
    expect(made.status).toBe(0);
    const report = (await runInProcess([draft, '--stage', 'draft'], { cwd: root })).stdout;
    expect(report).toContain('- Deep dives: 2 (2 with no effect yet), 2 distinct nodes read');
    expect(report).not.toMatch(/\(\d+ \)/);
  });
});

describe('the last line of check.sh', () => {
  const summary = (tests: string, fixtures: string) =>
    spawnSync(process.execPath, [join(root, 'scripts/check-summary.mjs'), tests, fixtures], { encoding: 'utf8' });
  const junit = (tests: number, failures: number) =>
    `<?xml version="1.0"?>\n<testsuites name="x" tests="${tests}" failures="${failures}" errors="0" skipped="0">\n</testsuites>\n`;

  it('counts the tests and the fixtures in the plain form "N passed, N failed, N skipped"', () => {
    const tests = join(scratch, 'vitest.json');
    const fixtures = join(scratch, 'fixtures.xml');
    writeFileSync(
      tests,
      JSON.stringify({ numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1, numFailedTestSuites: 0 }),
    );
    writeFileSync(fixtures, junit(4, 0));
    const passing = summary(tests, fixtures);
    expect([passing.status, passing.stdout]).toEqual([
      0,
      '14 passed, 0 failed, 3 skipped (tests 10 passed, 0 failed, 3 skipped; fixtures 4 passed, 0 failed, 0 skipped)\n',
    ]);
    writeFileSync(fixtures, junit(4, 1));
    expect(summary(tests, fixtures)).toMatchObject({ status: 1, stdout: expect.stringMatching(/^13 passed, 1 failed, 3 skipped /) });
  });

  it('a test file that could not load, or a run that wrote nothing, is a failure', () => {
    const tests = join(scratch, 'unloaded.json');
    writeFileSync(
      tests,
      JSON.stringify({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numFailedTestSuites: 1 }),
    );
    const fixtures = join(scratch, 'fixtures-ok.xml');
    writeFileSync(fixtures, junit(2, 0));
    expect(summary(tests, fixtures).stdout).toMatch(/^7 passed, 1 failed, 0 skipped /);
    const missing = summary(join(scratch, 'absent.json'), fixtures);
    expect([missing.status, missing.stdout]).toEqual([
      1,
      '2 passed, 1 failed, 0 skipped (tests: no results, the run did not finish; fixtures 2 passed, 0 failed, 0 skipped)\n',
    ]);
  });
});
