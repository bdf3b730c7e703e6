import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TRACE_TIME } from '../src/trace/time.js';
import { runHermetic } from './support/cli.js';
import { runInProcess } from './support/in-process.js';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-compile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SPEC = 'fixtures/traces/transcript-small.spec.yaml';
const TRACE = 'fixtures/traces/transcript-small.jsonl';

/** The spec with one text replaced, written to the scratch folder. */
function variant(name: string, from: string, to: string): string {
  const text = readFileSync(join(root, SPEC), 'utf8');
  expect(text).toContain(from);
  const path = join(scratch, `${name}.yaml`);
  writeFileSync(path, text.replace(from, to));
  return path;
}

async function compile(spec: string, extra: string[] = []) {
  const run = await runInProcess([spec, '--trace', TRACE, '--json', ...extra], { cwd: root });
  const file = JSON.parse(run.stdout).data.files[0];
  return {
    status: run.status,
    stderr: run.stderr,
    rules: file.diagnostics.map((d: { ruleId: string; path: string }) => [d.ruleId, d.path]),
  };
}

describe('compile --trace', () => {
  it('a spec that records what its trace shows passes, and its checklist says the trace was checked', async () => {
    expect(await compile(SPEC)).toMatchObject({ status: 0, rules: [] });
    const report = await runInProcess([SPEC, '--trace', TRACE, '--format', 'json'], { cwd: root });
    const gate = JSON.parse(report.stdout).summary.gate as Array<{ criterion: string; passed: boolean; rules: string[] }>;
    expect(gate.find((criterion) => criterion.criterion === 'trace')).toMatchObject({ passed: true });
    // Without a trace the criterion is not listed: nothing was checked.
    const plain = await runInProcess([SPEC, '--format', 'json'], { cwd: root });
    expect(JSON.parse(plain.stdout).summary.gate.map((criterion: { criterion: string }) => criterion.criterion)).not.toContain('trace');
  });

  it('the JSON and Markdown reports say which trace was checked, what it held, and the reads the record leaves out', async () => {
    const args = ['fixtures/invalid/trace-budget-unreported-read.yaml', '--trace', 'fixtures/invalid/trace-ledger-extra.trace.jsonl'];
    const json = await runInProcess([...args, '--format', 'json'], { cwd: root });
    const bytes = readFileSync(join(root, 'fixtures/invalid/trace-ledger-extra.trace.jsonl'));
    const { createHash } = await import('node:crypto');
    expect(JSON.parse(json.stdout).trace).toEqual({
      path: 'fixtures/invalid/trace-ledger-extra.trace.jsonl',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: 'hook-payloads',
      versions: [],
      root: '/work/ledger',
      lines: 5,
      calls: 5,
      byTool: { Bash: 2, Glob: 1, Read: 2 },
      failedCalls: 0,
      sidechainCalls: 0,
      skippedLines: 0,
      tokens: null,
      reads: {
        total: 3,
        matched: 2,
        unmatched: [{ node: 'src/export.ts', line: 5, id: 'h-read-2' }],
        unmatchedCount: 1,
        subagentDives: [],
      },
    });
    const markdown = await runInProcess(args, { cwd: root });
    expect(markdown.stdout).toContain('## Checked against the trace');
    expect(markdown.stdout).toContain('- Reads the record leaves out: `src/export.ts` (line 5)');
    expect(markdown.stdout).toContain('- Tokens: none in the trace, so a budget in tokens could not be checked against it');
    // Without a trace the report has neither.
    const plain = await runInProcess([args[0] as string, '--format', 'json'], { cwd: root });
    expect(JSON.parse(plain.stdout).trace).toBeUndefined();
  });

  it('a deep dive of a node the trace never read successfully is trace-dive-observed', async () => {
    const spec = variant('unread', 'node: src/totals.ts', 'node: src/export.ts');
    // The read of src/totals.ts the dive stood for is now one no dive stands for.
    expect(await compile(spec)).toMatchObject({
      status: 1,
      rules: [
        ['trace-budget', '/deepDives'],
        ['trace-dive-observed', '/deepDives/0/node'],
      ],
    });
  });

  it('a map entry no call of the trace made is trace-map-observed', async () => {
    const spec = variant('unmapped', 'query: "src/**/*.ts"', 'query: "src/**/*.js"');
    expect(await compile(spec)).toMatchObject({ status: 1, rules: [['trace-map-observed', '/surfaceMap/0/query']] });
  });

  it('a candidate node the call did not return is trace-map-observed, at that node', async () => {
    const spec = variant(
      'invented',
      '      - src/reports/monthly.ts\n    evidence',
      '      - src/reports/monthly.ts\n      - src/reports/yearly.ts\n    evidence',
    );
    const result = await compile(spec);
    expect(result.rules).toContainEqual(['trace-map-observed', '/surfaceMap/1/candidateNodes/1']);
  });

  it('a dive that names another tool than the trace used is trace-tool', async () => {
    const spec = variant('tool', 'tool: sed', 'tool: cat');
    expect(await compile(spec)).toMatchObject({ status: 1, rules: [['trace-tool', '/deepDives/1/tool']] });
  });

  it('a read before any map call surfaced its node is trace-order; more reads than budget.used is trace-budget', async () => {
    const payload = (id: string, tool: string, input: unknown, response: unknown) =>
      JSON.stringify({
        hook_event_name: 'PostToolUse',
        cwd: '/work/ledger',
        tool_name: tool,
        tool_input: input,
        tool_response: response,
        tool_use_id: id,
      });
    const read = (id: string, path: string) =>
      payload(id, 'Read', { file_path: path }, { file: { filePath: path, numLines: 9, totalLines: 9 } });
    const trace = join(scratch, 'blind.jsonl');
    writeFileSync(
      trace,
      [
        read('r1', '/work/ledger/src/totals.ts'),
        payload('g', 'Glob', { pattern: 'src/**/*.ts' }, { filenames: ['/work/ledger/src/totals.ts', '/work/ledger/src/export.ts'] }),
        payload('l', 'Bash', { command: 'ls -la src/reports' }, { stdout: 'monthly.ts' }),
        payload('s', 'Bash', { command: "sed -n '1,60p' src/reports/monthly.ts" }, { stdout: '' }),
        read('r2', '/work/ledger/src/export.ts'),
      ].join('\n'),
    );
    const run = await runInProcess([SPEC, '--trace', trace, '--json'], { cwd: root });
    expect(run.status).toBe(1);
    const diagnostics = JSON.parse(run.stdout).data.files[0].diagnostics as Array<{ ruleId: string; path: string; message: string }>;
    expect(diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['trace-budget', '/budget/used'],
      ['trace-order', '/deepDives/0/node'],
    ]);
    expect(diagnostics[0]?.message).toContain('3 successful reads');
    expect(diagnostics[0]?.message).toContain('"src/export.ts"');
    expect(diagnostics[1]?.message).toContain('blind.jsonl line 1, r1');
  });

  it('--trace-until narrows the trace: a read after the window is not there', async () => {
    // One read is left in the window, and the record counts two.
    expect(await compile(SPEC, ['--trace-until', '2026-03-02T10:00:09Z'])).toMatchObject({
      status: 1,
      rules: [
        ['trace-budget', '/budget/used'],
        ['trace-dive-observed', '/deepDives/1/node'],
      ],
    });
  });

  it('the preset reference leaves the trace rules off', async () => {
    const spec = variant('reference', 'tool: sed', 'tool: cat');
    expect((await compile(spec, ['--preset', 'reference'])).rules).toEqual([]);
  });

  it('--trace with several specs, or a trace option without --trace, is a usage error', async () => {
    const several = await runInProcess(
      [SPEC, SPEC.replace('.spec.yaml', '.spec.yaml'), 'fixtures/valid/wiki-oncall-ownership.yaml', '--trace', TRACE],
      { cwd: root },
    );
    expect(several.status).toBe(2);
    expect(several.stderr).toContain('--trace checks one spec');
    const stray = await runInProcess([SPEC, '--trace-root', '/work'], { cwd: root });
    expect(stray.status).toBe(2);
    expect(stray.stderr).toContain('give the trace with --trace FILE');
    const missing = await runInProcess([SPEC, '--trace', 'nope.jsonl'], { cwd: root });
    expect(missing.status).toBe(3);
  });

  it('a fixture sidecar names its trace: read inside the fixture folder, a missing or unreadable one is that fixture failing', async () => {
    const suite = join(scratch, 'suite');
    const spec = readFileSync(join(root, SPEC), 'utf8');
    const trace = readFileSync(join(root, TRACE));
    mkdirSync(suite, { recursive: true });
    writeFileSync(join(suite, 'ok.yaml'), spec);
    writeFileSync(join(suite, 'ok.expect.json'), JSON.stringify({ trace: 'session.jsonl', exitCode: 0 }));
    writeFileSync(join(suite, 'session.jsonl'), trace);
    writeFileSync(join(suite, 'missing.yaml'), spec);
    writeFileSync(join(suite, 'missing.expect.json'), JSON.stringify({ trace: 'gone.jsonl', exitCode: 0 }));
    writeFileSync(join(suite, 'outside.yaml'), spec);
    writeFileSync(join(suite, 'outside.expect.json'), JSON.stringify({ trace: `../../${TRACE}`, exitCode: 0 }));
    writeFileSync(join(suite, 'typed.yaml'), spec);
    writeFileSync(join(suite, 'typed.expect.json'), JSON.stringify({ trace: 5, exitCode: 0 }));
    const run = await runInProcess(['test', 'suite', '--json'], { cwd: scratch });
    const fixtures = JSON.parse(run.stdout).data.fixtures as Array<{ path: string; passed: boolean; problems: string[] }>;
    const byName = Object.fromEntries(fixtures.map((fixture) => [fixture.path.replace('suite/', ''), fixture]));
    expect(byName['ok.yaml']?.passed).toBe(true);
    expect(byName['missing.yaml']?.problems[0]).toMatch(/trace .*gone\.jsonl does not exist/);
    expect(byName['outside.yaml']?.passed).toBe(false);
    expect(byName['typed.yaml']?.problems[0]).toContain('trace must name');
    expect(run.status).toBe(1);
  });
});

describe('x-trace: a spec names its own trace', () => {
  // Copies in the scratch folder, the working directory of these runs: a spec names by x-trace only
  // a trace of its project's tree (the working directory, outside any repository).
  const transcript = join(scratch, 'transcript.jsonl');
  const hooks = join(scratch, 'hooks.jsonl');
  copyFileSync(join(root, TRACE), transcript);
  copyFileSync(join(root, 'fixtures/traces/hook-small.jsonl'), hooks);

  /** The passing spec, with an x-trace block appended, written to `folder/name`. */
  function linked(folder: string, name: string, link: string): string {
    mkdirSync(folder, { recursive: true });
    const path = join(folder, name);
    writeFileSync(path, `${readFileSync(join(root, SPEC), 'utf8')}x-trace:\n${link}`);
    return path;
  }

  async function outcome(args: string[], cwd = scratch) {
    const run = await runInProcess([...args, '--json'], { cwd });
    const file = JSON.parse(run.stdout).data.files[0];
    return {
      status: run.status,
      error: file.error,
      rules: file.diagnostics.map((d: { ruleId: string; path: string }) => [d.ruleId, d.path]),
    };
  }

  it("is followed from the spec's folder, as --trace would be; --trace, when given, is read instead", async () => {
    const folder = join(scratch, 'linked');
    writeFileSync(join(scratch, 'linked-trace.jsonl'), readFileSync(join(root, TRACE)));
    const spec = linked(folder, 'spec.yaml', '  path: ../linked-trace.jsonl\n');
    const json = await runInProcess([spec, '--format', 'json'], { cwd: scratch });
    // Named, as the spec is, from the working directory.
    expect(JSON.parse(json.stdout).trace).toMatchObject({ path: 'linked-trace.jsonl', root: '/work/ledger', calls: 7 });
    // The same spec claiming a read the trace does not have fails on the x-trace alone.
    const lying = join(folder, 'lying.yaml');
    writeFileSync(lying, readFileSync(spec, 'utf8').replace('node: src/totals.ts', 'node: src/export.ts'));
    expect((await outcome([lying])).rules).toContainEqual(['trace-dive-observed', '/deepDives/0/node']);
    // --trace names another trace, and wins: the hook trace has none of the transcript's calls.
    const other = await outcome([spec, '--trace', join(root, 'fixtures/traces/hook-small.jsonl')]);
    expect(other.rules).toContainEqual(['trace-map-observed', '/surfaceMap/0/query']);
  });

  it("a link that cannot be followed is the spec's input error, named as x-trace; a FIFO is refused, not waited on", async () => {
    const folder = join(scratch, 'broken-links');
    const missing = await outcome([linked(folder, 'missing.yaml', '  path: gone.jsonl\n')]);
    expect(missing).toMatchObject({ status: 3, error: { code: 'INPUT_ERROR', subcode: 'NOT_FOUND' } });
    expect(missing.error.message).toContain('x-trace: broken-links/gone.jsonl does not exist');
    writeFileSync(join(folder, 'notes.md'), '# Notes\n\nNo JSON here.\n');
    const notTrace = await outcome([linked(folder, 'not-trace.yaml', `  path: ${join(folder, 'notes.md')}\n`)]);
    expect(notTrace.error).toMatchObject({ subcode: 'NOT_A_TRACE' });
    execFileSync('mkfifo', [join(folder, 'pipe.jsonl')]);
    expect((await outcome([linked(folder, 'fifo.yaml', '  path: pipe.jsonl\n')])).error).toMatchObject({ subcode: 'NOT_A_FILE' });
    const impossible = await outcome([linked(folder, 'day.yaml', `  path: ${transcript}\n  since: 2026-02-31\n`)]);
    expect(impossible.error.message).toContain('since "2026-02-31" is no time that exists');
    // Hook payloads carry no time: a window asked of them cannot be kept.
    const untimed = await outcome([linked(folder, 'untimed.yaml', `  path: ${hooks}\n  since: 2026-03-02\n`)]);
    expect(untimed.error.message).toContain('carry no time');
  });

  it("a malformed link is the schema's to report, and is not followed", async () => {
    const folder = join(scratch, 'malformed-links');
    const relativeRoot = await outcome([linked(folder, 'root.yaml', `  path: ${transcript}\n  root: work/ledger\n`)]);
    expect(relativeRoot.rules).toEqual([['schema', '/x-trace/root']]);
    // A key it does not know is a warning, and the link is still followed: a typo cannot turn the trace rules off.
    const extra = await outcome([linked(folder, 'extra.yaml', `  path: ${transcript}\n  follow: true\n`)]);
    expect(extra).toMatchObject({ status: 0, rules: [['unknown-field', '/x-trace/follow']] });
    const extraLying = linked(folder, 'extra-lying.yaml', `  path: ${transcript}\n  follow: true\n`);
    writeFileSync(extraLying, readFileSync(extraLying, 'utf8').replace('node: src/totals.ts', 'node: src/export.ts'));
    expect((await outcome([extraLying])).rules).toContainEqual(['trace-dive-observed', '/deepDives/0/node']);
    const schema = JSON.parse(readFileSync(join(root, 'assets/investigation.schema.json'), 'utf8'));
    expect(schema.$defs.traceLink.properties.since.pattern).toBe(TRACE_TIME.source);
    expect(schema.$defs.traceLink.properties.until.pattern).toBe(TRACE_TIME.source);
  });

  it('from a folder, a spec names only a trace inside that folder; on standard input, its link is not followed', async () => {
    const folder = join(scratch, 'walked');
    // In the project's tree (the scratch folder), but outside the folder given.
    linked(folder, 'out.yaml', '  path: ../transcript.jsonl\n');
    const run = await runInProcess(['walked', '--json'], { cwd: scratch });
    const file = JSON.parse(run.stdout).data.files[0];
    expect(file.error).toMatchObject({ subcode: 'LINK_OUT' });
    expect(file.error.message).toBe('x-trace: transcript.jsonl lies outside walked; not read');
    const text = readFileSync(join(folder, 'out.yaml'), 'utf8').replace(/path: .*/, 'path: gone.jsonl');
    const stdin = runHermetic(['-', '--format', 'json'], { cwd: folder, input: text });
    expect(stdin.status).toBe(0);
    expect(JSON.parse(stdin.stdout).trace).toBeUndefined();
  });
});
