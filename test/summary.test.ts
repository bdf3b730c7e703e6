import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cappedAnnotations, jobSummary, MAX_FILE_ROWS, mergeResults, tally } from '../src/gate/index.js';
import type { FileOutcome } from '../src/report/outcome.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { judgedOutcome } from './support/outcomes.js';
import { gateFailingSpec, validSpec, warningOnlySpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('summary');

/** A workspace with passing, failing and warning specs, and the envelope of one compile run over them. */
async function compiledWorkspace(): Promise<{ dir: string; envelope: string }> {
  const dir = tempDir();
  writeJson(dir, 'specs/pass.json', validSpec());
  writeJson(dir, 'specs/fail.json', gateFailingSpec());
  writeJson(dir, 'specs/warn.json', warningOnlySpec());
  const run = await runInProcess(['specs', '--json'], { cwd: dir });
  writeFileSync(join(dir, 'results.json'), run.stdout);
  return { dir, envelope: run.stdout };
}

function outcome(path: string, problems: Array<'error' | 'warning'>): FileOutcome {
  const diagnostics = problems.map((severity, index) => ({
    ruleId: `rule-${index % 2}`,
    severity,
    message: `m${index}`,
    path: '/goal',
    line: index + 1,
  }));
  return judgedOutcome(path, diagnostics);
}

describe('summary', () => {
  it('summarises a compile envelope as Markdown, with the counts in its own envelope', async () => {
    const { dir } = await compiledWorkspace();
    const text = await runInProcess(['summary', 'results.json'], { cwd: dir });
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/^## compile-investigation: the gate failed\n\n3 files: 2 passed, 1 failed; 1 error, 1 warning\.\n/);
    expect(text.stdout).toContain('| `specs/fail.json` | fail | 1 | 0 |');
    expect(text.stdout).toContain('| `specs/warn.json` | pass | 0 | 1 |');
    expect(text.stdout).not.toContain('specs/pass.json');
    const json = envelopeOf((await runInProcess(['summary', 'results.json', '--json'], { cwd: dir })).stdout);
    expect(json.command).toBe('summary');
    expect(json.error).toMatchObject({ code: 'GATE_FAILED', subcode: 'ERRORS' });
    expect(json.data).toMatchObject({ runs: 1, exitCode: 1, files: 3, passed: 2, failed: 1, errors: 1, warnings: 1 });
    expect(json.data.rendered).toBe(text.stdout);
  });

  it('links each rule of the summary to its page with --rule-docs-base-url, and to none without', async () => {
    const { dir } = await compiledWorkspace();
    const plain = await runInProcess(['summary', 'results.json'], { cwd: dir });
    expect(plain.stdout).not.toContain('](https://docs.example.com/');
    const linked = await runInProcess(['summary', 'results.json', '--rule-docs-base-url', 'https://docs.example.com/rules/'], { cwd: dir });
    expect(linked.status).toBe(1);
    const rows = linked.stdout.split('\n').filter((line) => line.startsWith('| [`'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\| \[`([a-z-]+)`\]\(https:\/\/docs\.example\.com\/rules\/\1\.md\) \|/);
  });

  it('appends to the step summary and the outputs file, keeping what was there', async () => {
    const { dir } = await compiledWorkspace();
    writeFileSync(join(dir, 'step.md'), '# earlier step\n');
    writeFileSync(join(dir, 'out.txt'), 'other=1');
    const run = await runInProcess(['summary', 'results.json', '--step-summary', 'step.md', '--github-output', 'out.txt', '--annotate'], {
      cwd: dir,
    });
    expect(run.status).toBe(1);
    expect(readFileSync(join(dir, 'step.md'), 'utf8')).toMatch(/^# earlier step\n## compile-investigation: the gate failed\n/);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(
      'other=1\nverdict=fail\nexit-code=1\nfiles=3\npassed=2\nfailed=1\nerrors=1\nwarnings=1\nsuppressed=0\n',
    );
    expect(run.stdout).toMatch(/^::error file=specs\/fail\.json,line=\d+,col=\d+,title=/m);
    expect(run.stdout).toMatch(/^::warning file=specs\/warn\.json,/m);
  });

  it('refuses what is not a compile envelope (exit 3) and shards that overlap (exit 2), writing nothing', async () => {
    const { dir, envelope } = await compiledWorkspace();
    writeJson(dir, 'rules.json', { schema: '1', ok: true, command: 'rules', data: {}, warnings: [], error: null });
    writeFileSync(join(dir, 'again.json'), envelope);
    writeFileSync(join(dir, 'step.md'), 'kept\n');
    const wrong = envelopeOf((await runInProcess(['summary', 'rules.json', '--step-summary', 'step.md', '--json'], { cwd: dir })).stdout);
    expect(wrong.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_A_RESULT' });
    expect(wrong.error.message).toContain('"command" is "rules", not "compile"');
    const overlap = await runInProcess(['summary', 'results.json', 'again.json', '--step-summary', 'step.md', '--json'], { cwd: dir });
    expect(overlap.status).toBe(2);
    expect(envelopeOf(overlap.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' });
    expect(envelopeOf(overlap.stdout).error.message).toContain('specs/fail.json is in both results.json and again.json');
    const missing = await runInProcess(['summary', 'nothing.json', '--json'], { cwd: dir });
    expect(envelopeOf(missing.stdout).error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_FOUND' });
    expect(readFileSync(join(dir, 'step.md'), 'utf8')).toBe('kept\n');
  });

  it('refuses a file entry without the fields it counts, naming the member', () => {
    const envelope = (file: unknown) => ({ schema: '1', command: 'compile', data: { files: [file], summary: { exitCode: 1 } } });
    expect(() =>
      mergeResults([{ source: 'a.json', value: envelope({ path: 'x', exitCode: 1, verdict: 'fail', diagnostics: [{}], error: null }) }]),
    ).toThrow('a.json: data.files[0]: diagnostics[0]: "ruleId", "message" or "path" is not a string');
    expect(() =>
      mergeResults([{ source: 'a.json', value: envelope({ path: 'x', exitCode: 2, verdict: 'fail', diagnostics: [], error: null }) }]),
    ).toThrow('"exitCode" is not 0, 1, 3 or 4');
  });

  it('counts the unused entries that failed merged shards once each, and says so in the summary and its error', async () => {
    const file = {
      path: 'a.json',
      exitCode: 0,
      verdict: 'pass',
      diagnostics: [],
      counts: { errors: 0, warnings: 0, suppressed: 0 },
      error: null,
    };
    const gone = { file: 'b.json', spec: 'gone.json', ruleId: 'unknown-field', count: 1, found: 0, missing: true };
    const shard = (path: string, unused: object[], unusedTotal: number) => ({
      schema: '1',
      command: 'compile',
      data: {
        files: [{ ...file, path }],
        summary: { exitCode: 1 },
        suppressions: { files: [], written: [], unused, unusedTotal, exceeded: [], failOnUnused: true },
      },
    });
    // Every shard reports the entry of a spec that is gone: it is one entry, not two.
    const twice = [shard('a.json', [gone], 1), shard('c.json', [gone], 1)];
    expect(mergeResults(twice.map((value, index) => ({ source: `${index}.json`, value }))).failingUnused).toEqual({
      count: 1,
      exact: true,
    });
    // A shard that listed fewer than it counted gives a lower bound.
    const cut = [shard('a.json', [gone], 150), shard('c.json', [], 0)];
    expect(mergeResults(cut.map((value, index) => ({ source: `${index}.json`, value }))).failingUnused).toEqual({
      count: 150,
      exact: false,
    });
    // A run that did not fail on its unused entries gives no reason.
    const lenient = shard('a.json', [gone], 1);
    delete (lenient.data.suppressions as { failOnUnused?: true }).failOnUnused;
    expect(mergeResults([{ source: 'a.json', value: lenient }]).failingUnused).toBeNull();

    const dir = tempDir();
    twice.forEach((value, index) => writeJson(dir, `${index}.json`, value));
    const run = await runInProcess(['summary', '0.json', '1.json', '--json'], { cwd: dir });
    const envelope = JSON.parse(run.stdout);
    expect(run.status).toBe(1);
    expect(envelope.error).toMatchObject({ code: 'GATE_FAILED', subcode: 'UNUSED_SUPPRESSIONS' });
    expect(envelope.error.message).toBe(
      'the gate failed: 1 baseline entry is unused, and --fail-on-unused-suppressions fails the run on it: --prune-suppressions removes it',
    );
    expect(envelope.data.rendered).toContain('The gate failed: 1 baseline entry is unused');
  });
});

describe('the job summary', () => {
  it('keeps its tables whole whatever the file names hold', () => {
    const names = ['a|b.json', 'line\nbreak.json', '`tick`.yaml', '<b>html</b>.json', 'back\\slash|.json'];
    const files = names.map((name) => outcome(name, ['error']));
    const markdown = jobSummary(tally(files), {
      toolName: 'compile-investigation',
      runs: 1,
      exitCode: 1,
      linkBase: 'https://example.test/blob/x',
    });
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ['));
    expect(rows).toHaveLength(names.length);
    // Every row has four cells: five pipes that are not escaped.
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length - 1, row).toBe(5);
    expect(markdown).toContain('https://example.test/blob/x/a%7Cb.json');
  });

  it(`lists at most ${MAX_FILE_ROWS} files and says how many more there are`, () => {
    const files = Array.from({ length: MAX_FILE_ROWS + 7 }, (_, index) => outcome(`f${String(index).padStart(4, '0')}.json`, ['error']));
    const markdown = jobSummary(tally(files), { toolName: 't', runs: 2, exitCode: 1 });
    expect(markdown.split('\n').filter((line) => line.startsWith('| `f'))).toHaveLength(MAX_FILE_ROWS);
    expect(markdown).toContain(`7 more files not listed: the summary keeps at most ${MAX_FILE_ROWS} rows.`);
    expect(markdown).toContain(`${MAX_FILE_ROWS + 7} files (2 runs merged)`);
  });

  it('counts problems by rule, most first, then by id', () => {
    const counts = tally([outcome('a.json', ['error', 'warning', 'error']), outcome('b.json', ['warning'])]);
    expect(counts.perRule).toEqual([
      { ruleId: 'rule-0', errors: 2, warnings: 1, suppressed: 0, files: 2 },
      { ruleId: 'rule-1', errors: 0, warnings: 1, suppressed: 0, files: 1 },
    ]);
  });
});

describe('capped annotations', () => {
  it('annotates at most max of each severity and counts the rest in one notice', () => {
    const files = [outcome('a.json', Array(13).fill('error')), outcome('b.json', Array(4).fill('warning'))];
    const lines = cappedAnnotations(files, 3).trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith('::warning '))).toHaveLength(3);
    expect(lines.at(-1)).toBe(
      '::notice title=compile-investigation::10 more errors and 1 more warning not annotated (at most 3 of each kind per step); the job summary and the SARIF log list them all',
    );
    expect(cappedAnnotations([outcome('a.json', ['error'])], 10)).not.toContain('::notice');
  });
});

describe('compile --shard', () => {
  it('splits the expanded inputs into disjoint shares that cover them, and refuses a bad or empty share', async () => {
    const dir = tempDir();
    for (const name of ['a', 'b', 'c', 'd', 'e']) writeJson(dir, `specs/${name}.json`, validSpec());
    const pathsOf = async (shard: string) =>
      envelopeOf((await runInProcess(['specs', '--shard', shard, '--json'], { cwd: dir })).stdout).data.files.map(
        (file: { path: string }) => file.path,
      );
    const shares = [await pathsOf('1/2'), await pathsOf('2/2')];
    expect(shares).toEqual([
      ['specs/a.json', 'specs/c.json', 'specs/e.json'],
      ['specs/b.json', 'specs/d.json'],
    ]);
    const bad = envelopeOf((await runInProcess(['specs', '--shard', '3/2', '--json'], { cwd: dir })).stdout);
    expect(bad.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_SHARD' });
    const empty = envelopeOf((await runInProcess(['specs', '--shard', '6/6', '--json'], { cwd: dir })).stdout);
    expect(empty.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'NO_INPUT' });
    expect(empty.error.message).toBe('--shard 6/6 holds none of the 5 input files; use at most 5 shards');
  });
});
