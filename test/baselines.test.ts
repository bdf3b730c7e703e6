import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { renderMarkdown } from '../src/dialects/markdown.js';
import { SUPPRESSIONS_FILE_NAME, suppressionsText, updateSuppressions, validateSuppressions } from '../src/suppressions/index.js';
import { expectEnvelope } from './support/contract.js';
import { runInProcess } from './support/in-process.js';
import { sarifValidator } from './support/sarif.js';
import { gateFailingSpec, validSpec, warningOnlySpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('baselines');

/** Two errors of dive-selective: the first two deep dives use a tool that is not an expensive read. */
function twoDiveErrors(): Record<string, any> {
  const spec = gateFailingSpec();
  spec.deepDives[1].tool = 'WebFetch';
  return spec;
}

function threeDiveErrors(): Record<string, any> {
  const spec = twoDiveErrors();
  spec.deepDives[2].tool = 'WebFetch';
  return spec;
}

/** A corpus in specs/: one spec with two dive-selective errors, one with an unknown-field warning, one clean. */
function corpus(): string {
  const dir = tempDir();
  writeJson(dir, 'specs/two.json', twoDiveErrors());
  writeJson(dir, 'specs/warn.json', warningOnlySpec());
  writeJson(dir, 'specs/clean.json', validSpec());
  return dir;
}

const baselineOf = (dir: string, name = SUPPRESSIONS_FILE_NAME) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

describe('a baseline in the compiler', () => {
  const compiler = createCompiler();

  it('marks every problem of a rule suppressed when the baseline accepts as many, and the spec passes', () => {
    const result = compiler.compile(JSON.stringify(twoDiveErrors()), {
      path: 'two.json',
      baseline: { source: 'base.json', counts: { 'dive-selective': 2 } },
    });
    expect(result.exitCode).toBe(0);
    expect(result.diagnostics.map((diagnostic) => diagnostic.suppressed)).toEqual([{ baseline: 'base.json' }, { baseline: 'base.json' }]);
    expect(result.report?.summary).toMatchObject({ errors: 0, warnings: 0, suppressed: 2, verdict: 'pass' });
    const criterion = result.report?.summary.gate.find((entry) => entry.rules.includes('dive-selective'));
    expect(criterion).toMatchObject({ passed: true, suppressed: 2 });
    expect(renderMarkdown(result.report!)).toMatch(/\[x\] Selective deep dives[^\n]*: passed only through 2 suppressed errors/);
  });

  it('reports every problem of the rule when there is one more than the baseline accepts', () => {
    const result = compiler.compile(JSON.stringify(threeDiveErrors()), { baseline: { source: 'b', counts: { 'dive-selective': 2 } } });
    expect(result.exitCode).toBe(1);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'dive-selective')).toHaveLength(3);
    expect(result.diagnostics.some((diagnostic) => diagnostic.suppressed !== undefined)).toBe(false);
    expect(result.exitCode === 1 && result.ruleTotals['dive-selective']).toBe(3);
  });

  it('never suppresses critical input, and a baseline of other rules leaves the rest to fail', () => {
    const spec = validSpec();
    delete spec.goal;
    const critical = compiler.compile(spec, { baseline: { source: 'b', counts: { 'critical-input': 5 } } });
    expect(critical.exitCode).toBe(4);
    const other = compiler.compile(JSON.stringify(twoDiveErrors()), { baseline: { source: 'b', counts: { 'unknown-field': 9 } } });
    expect(other.exitCode).toBe(1);
  });

  it('never accepts the problems of a rule the others rely on, whatever the counts a baseline gives', () => {
    const spec = { ...validSpec(), deepDives: 'none' };
    const judged = compiler.compile(spec, { baseline: { source: 'b', counts: { schema: 99 } } });
    expect(judged.exitCode).toBe(1);
    expect(judged.diagnostics.find((diagnostic) => diagnostic.ruleId === 'schema')?.suppressed).toBeUndefined();
  });

  it('counts problems past the cap of 1,000, and suppresses them whole', () => {
    const spec = validSpec();
    spec.risks.push(...Array.from({ length: 1500 }, () => 'We fell back to read_all_files.'));
    const found = compiler.compile(spec);
    const total = found.exitCode === 1 ? found.ruleTotals['anti-patterns'] : undefined;
    expect(total).toBe(1500);
    const accepted = compiler.compile(spec, { baseline: { source: 'b', counts: { 'anti-patterns': 1500 } } });
    expect(accepted.exitCode).toBe(0);
    const last = accepted.diagnostics.at(-1);
    expect(last).toMatchObject({
      ruleId: 'too-many-problems',
      omitted: { errors: 0, warnings: 0, suppressed: 500 },
      suppressed: { baseline: 'b' },
    });
  });
});

describe('the suppressions file', () => {
  it('is written in code-unit order, specs and rules alike, and read back as it was written', () => {
    const text = suppressionsText(
      validateSuppressions(
        {
          'b.json': { 'unknown-field': { count: 1 }, 'dive-order': { count: 2 } },
          'a.json': { 'map-cheap': { count: 3 } },
          'empty.json': {},
        },
        'f',
      ),
    );
    expect(text).toBe(
      '{\n  "a.json": {\n    "map-cheap": {\n      "count": 3\n    }\n  },\n  "b.json": {\n    "dive-order": {\n      "count": 2\n    },\n    "unknown-field": {\n      "count": 1\n    }\n  }\n}\n',
    );
    expect(suppressionsText(validateSuppressions(JSON.parse(text), 'f'))).toBe(text);
  });

  it('names every problem at once, with a did-you-mean for a rule id', () => {
    const check = () =>
      validateSuppressions(
        {
          '/abs.json': {},
          'a.json': { 'dive-selectiv': { count: 1 }, 'dive-order': { count: 0 }, 'critical-input': { count: 1 }, schema: { count: 2 } },
          'b.json': 3,
        },
        'suppressions file s.json',
      );
    expect(check).toThrow(/^suppressions file s\.json: 6 problems: /);
    expect(check).toThrow(/Did you mean "dive-selective"\?/);
    expect(check).toThrow(/critical-input cannot be suppressed: a missing goal or budget is asked for/);
    expect(check).toThrow(/schema cannot be suppressed: the other rules cannot judge a spec whose structure the schema rejects/);
    expect(check).toThrow(/count must be a whole number of at least 1, not 0/);
  });

  it('keeps a "__proto__" spec or rule name an ordinary entry', () => {
    const parsed = validateSuppressions(JSON.parse('{"__proto__": {"dive-order": {"count": 2}}}'), 'f');
    expect([...parsed.specs()]).toEqual(['__proto__']);
    expect(suppressionsText(parsed)).toContain('"__proto__"');
  });

  it('prunes to what is left and drops the entries of specs that are gone, leaving other specs alone', () => {
    const next = updateSuppressions(
      validateSuppressions(
        {
          'a.json': { 'dive-order': { count: 3 }, 'map-cheap': { count: 1 } },
          'gone.json': { 'dive-order': { count: 1 } },
          'other.json': { 'dive-order': { count: 4 } },
        },
        'f',
      ),
      [{ key: 'a.json', totals: { 'dive-order': 2 } }],
      { all: false, rules: [], prune: true },
      (key) => key !== 'gone.json',
    );
    expect([...next.entries()]).toEqual([
      ['a.json', 'dive-order', 2],
      ['other.json', 'dive-order', 4],
    ]);
  });
});

describe('baselines on the command line', () => {
  it('--suppress-all accepts no structure problem: a spec the schema rejects keeps failing, and --suppress-rule schema is refused', async () => {
    const dir = corpus();
    writeJson(dir, 'specs/shapeless.json', { ...validSpec(), deepDives: 'none', notes: 'x' });
    const written = await runInProcess(['specs', '--suppress-all', '--json'], { cwd: dir });
    expect(written.status).toBe(1);
    expect(baselineOf(dir)['specs/shapeless.json']).toEqual({ 'unknown-field': { count: 1 } });
    const again = await runInProcess(['specs/shapeless.json', '--format', 'text'], { cwd: dir });
    expect(again.status).toBe(1);
    expect(again.stdout).toMatch(/error\s+\/deepDives must be an array/);
    const rule = await runInProcess(['specs', '--suppress-rule', 'schema', '--json'], { cwd: dir });
    expectEnvelope(rule, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
  });

  it('--suppress-all writes the baseline beside the working directory, and the run passes by it', async () => {
    const dir = corpus();
    const written = await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    expect(written.status, written.stderr).toBe(0);
    expect(baselineOf(dir)).toEqual({
      'specs/two.json': { 'dive-selective': { count: 2 } },
      'specs/warn.json': { 'unknown-field': { count: 1 } },
    });
    expect(written.stderr).toContain(`wrote ${SUPPRESSIONS_FILE_NAME}: 3 problems of 2 specs suppressed`);
    expect(written.stdout).toContain('✔ 3 files passed (3 suppressed by a baseline)');
    // Accepted problems are counted, one line a file; --show-suppressed lists them as before.
    expect(written.stdout).toContain(`specs/two.json: 2 suppressed by ${SUPPRESSIONS_FILE_NAME} (dive-selective 2)\n`);
    const shown = await runInProcess(['specs', '--show-suppressed'], { cwd: dir });
    expect(shown.stdout).toMatch(/specs\/two\.json\n\s+\d+:\d+\s+suppressed\s+/);

    // Found again walking up from the specs' folder, from a working directory below it too: in a
    // repository the walk climbs to its top (outside one, it would stop at the working directory).
    mkdirSync(join(dir, '.git'));
    const again = await runInProcess(['two.json', '--json'], { cwd: join(dir, 'specs') });
    const envelope: any = expectEnvelope(again, { command: 'compile', exit: 0 });
    expect(envelope.data.summary).toMatchObject({ errors: 0, suppressed: 2 });
    expect(envelope.data.files[0].counts).toEqual({ errors: 0, warnings: 0, suppressed: 2 });
    expect(envelope.data.suppressions).toEqual({
      files: [{ path: `../${SUPPRESSIONS_FILE_NAME}`, source: 'walk-up' }],
      written: [],
      unused: [],
      unusedTotal: 0,
      exceeded: [],
    });
  });

  it('a baseline among the specs is never taken for a spec', async () => {
    const dir = corpus();
    const specs = join(dir, 'specs');
    expect((await runInProcess(['.', '--suppress-all'], { cwd: specs })).status).toBe(0);
    expect(existsSync(join(specs, SUPPRESSIONS_FILE_NAME))).toBe(true);
    const again: any = expectEnvelope(await runInProcess(['.', '--json'], { cwd: specs }), { command: 'compile', exit: 0 });
    expect(again.data.files.map((file: { path: string }) => file.path)).toEqual(['clean.json', 'two.json', 'warn.json']);
  });

  it('a new problem of the same rule in the same file fails, and every one of its problems is reported', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    writeJson(dir, 'specs/two.json', threeDiveErrors());
    const run = await runInProcess(['specs', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(run, { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    const two = envelope.data.files.find((file: { path: string }) => file.path === 'specs/two.json');
    expect(two.counts).toEqual({ errors: 3, warnings: 0, suppressed: 0 });
    expect(envelope.data.suppressions.exceeded).toEqual([
      { file: SUPPRESSIONS_FILE_NAME, spec: 'specs/two.json', ruleId: 'dive-selective', count: 2, found: 3 },
    ]);
    expect(run.stderr).toContain('specs/two.json: dive-selective found 3 problems, more than the 2 that');
  });

  it('says which entries accept more than is left, and --prune-suppressions lowers them and drops gone specs', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    writeJson(dir, 'specs/two.json', gateFailingSpec());
    rmSync(join(dir, 'specs/warn.json'));
    const run = await runInProcess(['specs', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(run, { command: 'compile', exit: 0 });
    expect(envelope.data.suppressions.unused).toEqual([
      { file: SUPPRESSIONS_FILE_NAME, spec: 'specs/two.json', ruleId: 'dive-selective', count: 2, found: 1 },
      { file: SUPPRESSIONS_FILE_NAME, spec: 'specs/warn.json', ruleId: 'unknown-field', count: 1, found: 0, missing: true },
    ]);
    expect(envelope.warnings.join('\n')).toContain('--prune-suppressions lowers the count');

    const pruned = await runInProcess(['specs', '--prune-suppressions'], { cwd: dir });
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(baselineOf(dir)).toEqual({ 'specs/two.json': { 'dive-selective': { count: 1 } } });
    const after = await runInProcess(['specs', '--json'], { cwd: dir });
    expect(JSON.parse(after.stdout).data.suppressions.unused).toEqual([]);
  });

  it('--fail-on-unused-suppressions fails a run whose baseline accepts more than is left, until it is pruned', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    writeJson(dir, 'specs/two.json', gateFailingSpec());
    // Without the flag an unused entry only warns, as before.
    expect((await runInProcess(['specs'], { cwd: dir })).status).toBe(0);
    const run = await runInProcess(['specs', '--fail-on-unused-suppressions', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(run, { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    expect(envelope.error.subcode).toBe('UNUSED_SUPPRESSIONS');
    expect(envelope.error.message).toMatch(/^1 baseline entry accepts more problems than are left, .*--prune-suppressions$/);
    expect(envelope.data.summary).toMatchObject({ failed: 0, exitCode: 1 });
    expect(envelope.data.suppressions).toMatchObject({ unusedTotal: 1, failOnUnused: true });
    expect(run.stderr).toContain('--fail-on-unused-suppressions fails the run on it');
    // A new error still fails as an error: the unused entry does not hide it.
    writeJson(dir, 'specs/clean.json', threeDiveErrors());
    const failing: any = expectEnvelope(await runInProcess(['specs', '--fail-on-unused-suppressions', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expect(failing.error.subcode).toBe('ERRORS');
    writeJson(dir, 'specs/clean.json', validSpec());
    const pruned = await runInProcess(['specs', '--prune-suppressions', '--fail-on-unused-suppressions'], { cwd: dir });
    expect(pruned.status, pruned.stderr).toBe(0);
    expect((await runInProcess(['specs', '--fail-on-unused-suppressions'], { cwd: dir })).status).toBe(0);
  });

  it('a run failed by unused entries alone says why in its last line, in text, github and SARIF alike', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    // Both problems of two.json fixed, and warn.json gone: two entries accept what is no longer there.
    writeJson(dir, 'specs/two.json', validSpec());
    rmSync(join(dir, 'specs/warn.json'));
    const run = await runInProcess(['specs', '--format', 'text', '--fail-on-unused-suppressions'], { cwd: dir });
    expect(run.status).toBe(1);
    const last = run.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(last).not.toMatch(/^✔/);
    expect(last).toBe(
      '✖ 2 files passed, but 2 baseline entries are unused, and --fail-on-unused-suppressions fails the run on them: --prune-suppressions removes them',
    );
    // Without the flag the same run passes, and says so.
    const warned = await runInProcess(['specs', '--format', 'text'], { cwd: dir });
    expect(warned.status).toBe(0);
    expect(warned.stdout).toBe('✔ 2 files passed\n');

    const github = await runInProcess(['specs', '--format', 'github', '--fail-on-unused-suppressions'], { cwd: dir });
    expect(github.status).toBe(1);
    expect(github.stdout).toBe(
      '::error title=compile-investigation::2 baseline entries are unused, and --fail-on-unused-suppressions fails the run on them: --prune-suppressions removes them\n',
    );
    const sarif = JSON.parse((await runInProcess(['specs', '--format', 'sarif', '--fail-on-unused-suppressions'], { cwd: dir })).stdout);
    expect(sarif.runs[0].invocations[0]).toMatchObject({
      exitCode: 1,
      toolExecutionNotifications: [{ level: 'error', message: { text: expect.stringMatching(/^2 baseline entries are unused/) } }],
    });
    expect(sarifValidator()(sarif)).toBe(true);
    // With an error as well, the error leads and the unused entries still get their line.
    writeJson(dir, 'specs/clean.json', threeDiveErrors());
    const both = await runInProcess(['specs', '--format', 'text', '--fail-on-unused-suppressions'], { cwd: dir });
    expect(both.status).toBe(1);
    expect(both.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      '✖ 3 problems (3 errors, 0 warnings)',
      '✖ 2 baseline entries are unused, and --fail-on-unused-suppressions fails the run on them: --prune-suppressions removes them',
    ]);
  });

  it('text counts accepted problems in one line a file, so that a new error is not buried under them', async () => {
    const dir = tempDir();
    for (let index = 0; index < 30; index++) writeJson(dir, `specs/old-${String(index).padStart(2, '0')}.json`, threeDiveErrors());
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    writeJson(dir, 'specs/new.json', twoDiveErrors());
    const run = await runInProcess(['specs', '--format', 'text'], { cwd: dir });
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    // 30 lines of counts, the new file's two errors with their frames, the summary and the hint.
    expect(lines.filter((line) => /^specs\/old-\d\d\.json: 3 suppressed by /.test(line))).toHaveLength(30);
    expect(lines.filter((line) => /^\s+\d+:\d+\s+suppressed\s/.test(line))).toEqual([]);
    expect(lines.filter((line) => /^\s+\d+:\d+\s+error\s/.test(line))).toHaveLength(2);
    expect(lines.length).toBeLessThan(45);
    expect(run.stdout).toContain(`specs/old-00.json: 3 suppressed by ${SUPPRESSIONS_FILE_NAME} (dive-selective 3)\n`);
    expect(run.stdout).toContain('✖ 2 problems (2 errors, 0 warnings; 90 suppressed by a baseline)\n');
    expect(run.stdout).toContain('90 suppressed problems counted, not listed: --show-suppressed lists them\n');
    const shown = await runInProcess(['specs', '--format', 'text', '--show-suppressed'], { cwd: dir });
    expect(shown.stdout.split('\n').filter((line) => /^\s+\d+:\d+\s+suppressed\s/.test(line))).toHaveLength(90);
    expect(shown.stdout).not.toContain('counted, not listed');
  });

  it('--suppress-rule writes only that rule, and is repeatable; a typo gets a suggestion, critical-input a refusal', async () => {
    const dir = corpus();
    const run = await runInProcess(['specs', '--suppress-rule', 'unknown-field', '--suppressions', 'base.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(baselineOf(dir, 'base.json')).toEqual({ 'specs/warn.json': { 'unknown-field': { count: 1 } } });
    const both = await runInProcess(
      ['specs', '--suppress-rule', 'unknown-field', '--suppress-rule', 'dive-selective', '--suppressions', 'base.json'],
      {
        cwd: dir,
      },
    );
    expect(both.status).toBe(0);

    const typo = await runInProcess(['specs', '--suppress-rule', 'dive-selectiv', '--json'], { cwd: dir });
    expectEnvelope(typo, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'UNKNOWN_RULE' });
    expect(JSON.parse(typo.stdout).error.message).toContain('Did you mean "dive-selective"?');
    const critical = await runInProcess(['specs', '--suppress-rule', 'critical-input', '--json'], { cwd: dir });
    expectEnvelope(critical, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
    expect(existsSync(join(dir, SUPPRESSIONS_FILE_NAME))).toBe(false);
  });

  it('a corrupt suppressions file is a usage error that names every problem, and is never written over', async () => {
    const dir = corpus();
    const corrupt = '{"specs/two.json": {"dive-selective": {"count": "two"}}, "specs/warn.json": []}';
    writeFileSync(join(dir, SUPPRESSIONS_FILE_NAME), corrupt);
    for (const extra of [[], ['--suppress-all'], ['--prune-suppressions']]) {
      const run = await runInProcess(['specs', '--json', ...extra], { cwd: dir });
      expectEnvelope(run, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_SUPPRESSIONS' });
      expect(JSON.parse(run.stdout).error.message).toMatch(/2 problems: .*count must be a whole number.*must map rule ids/);
      expect(readFileSync(join(dir, SUPPRESSIONS_FILE_NAME), 'utf8')).toBe(corrupt);
    }
    writeFileSync(join(dir, SUPPRESSIONS_FILE_NAME), '{"a": 1,');
    const syntax = await runInProcess(['specs', '--json'], { cwd: dir });
    expectEnvelope(syntax, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_SUPPRESSIONS' });
  });

  it('a --suppressions file that is not there is an error, unless the run writes it; a folder cannot be written', async () => {
    const dir = corpus();
    const missing = await runInProcess(['specs', '--suppressions', 'nowhere.json', '--json'], { cwd: dir });
    expectEnvelope(missing, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'SUPPRESSIONS_NOT_FOUND' });
    mkdirSync(join(dir, 'folder.json'));
    const folder = await runInProcess(['specs', '--suppressions', 'folder.json', '--suppress-all', '--json'], { cwd: dir });
    expectEnvelope(folder, { command: 'compile', exit: 2, code: 'USAGE_ERROR' });
  });

  it('a shard judges only its own specs: the entries of the other shards are neither unused nor pruned', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    const before = readFileSync(join(dir, SUPPRESSIONS_FILE_NAME), 'utf8');
    for (const shard of ['1/3', '2/3', '3/3']) {
      const run = await runInProcess(['specs', '--shard', shard, '--prune-suppressions', '--json'], { cwd: dir });
      expect(JSON.parse(run.stdout).data.suppressions.unused, shard).toEqual([]);
    }
    expect(readFileSync(join(dir, SUPPRESSIONS_FILE_NAME), 'utf8')).toBe(before);
  });

  it('compare weighs a suppressed problem as nothing: accepting a problem is not a regression', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/spec.json', validSpec());
    writeJson(dir, 'head/spec.json', twoDiveErrors());
    writeJson(dir, 'head/investigation-suppressions.json', { 'spec.json': { 'dive-selective': { count: 2 } } });
    expect((await runInProcess(['base', '--output-dir', 'base-reports', '--format', 'json'], { cwd: dir })).status).toBe(0);
    expect((await runInProcess(['head', '--output-dir', 'head-reports', '--format', 'json'], { cwd: dir })).status).toBe(0);
    const run = await runInProcess(['compare', 'base-reports', 'head-reports', '--fail-on-regression', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(run, { command: 'compare', exit: 0 });
    expect(envelope.data.files[0]).toMatchObject({ worse: false, rules: [] });
  });

  it('stats and compare say that they apply no baseline, in their output, warnings and envelope', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    const stats = await runInProcess(['stats', 'specs'], { cwd: dir });
    expect(stats.status, stats.stderr).toBe(0);
    expect(stats.stdout).toContain(
      `No baseline is applied: every problem counts as found, whether a baseline accepts it or not. Found and not applied: \`${SUPPRESSIONS_FILE_NAME}\`.`,
    );
    expect(stats.stderr).toContain(`warning: baseline ${SUPPRESSIONS_FILE_NAME} is not applied: stats counts every problem`);
    const statsEnvelope: any = expectEnvelope(await runInProcess(['stats', 'specs', '--json'], { cwd: dir }), {
      command: 'stats',
      exit: 0,
    });
    expect(statsEnvelope.data.baselines).toEqual({ applied: false, found: [SUPPRESSIONS_FILE_NAME] });
    // The two dive-selective errors the baseline accepts are counted all the same.
    expect(statsEnvelope.data.stats.rules).toContainEqual(expect.objectContaining({ ruleId: 'dive-selective', errors: 2 }));

    mkdirSync(join(dir, 'base'));
    writeJson(dir, 'base/two.json', validSpec());
    writeJson(dir, 'base/warn.json', validSpec());
    writeJson(dir, 'base/clean.json', validSpec());
    const compared = await runInProcess(['compare', 'base', 'specs'], { cwd: dir });
    expect(compared.stdout).toContain(
      `No baseline is applied to the specs, so every problem counts as found; not applied: ${SUPPRESSIONS_FILE_NAME}\n`,
    );
    expect(compared.stderr).toContain(`warning: baseline ${SUPPRESSIONS_FILE_NAME} is not applied: compare judges the specs`);
    const markdown = await runInProcess(['compare', 'base', 'specs', '--format', 'markdown'], { cwd: dir });
    expect(markdown.stdout).toContain('No baseline is applied to the specs, so every problem counts as found. Not applied: `');
    const envelope: any = expectEnvelope(await runInProcess(['compare', 'base', 'specs', '--json'], { cwd: dir }), {
      command: 'compare',
      exit: 0,
    });
    expect(envelope.data.baselines).toEqual({ applied: false, found: [SUPPRESSIONS_FILE_NAME] });

    // A broken baseline is named, never read: a command that does not apply it does not stop on it.
    writeFileSync(join(dir, SUPPRESSIONS_FILE_NAME), '{ not json');
    expect((await runInProcess(['stats', 'specs'], { cwd: dir })).status).toBe(0);
    // Without a baseline, nothing is said.
    rmSync(join(dir, SUPPRESSIONS_FILE_NAME));
    const plain = await runInProcess(['stats', 'specs', '--json'], { cwd: dir });
    expect(JSON.parse(plain.stdout).data.baselines).toBeUndefined();
    expect(plain.stderr).not.toContain('baseline');
  });

  it('shows suppressed problems as suppressed in every format', async () => {
    const dir = corpus();
    await runInProcess(['specs', '--suppress-all'], { cwd: dir });
    const sarif = JSON.parse((await runInProcess(['specs', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarifValidator()(sarif), JSON.stringify(sarifValidator().errors)).toBe(true);
    const results = sarif.runs[0].results;
    expect(results).toHaveLength(3);
    for (const result of results)
      expect(result.suppressions).toEqual([
        { kind: 'external', status: 'accepted', justification: `accepted by the baseline ${SUPPRESSIONS_FILE_NAME}` },
      ]);

    const github = (await runInProcess(['specs', '--format', 'github'], { cwd: dir })).stdout;
    expect(github.split('\n').filter((line) => line.startsWith('::notice '))).toHaveLength(3);
    expect(github).not.toMatch(/^::error /m);
    expect(github).toContain('title=dive-selective (suppressed error)');

    const json = JSON.parse((await runInProcess(['specs/two.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.summary).toMatchObject({ errors: 0, suppressed: 2 });
    expect(json.diagnostics.every((diagnostic: { suppressed?: unknown }) => diagnostic.suppressed !== undefined)).toBe(true);

    const markdown = (await runInProcess(['specs/two.json'], { cwd: dir })).stdout;
    expect(markdown).toContain('| error (suppressed) | `dive-selective` |');
    expect(markdown).toContain('passed only through 2 suppressed errors');

    const stderr = (await runInProcess(['specs/two.json', '--format', 'json'], { cwd: dir })).stderr;
    expect(stderr).toMatch(/^specs\/two\.json:\d+:\d+: suppressed error dive-selective /m);
  });
});
