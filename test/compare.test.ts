import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleChanges, type SideProblem } from '../src/compare/index.js';
import { createCompiler } from '../src/compile.js';
import type { Report } from '../src/report/types.js';
import { projectRoot } from './support/cli.js';
import { expectEnvelope } from './support/contract.js';
import { type InProcessRun, runInProcess } from './support/in-process.js';
import { gateFailingSpec, validSpec, warningOnlySpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

const tempDir = useTempDirs('compare');
const gate = createCompiler();

/** The JSON report `compile --format json` writes for a spec, as data to change before writing it. */
function reportOf(spec: Record<string, unknown>): Report {
  const report = gate.compile(spec).report;
  if (report === null) throw new Error('the spec has no report');
  return JSON.parse(JSON.stringify(report)) as Report;
}

/** A workspace whose BASE and HEAD hold one of each verdict change, its files written in the order given or reversed. */
function verdictWorkspace(reversed = false): string {
  const dir = tempDir();
  const files: Array<[string, (dir: string, name: string, data: unknown) => string, Record<string, unknown>]> = [
    ['base/steady.json', writeJson, validSpec()],
    ['base/broken.json', writeJson, validSpec()],
    ['base/mended.json', writeJson, gateFailingSpec()],
    ['base/gone.json', writeJson, validSpec()],
    ['head/steady.json', writeJson, validSpec()],
    ['head/broken.yaml', writeYaml, gateFailingSpec()],
    ['head/mended.json', writeJson, validSpec()],
    ['head/fresh.yaml', writeYaml, gateFailingSpec('curl')],
  ];
  for (const [name, write, spec] of reversed ? files.reverse() : files) write(dir, name, spec);
  return dir;
}

async function compareJson(dir: string, ...args: string[]): Promise<{ run: InProcessRun; data: any }> {
  const run = await runInProcess(['compare', 'base', 'head', ...args, '--json'], { cwd: dir });
  return { run, data: expectEnvelope(run, { command: 'compare' }).data };
}

const fileOf = (data: any, key: string) => data.files.find((file: any) => file.key === key);
/** Each file's key and verdict change, and "worse" when it got worse. */
const changes = (data: any) => data.files.map((file: any) => `${file.key} ${file.change}${file.worse ? ' worse' : ''}`);

describe('compare: verdicts', () => {
  it('says per file whether its verdict went from pass to fail, from fail to pass, stayed, or the file was added or removed', async () => {
    const { run, data } = await compareJson(verdictWorkspace());
    expect(run.status).toBe(0);
    expect(changes(data)).toEqual([
      'broken pass-to-fail worse',
      'fresh added worse',
      'gone removed',
      'mended fail-to-pass',
      'steady unchanged',
    ]);
    expect(fileOf(data, 'broken').reasons).toEqual(['pass-to-fail', 'new-errors']);
    expect(fileOf(data, 'fresh').reasons).toEqual(['added-failing', 'new-errors']);
    expect(fileOf(data, 'broken').head).toEqual({ file: 'broken.yaml', kind: 'spec', verdict: 'fail' });
    expect(fileOf(data, 'gone').head).toBeNull();
    expect(data.summary).toEqual({
      files: 5,
      worse: 2,
      passToFail: 1,
      failToPass: 1,
      unchanged: 1,
      added: 1,
      removed: 1,
      newProblems: 2,
      fixedProblems: 1,
    });
    expect(data).toMatchObject({ compareVersion: 1, base: 'base', head: 'head' });
  });

  it('lists new and fixed problems by rule, with their pointers and messages', async () => {
    const { data } = await compareJson(verdictWorkspace());
    expect(fileOf(data, 'broken').rules).toEqual([
      {
        ruleId: 'dive-selective',
        new: [{ path: '/deepDives/0/tool', severity: 'error', message: expect.stringContaining('"WebFetch"') }],
        fixed: [],
      },
    ]);
    expect(fileOf(data, 'mended').rules).toEqual([
      { ruleId: 'dive-selective', new: [], fixed: [expect.objectContaining({ path: '/deepDives/0/tool' })] },
    ]);
    expect(fileOf(data, 'steady').rules).toEqual([]);
  });

  it('counts a warning more as worse, and an input error or a critical input as new problems', async () => {
    const dir = tempDir();
    for (const name of ['warned', 'broken', 'empty']) writeJson(dir, `base/${name}.json`, validSpec());
    writeJson(dir, 'head/warned.json', warningOnlySpec());
    writeFileSync(join(dir, 'head/broken.json'), '{ "goal": ');
    const { goal: _goal, ...withoutGoal } = validSpec();
    writeJson(dir, 'head/empty.json', withoutGoal);
    const { data } = await compareJson(dir);
    expect(fileOf(data, 'warned')).toMatchObject({ change: 'unchanged', worse: true, reasons: ['more-warnings'] });
    expect(fileOf(data, 'broken').rules).toEqual([
      { ruleId: 'input-error', new: [{ path: '', severity: 'error', message: expect.stringContaining('JSON') }], fixed: [] },
    ]);
    expect(fileOf(data, 'empty')).toMatchObject({ change: 'pass-to-fail', reasons: ['pass-to-fail', 'new-errors'] });
    expect(fileOf(data, 'empty').rules.map((rule: any) => rule.ruleId)).toEqual(['critical-input']);
    // No report, so no figures from it: null on that side, and no delta.
    expect(fileOf(data, 'empty').metrics.budgetUsed).toEqual({ base: 3, head: null, delta: null });
    expect(fileOf(data, 'empty').metrics.errors).toEqual({ base: 0, head: 1, delta: 1 });
  });
});

describe('compare: problems as a multiset of rule and pointer', () => {
  const problem = (ruleId: string, path: string, message: string, severity: 'error' | 'warning' = 'error'): SideProblem => ({
    ruleId,
    severity,
    path,
    message,
  });

  it('ignores a reworded message at the same place, and counts each problem at one place', () => {
    expect(ruleChanges([problem('r', '/a', 'old words')], [problem('r', '/a', 'new words')])).toEqual([]);
    const base = [problem('r', '/a', 'x'), problem('r', '/a', 'y')];
    const head = [problem('r', '/a', 'y'), problem('r', '/a', 'z'), problem('r', '/a', 'w'), problem('q', '/b', 'v', 'warning')];
    expect(ruleChanges(base, head)).toEqual([
      { ruleId: 'q', new: [{ path: '/b', severity: 'warning', message: 'v' }], fixed: [] },
      // Three at /a where BASE had two: one new, and one of those whose message BASE did not have.
      { ruleId: 'r', new: [{ path: '/a', severity: 'error', message: 'w' }], fixed: [] },
    ]);
    expect(ruleChanges(head, base)).toEqual([
      { ruleId: 'q', new: [], fixed: [{ path: '/b', severity: 'warning', message: 'v' }] },
      { ruleId: 'r', new: [], fixed: [{ path: '/a', severity: 'error', message: 'w' }] },
    ]);
  });

  it('lists rules by id and problems by pointer, whatever order the reports hold them in', () => {
    const head = [problem('b', '/z', '1'), problem('a', '/y', '2'), problem('b', '/a', '3'), problem('b', '/a', '0')];
    const changes = ruleChanges([], head);
    expect(changes.map((rule) => rule.ruleId)).toEqual(['a', 'b']);
    expect(changes[1]?.new.map((entry) => `${entry.path} ${entry.message}`)).toEqual(['/a 0', '/a 3', '/z 1']);
    expect(ruleChanges([], [...head].reverse())).toEqual(changes);
  });

  it('compares reports with repeated problems at one pointer, through the command', async () => {
    const dir = tempDir();
    const base = reportOf(validSpec());
    const head = reportOf(validSpec());
    const repeated = (message: string) => ({ ruleId: 'dive-grounded', severity: 'error' as const, message, path: '/deepDives/1/node' });
    base.diagnostics = [repeated('one')];
    head.diagnostics = [repeated('one'), repeated('two'), repeated('three')];
    base.verdict = 'fail';
    head.verdict = 'fail';
    writeJson(dir, 'base/x.report.json', base);
    writeJson(dir, 'head/x.report.json', head);
    const { data } = await compareJson(dir);
    const file = fileOf(data, 'x');
    expect(file.rules).toEqual([
      {
        ruleId: 'dive-grounded',
        new: [
          { path: '/deepDives/1/node', severity: 'error', message: 'three' },
          { path: '/deepDives/1/node', severity: 'error', message: 'two' },
        ],
        fixed: [],
      },
    ]);
    expect(file.metrics.errors).toEqual({ base: 1, head: 3, delta: 2 });
    expect(file).toMatchObject({ change: 'unchanged', worse: true, base: { kind: 'report' }, head: { kind: 'report' } });
  });
});

describe('compare: figures', () => {
  it('gives budget used, deep dives and cycles to success on both sides with their delta, null-safe', async () => {
    const dir = tempDir();
    const discovery = JSON.parse(readFileSync(join(projectRoot, 'fixtures/valid/discovery-search-stale-prices.json'), 'utf8'));
    writeJson(dir, 'base/plain.json', validSpec());
    writeJson(dir, 'head/plain.json', discovery);
    const base = reportOf(validSpec());
    const head = reportOf(validSpec());
    base.summary.budget.used = 2.5;
    head.summary.budget.used = 5;
    head.summary.counts.deepDives = 7;
    base.metrics.discovery = {
      ...(reportOf(discovery).metrics.discovery as NonNullable<Report['metrics']['discovery']>),
      cyclesToSuccess: 4,
    };
    head.metrics.discovery = { ...base.metrics.discovery, cyclesToSuccess: 2 };
    writeJson(dir, 'base/figures.report.json', base);
    writeJson(dir, 'head/figures.report.json', head);
    const { data } = await compareJson(dir);
    expect(fileOf(data, 'figures').metrics).toEqual({
      errors: { base: 0, head: 0, delta: 0 },
      warnings: { base: 0, head: 0, delta: 0 },
      budgetUsed: { base: 2.5, head: 5, delta: 2.5 },
      deepDives: { base: 3, head: 7, delta: 4 },
      cyclesToSuccess: { base: 4, head: 2, delta: -2 },
    });
    expect(fileOf(data, 'plain').metrics.cyclesToSuccess).toEqual({ base: null, head: 2, delta: null });
    const text = (await runInProcess(['compare', 'base', 'head'], { cwd: dir })).stdout;
    expect(text).toContain('budget used 2.5 → 5 (+2.5), deep dives 3 → 7 (+4), cycles to success 4 → 2 (-2)');
    expect(text).toContain('cycles to success – → 2');
  });
});

describe('compare: specs and reports', () => {
  it('compares specs with the JSON reports compile --output-dir wrote of them: nothing changed', async () => {
    const dir = verdictWorkspace();
    const compiled = await runInProcess(['compile', 'head', '--output-dir', 'reports', '--format', 'json'], { cwd: dir });
    expect(compiled.status).toBe(1);
    const run = await runInProcess(['compare', 'head', 'reports', '--json'], { cwd: dir });
    const { data } = expectEnvelope(run, { command: 'compare', exit: 0 });
    expect(data.files.map((file: any) => [file.key, file.base.kind, file.head.kind, file.change, file.rules])).toEqual([
      ['broken', 'spec', 'report', 'unchanged', []],
      ['fresh', 'spec', 'report', 'unchanged', []],
      ['mended', 'spec', 'report', 'unchanged', []],
      ['steady', 'spec', 'report', 'unchanged', []],
    ]);
    expect(data.files[0].head.file).toBe('broken.report.json');
  });

  it('takes any JSON file holding a report for one, and skips sidecars, Markdown reports and hidden files', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/a.json', gateFailingSpec());
    writeJson(dir, 'base/a.expect.json', { exitCode: 1 });
    writeFileSync(join(dir, 'base/a.report.md'), '# not read\n');
    writeJson(dir, 'base/.hidden/b.json', { not: 'read' });
    writeJson(dir, 'head/sub/a.json', reportOf(validSpec()));
    writeJson(dir, 'base/sub/a.yaml', validSpec());
    writeJson(dir, 'head/a.json', reportOf(validSpec()));
    const { data } = await compareJson(dir);
    expect(data.files.map((file: any) => [file.key, file.base?.file, file.head?.file, file.head?.kind])).toEqual([
      ['a', 'a.json', 'a.json', 'report'],
      ['sub/a', 'sub/a.yaml', 'sub/a.json', 'report'],
    ]);
    expect(fileOf(data, 'a').change).toBe('fail-to-pass');
  });

  it('judges the specs of both sides with --policy, --preset and the configuration found from each folder', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/a.json', gateFailingSpec());
    writeJson(dir, 'head/a.json', gateFailingSpec());
    writeJson(dir, 'allow.json', { expensiveDiveTools: ['Read', 'sed', 'open', 'cat', 'WebFetch'] });
    expect(fileOf((await compareJson(dir)).data, 'a').change).toBe('unchanged');
    expect(fileOf((await compareJson(dir)).data, 'a').head.verdict).toBe('fail');
    expect(fileOf((await compareJson(dir, '--policy', 'allow.json')).data, 'a').head.verdict).toBe('pass');
    writeJson(dir, 'head/investigation.config.json', { policy: { expensiveDiveTools: ['Read', 'sed', 'open', 'cat', 'WebFetch'] } });
    const { data, run } = await compareJson(dir);
    expect(fileOf(data, 'a').change).toBe('fail-to-pass');
    expect(data.files).toHaveLength(1);
    // The configuration found by walking up is named, as compile names it.
    expect(run.stderr).toContain('warning: using head/investigation.config.json, found by walking up from head');
    expect(run.stderr).not.toContain('base');
    const preset = await compareJson(dir, '--preset', 'nope');
    expect(preset.run.status).toBe(2);
  });
});

describe('compare: refusals', () => {
  async function refused(dir: string, args: string[], expected: { exit: number; code: string; subcode: string }) {
    const run = await runInProcess(['compare', ...args, '--output', 'out.txt', '--json'], { cwd: dir });
    const envelope = expectEnvelope(run, { command: 'compare', ...expected });
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    return envelope.error?.message ?? '';
  }
  const usage = (subcode: string) => ({ exit: 2, code: 'USAGE_ERROR', subcode });
  const input = (subcode: string) => ({ exit: 3, code: 'INPUT_ERROR', subcode });

  it('refuses a BASE or HEAD that is missing, not a folder or empty', async () => {
    const dir = verdictWorkspace();
    writeFileSync(join(dir, 'notes.txt'), 'notes\n');
    writeJson(dir, 'empty/.keep.json', {});
    expect(await refused(dir, ['nothing', 'head'], usage('NO_INPUT'))).toBe(
      'BASE nothing does not exist; give a folder of specs or JSON reports',
    );
    expect(await refused(dir, ['base', 'notes.txt'], usage('NOT_A_DIRECTORY'))).toContain('HEAD notes.txt is not a folder');
    expect(await refused(dir, ['base', 'empty'], usage('NO_INPUT'))).toContain('HEAD empty holds no spec');
  });

  it('refuses two sides with no file in common', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/a.json', validSpec());
    writeJson(dir, 'head/b.report.json', reportOf(validSpec()));
    expect(await refused(dir, ['base', 'head'], usage('COMPARE_MISMATCH'))).toMatch(/^BASE and HEAD have no file in common/);
  });

  it('refuses two files of one side with the same key', async () => {
    const dir = verdictWorkspace();
    writeYaml(dir, 'base/steady.yaml', validSpec());
    expect(await refused(dir, ['base', 'head'], usage('KEY_COLLISION'))).toContain(
      'steady.json and steady.yaml would both be compared as "steady"',
    );
    const other = verdictWorkspace();
    writeJson(other, 'head/steady.report.json', reportOf(validSpec()));
    writeJson(other, 'head/steady.yaml.report.json', reportOf(validSpec()));
    writeYaml(other, 'head/steady.yaml', validSpec());
    expect(await refused(other, ['base', 'head'], usage('KEY_COLLISION'))).toContain('HEAD head: steady.json and steady.yaml');
  });

  it('refuses a report file that is not a report, naming what is wrong', async () => {
    const dir = verdictWorkspace();
    writeJson(dir, 'head/z.report.json', validSpec());
    writeJson(dir, 'base/z.json', validSpec());
    expect(await refused(dir, ['base', 'head'], input('NOT_A_REPORT'))).toBe(
      'head/z.report.json is not a JSON report of compile: "reportVersion" is not 1',
    );
    rmSync(join(dir, 'head/z.report.json'));
    writeJson(dir, 'base/x.report.json', { hello: 'world' });
    writeJson(dir, 'head/x.json', validSpec());
    expect(await refused(dir, ['base', 'head'], input('NOT_A_REPORT'))).toBe(
      'base/x.report.json is not a JSON report of compile: "reportVersion" is not 1',
    );
    const broken = reportOf(validSpec()) as any;
    broken.diagnostics = [{ ruleId: 'r', severity: 'fatal', message: 'm', path: '' }];
    writeJson(dir, 'base/x.report.json', broken);
    expect(await refused(dir, ['base', 'head'], input('NOT_A_REPORT'))).toContain('diagnostics[0]: "severity" is not "error" or "warning"');
    // Not named like a report, but holding one: checked as one.
    const bare = verdictWorkspace();
    writeJson(bare, 'base/y.json', { reportVersion: 1, tool: {}, verdict: 'pass' });
    writeJson(bare, 'head/y.json', validSpec());
    expect(await refused(bare, ['base', 'head'], input('NOT_A_REPORT'))).toContain('"diagnostics" is not a list');
  });

  it('refuses a report that cannot be parsed or is over --max-bytes, and lets a spec over it be its own input error', async () => {
    const dir = verdictWorkspace();
    writeFileSync(join(dir, 'base/x.report.json'), '{ "reportVersion": 1,');
    writeJson(dir, 'head/x.json', validSpec());
    expect(await refused(dir, ['base', 'head'], input('JSON_SYNTAX'))).toMatch(/^base\/x\.report\.json: /);
    writeJson(dir, 'base/x.report.json', reportOf(validSpec()));
    expect(await refused(dir, ['base', 'head', '--max-bytes', '100'], input('TOO_LARGE'))).toContain('base/x.report.json');
    const specs = verdictWorkspace();
    const { data } = await compareJson(specs, '--max-bytes', '100');
    expect(fileOf(data, 'steady').rules).toEqual([]);
    expect(fileOf(data, 'steady').head.verdict).toBe('fail');
  });

  it('refuses an --output that is one of the inputs', async () => {
    const dir = verdictWorkspace();
    const before = readFileSync(join(dir, 'base/steady.json'), 'utf8');
    const run = await runInProcess(['compare', 'base', 'head', '--output', 'base/steady.json', '--json'], { cwd: dir });
    expectEnvelope(run, { command: 'compare', ...usage('OUTPUT_IS_INPUT') });
    expect(readFileSync(join(dir, 'base/steady.json'), 'utf8')).toBe(before);
  });
});

describe('compare --fail-on-regression', () => {
  it('exits 1 (GATE_FAILED, REGRESSION) when a file got worse, and 0 without the flag', async () => {
    const dir = verdictWorkspace();
    const failing = await runInProcess(['compare', 'base', 'head', '--fail-on-regression', '--json'], { cwd: dir });
    const envelope = expectEnvelope(failing, { command: 'compare', exit: 1, code: 'GATE_FAILED', subcode: 'REGRESSION' });
    expect(envelope.error?.message).toBe('2 of 5 files got worse from BASE to HEAD');
    expect(envelope.data.summary.worse).toBe(2);
    expect((await runInProcess(['compare', 'base', 'head', '--fail-on-regression'], { cwd: dir })).status).toBe(1);
    expect((await runInProcess(['compare', 'base', 'head'], { cwd: dir })).status).toBe(0);
  });

  it('does not take a hand-written report at its word: beside its spec the spec is judged, alone it must agree with itself', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/a.json', validSpec());
    writeJson(dir, 'head/a.json', gateFailingSpec());
    // What compile --output-dir would have written for a passing spec, beside the failing one.
    writeJson(dir, 'head/a.report.json', reportOf(validSpec()));
    const beside = await runInProcess(['compare', 'base', 'head', '--fail-on-regression', '--json'], { cwd: dir });
    const envelope = expectEnvelope(beside, { command: 'compare', exit: 1, code: 'GATE_FAILED', subcode: 'REGRESSION' });
    expect(fileOf(envelope.data, 'a')).toMatchObject({ change: 'pass-to-fail', head: { kind: 'spec', file: 'a.json' } });
    expect(envelope.warnings).toContainEqual(expect.stringContaining('a.report.json was not made from head/a.json as it is now'));
    // Made from the spec as it is: set aside without a word.
    rmSync(join(dir, 'head/a.report.json'));
    const written = await runInProcess(['head/a.json', '--format', 'json', '--output', 'head/a.report.json'], { cwd: dir });
    expect(written.status).toBe(1);
    const current = await runInProcess(['compare', 'base', 'head', '--json'], { cwd: dir });
    expect(expectEnvelope(current, { command: 'compare', exit: 0 }).warnings).toEqual([]);

    // Alone, a report whose verdict contradicts the problems it lists is not a report of compile.
    rmSync(join(dir, 'head/a.json'));
    const forged = reportOf(gateFailingSpec());
    forged.verdict = 'pass';
    writeJson(dir, 'head/a.report.json', forged);
    const alone = await runInProcess(['compare', 'base', 'head', '--fail-on-regression', '--json'], { cwd: dir });
    const refusal = expectEnvelope(alone, { command: 'compare', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_A_REPORT' });
    expect(refusal.error?.message).toMatch(/"verdict" is "pass" but it lists \d+ errors?$/);
    forged.verdict = 'fail';
    forged.diagnostics = [];
    writeJson(dir, 'head/a.report.json', forged);
    const empty = await runInProcess(['compare', 'base', 'head', '--json'], { cwd: dir });
    expect(expectEnvelope(empty, { command: 'compare', exit: 3, subcode: 'NOT_A_REPORT' }).error?.message).toContain(
      '"verdict" is "fail" but it lists no error',
    );
  });

  it('exits 0 when nothing got worse, whatever the verdicts', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/a.json', gateFailingSpec());
    writeJson(dir, 'base/b.json', gateFailingSpec());
    writeJson(dir, 'head/a.json', validSpec());
    writeJson(dir, 'head/b.json', gateFailingSpec());
    const run = await runInProcess(['compare', 'base', 'head', '--fail-on-regression', '--json'], { cwd: dir });
    const envelope = expectEnvelope(run, { command: 'compare', exit: 0, code: null });
    expect(envelope.data.summary).toMatchObject({ worse: 0, failToPass: 1, unchanged: 1 });
  });
});

describe('compare: outputs', () => {
  it('prints the same bytes on every run, and whatever order the files were written in', async () => {
    const forward = verdictWorkspace();
    const backward = verdictWorkspace(true);
    for (const format of ['text', 'markdown', 'json']) {
      const runs = await Promise.all(
        [forward, forward, backward].map((cwd) => runInProcess(['compare', 'base', 'head', '--format', format], { cwd })),
      );
      expect(runs[0]?.stdout.length).toBeGreaterThan(0);
      expect(runs[1]?.stdout).toBe(runs[0]?.stdout);
      expect(runs[2]?.stdout).toBe(runs[0]?.stdout);
      expect(runs[0]?.stdout).not.toContain(forward);
    }
  });

  it('prints a line a file, its problems under it, and a summary line', async () => {
    const run = await runInProcess(['compare', 'base', 'head'], { cwd: verdictWorkspace() });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^broken {2}pass → fail {6}errors 0 → 1 \(\+1\) {2}worse: pass → fail, new errors$/);
    expect(lines[1]).toMatch(/^ {2}\+ error {2}\/deepDives\/0\/tool {2}deep-dive tool "WebFetch" .* {2}dive-selective$/);
    expect(lines).toContain('gone    removed: pass');
    expect(lines.at(-2)).toBe(
      '✖ 2 of 5 files got worse (5 files: 1 pass → fail, 1 fail → pass, 1 added, 1 removed, 1 unchanged; 2 new problems, 1 fixed)',
    );
    expect(run.stderr).toBe('');
  });

  it('writes --output atomically with what it would print, and names it in the envelope', async () => {
    const dir = verdictWorkspace();
    const printed = await runInProcess(['compare', 'base', 'head', '--format', 'markdown'], { cwd: dir });
    const { data } = await compareJson(dir, '--format', 'markdown', '--output', 'compare.md');
    expect(data.output).toBe('compare.md');
    expect(data).not.toHaveProperty('rendered');
    expect(readFileSync(join(dir, 'compare.md'), 'utf8')).toBe(printed.stdout);
    const json = await runInProcess(['compare', 'base', 'head', '--format', 'json'], { cwd: dir });
    const { data: withRendered } = await compareJson(dir, '--format', 'text');
    const { output: _output, rendered: _rendered, ...document } = withRendered;
    expect(JSON.parse(json.stdout)).toEqual(document);
    expect(withRendered.rendered).toBe((await runInProcess(['compare', 'base', 'head'], { cwd: dir })).stdout);
  });

  it('keeps every Markdown table whole whatever the file names and messages hold', async () => {
    const dir = tempDir();
    const hostile = ['a | b', 'line\nbreak', 'tick ` and ``', '<b>html</b> *star*', 'back\\slash |'];
    const names = ['pipe|name', 'tick`name', 'star*name', 'new\nline'];
    for (const name of names) {
      const base = reportOf(validSpec());
      const head = reportOf(validSpec());
      head.diagnostics = hostile.map((message, index) => ({ ruleId: `rule|${index}`, severity: 'warning', message, path: `/x|${index}` }));
      writeJson(dir, `base/${name}.report.json`, base);
      writeJson(dir, `head/${name}.report.json`, head);
    }
    const markdown = (await runInProcess(['compare', 'base', 'head', '--format', 'markdown'], { cwd: dir })).stdout;
    const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
    const cells = (row: string) => row.replace(/\\\|/g, '').split('|').length - 2;
    const fileRows = rows.filter((row) => cells(row) === 8);
    const problemRows = rows.filter((row) => cells(row) === 5);
    // Header, delimiter and one row a file; per file a header, a delimiter and one row a problem.
    expect(fileRows).toHaveLength(2 + names.length);
    expect(problemRows).toHaveLength(names.length * (2 + hostile.length));
    expect(rows).toHaveLength(fileRows.length + problemRows.length);
    expect(markdown).toContain('line<br>break');
    const text = (await runInProcess(['compare', 'base', 'head'], { cwd: dir })).stdout;
    // One line a file, one a problem, a blank line and the summary: no message breaks a line.
    expect(text.split('\n')).toHaveLength(names.length * (1 + hostile.length) + 3);
  });
});

describe('compare in the contract', () => {
  it('is in the contract schema prints: the command, its data, and its subcodes', async () => {
    const run = await runInProcess(['schema'], { cwd: tempDir() });
    const contract = JSON.parse(run.stdout);
    expect(contract.envelopeSchema.properties.command.enum).toContain('compare');
    expect(contract.envelopeSchema.$defs.compareData.required).toEqual(['compareVersion', 'base', 'head', 'files', 'summary']);
    const subcodes = (code: string) =>
      contract.errorCodes.find((entry: any) => entry.code === code).subcodes.map((entry: any) => entry.subcode);
    expect(subcodes('GATE_FAILED')).toContain('REGRESSION');
    expect(subcodes('USAGE_ERROR')).toEqual(expect.arrayContaining(['COMPARE_MISMATCH', 'KEY_COLLISION', 'NOT_A_DIRECTORY']));
    expect(subcodes('INPUT_ERROR')).toContain('NOT_A_REPORT');
  });

  it('has --help from commander', async () => {
    const run = await runInProcess(['compare', '--help'], { cwd: tempDir() });
    expect(run.stdout).toContain('Usage: compile-investigation compare [options] <base> <head>');
    expect(run.stdout).toContain('--fail-on-regression');
  });

  it('compares the fixtures of fixtures/compare', async () => {
    const run = await runInProcess(['compare', 'fixtures/compare/base', 'fixtures/compare/head', '--json'], { cwd: projectRoot });
    const { data } = expectEnvelope(run, { command: 'compare', exit: 0 });
    expect(changes(data)).toEqual([
      'added added',
      'fixed fail-to-pass',
      'regressed pass-to-fail worse',
      'removed removed',
      'unchanged unchanged',
    ]);
  });
});
