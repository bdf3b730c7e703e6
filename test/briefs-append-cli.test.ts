import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCliAsync, runHermetic } from './support/cli.js';
import { expectEnvelope } from './support/contract.js';
import { runInProcess } from './support/in-process.js';
import { sha256 } from './support/sha256.js';
import { useTempDirs, writeJson } from './support/temp.js';

/** `briefs append` through the command line: in process, but for standard input and concurrent runs, which need real processes. */

const tempDir = useTempDirs('briefs-append-cli');
const briefsDir = join(projectRoot, 'fixtures', 'briefs');
const emptyBrief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] };

/** A working folder holding a copy of fixtures/briefs, as the README's examples see it. */
function workspace(): string {
  const dir = tempDir();
  cpSync(briefsDir, join(dir, 'briefs'), { recursive: true });
  return dir;
}

const append = (cwd: string, ...args: string[]) => runInProcess(['briefs', 'append', ...args], { cwd });
const H2_NEXT = ['briefs/chain-valid', '--hypothesis', 'H2', '--from', 'briefs/next-brief.yaml', '--spec', 'briefs/spec.json'];

describe('briefs append', () => {
  it('writes the next artifact and says so in one line; briefs then passes', async () => {
    const cwd = workspace();
    const previous = readFileSync(join(cwd, 'briefs/chain-valid/H2-0002.json'));
    const run = await append(cwd, ...H2_NEXT);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`wrote briefs/chain-valid/H2-0003.json (sequence 3, parent sha256 ${sha256(previous)})\n`);
    expect(run.stderr).toBe('');
    const check = await runInProcess(['briefs', 'briefs/chain-valid', '--spec', 'briefs/spec.json'], { cwd });
    expect(check.status, check.stdout).toBe(0);
    expect(check.stdout).toContain('6 files passed');
  });

  it('with --json, names the artifact, its sequence, its parent and its own SHA-256', async () => {
    const cwd = workspace();
    const run = await append(cwd, ...H2_NEXT, '--json');
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 0, code: null });
    const written = readFileSync(join(cwd, 'briefs/chain-valid/H2-0003.json'));
    expect(envelope.data).toEqual({
      written: true,
      path: 'briefs/chain-valid/H2-0003.json',
      hypothesisId: 'H2',
      sequence: 3,
      parent: { file: 'H2-0002.json', sha256: sha256(readFileSync(join(cwd, 'briefs/chain-valid/H2-0002.json'))) },
      sha256: sha256(written),
      from: 'briefs/next-brief.yaml',
      diagnostics: [],
      registryChecked: true,
      notes: [],
    });
  });

  it('starts a chain in a new folder, with no parent; a YAML and a JSON brief give the same bytes', async () => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', emptyBrief);
    writeFileSync(join(cwd, 'brief.yaml'), 'formatVersion: 1\nfindings: []\nuncertainties: []\nnextQuestion: Where next?\nchanges: []\n');
    const fromJson = await append(cwd, 'one', '--hypothesis', 'H3', '--from', 'brief.json');
    expect(fromJson.stdout).toBe('wrote one/H3-0001.json (sequence 1, no parent)\n');
    expect(fromJson.stderr).toBe('compile-investigation: note: evidence ids not checked: no --spec given\n');
    const fromYaml = await append(cwd, 'two', '--hypothesis', 'H3', '--from', 'brief.yaml');
    expect(fromYaml.status).toBe(0);
    expect(readFileSync(join(cwd, 'two/H3-0001.json'))).toEqual(readFileSync(join(cwd, 'one/H3-0001.json')));
    expect(JSON.parse(readFileSync(join(cwd, 'one/H3-0001.json'), 'utf8'))).toEqual({
      hypothesisId: 'H3',
      sequence: 1,
      parent: null,
      brief: emptyBrief,
    });
  });

  it('refuses a brief with errors (exit 1) with its diagnostics, placed in the --from file, and writes nothing', async () => {
    const cwd = workspace();
    const before = readdirSync(join(cwd, 'briefs/chain-valid'));
    const brief = readFileSync(join(cwd, 'briefs/next-brief.yaml'), 'utf8').replace(/changes:[\s\S]*$/, 'changes: []\n');
    writeFileSync(join(cwd, 'unexplained.yaml'), brief);
    const args = ['briefs/chain-valid', '--hypothesis', 'H2', '--from', 'unexplained.yaml', '--spec', 'briefs/spec.json'];
    const envelope = expectEnvelope(await append(cwd, ...args, '--json'), {
      command: 'briefs append',
      exit: 1,
      code: 'GATE_FAILED',
      subcode: 'ERRORS',
    });
    const findingLine = brief.split('\n').indexOf('  - id: G1') + 1;
    expect(envelope.data).toMatchObject({ written: false, sha256: null, path: 'briefs/chain-valid/H2-0003.json', sequence: 3 });
    expect(envelope.data['diagnostics']).toEqual([
      expect.objectContaining({ ruleId: 'brief-history', path: '/brief/findings/0', line: findingLine, column: 5 }),
    ]);
    expect(envelope.error?.message).toBe('unexplained.yaml: the brief has 1 error; briefs/chain-valid/H2-0003.json was not written');
    const text = await append(cwd, ...args);
    expect(text.stdout).toBe('');
    expect(text.stderr).toContain(`unexplained.yaml:${findingLine}:5: error brief-history finding "G1" changed since H2-0002.json`);
    expect(readdirSync(join(cwd, 'briefs/chain-valid'))).toEqual(before);
  });

  it('writes a brief with warnings only, and lists them on standard error', async () => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', { ...emptyBrief, surprise: 1 });
    const run = await append(cwd, 'new', '--hypothesis', 'H1', '--from', 'brief.json', '--json');
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 0 });
    expect(envelope.data['diagnostics']).toEqual([
      expect.objectContaining({ ruleId: 'unknown-field', severity: 'warning', path: '/brief/surprise', line: 7, column: 3 }),
    ]);
    expect(run.stderr).toContain('brief.json:7:3: warning unknown-field');
    expect(readdirSync(join(cwd, 'new'))).toEqual(['H1-0001.json']);
  });

  it.each([
    ['a fork', 'briefs/fork', 'CHAIN_BROKEN'],
    ['a tampered parent', 'briefs/tampered-hash', 'CHAIN_BROKEN'],
    ['a gap', 'briefs/gap', 'CHAIN_BROKEN'],
    ['a file for a folder', 'briefs/spec.json', 'NOT_A_DIRECTORY'],
    ['a folder whose parent is missing', 'briefs/none/deeper', 'NOT_A_DIRECTORY'],
  ])('refuses %s (exit 2) and writes nothing', async (_what, dir, subcode) => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', emptyBrief);
    const before = readdirSync(join(cwd, 'briefs'), { recursive: true });
    const run = await append(cwd, dir, '--hypothesis', 'H1', '--from', 'brief.json', '--json');
    expectEnvelope(run, { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode });
    expect(readdirSync(join(cwd, 'briefs'), { recursive: true })).toEqual(before);
  });

  it('never writes over an existing file: a name taken by a folder is refused with ARTIFACT_EXISTS', async () => {
    const cwd = workspace();
    mkdirSync(join(cwd, 'briefs/chain-valid/H2-0003.json'));
    const run = await append(cwd, ...H2_NEXT, '--json');
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'ARTIFACT_EXISTS' });
    expect(envelope.error?.message).toContain('H2-0003.json exists in briefs/chain-valid but is not an artifact briefs reads');
    expect(readdirSync(join(cwd, 'briefs/chain-valid/H2-0003.json'))).toEqual([]);
  });

  it.each([
    ['../x', 'a path separator'],
    ['a/b', 'a path separator'],
    ['', 'is empty'],
    ['H'.repeat(300), 'too long'],
    ['H1\u001b[2J', 'control or bidi characters'],
    ['H1\r', 'control or bidi characters'],
  ])('refuses the hypothesis id %j with INVALID_HYPOTHESIS', async (hypothesisId, why) => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', emptyBrief);
    const run = await append(cwd, 'out', '--hypothesis', hypothesisId, '--from', 'brief.json', '--json');
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_HYPOTHESIS' });
    expect(envelope.error?.message).toContain(why);
    // The message quotes the id as JSON, so a control character in it stays inert.
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(readdirSync(cwd).sort()).toEqual(['brief.json', 'briefs']);
  });

  it.each([
    ['a missing --from', ['--from', 'none.json'], 'INPUT_ERROR', 'NOT_FOUND', 3],
    ['a --from that is not an object', ['--from', 'list.json'], 'INPUT_ERROR', 'NOT_AN_OBJECT', 3],
    ['a --from that is not JSON', ['--from', 'broken.json'], 'INPUT_ERROR', 'JSON_SYNTAX', 3],
    ['a --spec that cannot be read', ['--from', 'brief.json', '--spec', 'none.yaml'], 'INPUT_ERROR', 'NOT_FOUND', 3],
    ['an empty --from', ['--from', ''], 'USAGE_ERROR', 'INVALID_ARGUMENT', 2],
    ['no --hypothesis', ['--from', 'brief.json'], 'USAGE_ERROR', 'MISSING_ARGUMENT', 2],
  ])('refuses %s', async (_what, options, code, subcode, exit) => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', emptyBrief);
    writeFileSync(join(cwd, 'list.json'), '[]');
    writeFileSync(join(cwd, 'broken.json'), '{\n  "formatVersion": 1,\n}');
    const hypothesis = subcode === 'MISSING_ARGUMENT' ? [] : ['--hypothesis', 'H1'];
    const run = await append(cwd, 'out', ...hypothesis, ...options, '--json');
    expectEnvelope(run, { command: 'briefs append', exit, code, subcode });
    if (subcode === 'JSON_SYNTAX') expect(run.stderr).toMatch(/^broken\.json:2:21: error JSON_SYNTAX: .*trailing comma/m);
    expect(readdirSync(cwd)).not.toContain('out');
  });

  it('refuses a brief nested as deep as --from may be (TOO_DEEP, exit 3): its artifact would be one level deeper than briefs reads', async () => {
    const cwd = workspace();
    const nested = (depth: number) => `${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}`;
    // The brief is 1 level; its extension field's arrays the rest.
    writeFileSync(join(cwd, 'deep.json'), JSON.stringify({ ...emptyBrief, 'x-deep': 0 }).replace('0}', `${nested(100)}}`));
    const run = await append(cwd, 'out', '--hypothesis', 'H1', '--from', 'deep.json', '--json');
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 3, code: 'INPUT_ERROR', subcode: 'TOO_DEEP' });
    expect(envelope.error?.message).toContain('H1-0001.json would not be read by briefs');
    expect(readdirSync(cwd)).not.toContain('out');
    writeFileSync(join(cwd, 'deep.json'), JSON.stringify({ ...emptyBrief, 'x-deep': 0 }).replace('0}', `${nested(99)}}`));
    const shallower = await append(cwd, 'out', '--hypothesis', 'H1', '--from', 'deep.json');
    expect(shallower.status, shallower.stderr).toBe(0);
    expect((await runInProcess(['briefs', 'out'], { cwd })).status).toBe(0);
  });

  it("refuses briefs's own options before append, which append would not see", async () => {
    const cwd = workspace();
    const args = [
      'briefs',
      '--spec',
      'briefs/spec.json',
      'append',
      'briefs/chain-valid',
      '--hypothesis',
      'H2',
      '--from',
      'briefs/next-brief.yaml',
    ];
    const run = await runInProcess(args, { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--spec before "append" is an option of briefs itself');
    expect(readdirSync(join(cwd, 'briefs/chain-valid'))).not.toContain('H2-0003.json');
  });

  it('reads the brief from standard input with --from -', () => {
    const cwd = workspace();
    const run = runHermetic(['briefs', 'append', ...H2_NEXT.map((arg) => (arg === 'briefs/next-brief.yaml' ? '-' : arg)), '--json'], {
      cwd,
      input: readFileSync(join(briefsDir, 'next-brief.yaml')),
    });
    const envelope = expectEnvelope(run, { command: 'briefs append', exit: 0 });
    expect(envelope.data).toMatchObject({ from: '<stdin>', sequence: 3, written: true });
    // The same bytes as from the file.
    const other = workspace();
    runHermetic(['briefs', 'append', ...H2_NEXT], { cwd: other });
    expect(readFileSync(join(cwd, 'briefs/chain-valid/H2-0003.json'))).toEqual(
      readFileSync(join(other, 'briefs/chain-valid/H2-0003.json')),
    );
  });

  it('concurrent runs never write two artifacts of one sequence: each is written or refused, and the chain holds', async () => {
    const cwd = workspace();
    writeJson(cwd, 'brief.json', emptyBrief);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        runCliAsync(['briefs', 'append', 'race', '--hypothesis', 'H1', '--from', 'brief.json', '--json'], {
          cwd,
          env: { INVESTIGATION_CONFIG: '' },
        }),
      ),
    );
    const written = runs.filter((run) => run.status === 0).map((run) => JSON.parse(run.stdout).data.sequence as number);
    for (const run of runs.filter((each) => each.status !== 0))
      expect(JSON.parse(run.stdout).error, run.stderr).toMatchObject({ code: 'USAGE_ERROR', subcode: 'ARTIFACT_EXISTS' });
    expect(written.length).toBeGreaterThan(0);
    expect(written.sort()).toEqual(Array.from({ length: written.length }, (_, index) => index + 1));
    expect(readdirSync(join(cwd, 'race')).sort()).toEqual(written.map((sequence) => `H1-000${sequence}.json`));
    expect((await runInProcess(['briefs', 'race'], { cwd })).status).toBe(0);
  });
});

describe('briefs, beside its subcommand', () => {
  it('still checks any folder, one named append as ./append and one named help as help', async () => {
    const cwd = tempDir();
    cpSync(join(briefsDir, 'chain-valid'), join(cwd, 'append'), { recursive: true });
    cpSync(join(briefsDir, 'fork'), join(cwd, 'help'), { recursive: true });
    expect((await runInProcess(['briefs', './append'], { cwd })).stdout).toContain('5 files passed');
    expect((await runInProcess(['briefs', 'help', '--json'], { cwd })).status).toBe(1);
    // `briefs append` alone is the subcommand, which needs its folder.
    expect((await runInProcess(['briefs', 'append'], { cwd })).status).toBe(2);
  });

  it('lists append in its help, and append has its own', async () => {
    const cwd = tempDir();
    expect((await runInProcess(['briefs', '--help'], { cwd })).stdout).toMatch(/Commands:\n {2}append \[options\] <dir>/);
    const help = (await runInProcess(['briefs', 'append', '--help'], { cwd })).stdout;
    for (const option of ['--hypothesis <id>', '--from <file>', '--spec <file>', '--max-bytes <n>', '--json'])
      expect(help).toContain(option);
  });
});
