/**
 * Paths and option values as a careless or hostile caller types them: absolute and "../" paths
 * in SARIF and GitHub output, the order of the arguments, --max-bytes in other notations and
 * --workers far beyond the machine.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { sarifValidator } from '../support/sarif.js';
import { gateFailingSpec, validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('paths-options');

/** work/ (the working directory) with a.json and sub/b.json that fail the gate, and other/c.json beside it, outside. */
function layout(): { root: string; work: string } {
  const root = tempDir();
  const failing = gateFailingSpec();
  writeJson(join(root, 'work'), 'a.json', failing);
  writeJson(join(root, 'work', 'sub'), 'b.json', failing);
  writeJson(join(root, 'other'), 'c.json', failing);
  return { root, work: join(root, 'work') };
}

function sarifUris(stdout: string): Array<{ uri: string; uriBaseId?: string }> {
  const log = JSON.parse(stdout);
  expect(sarifValidator()(log), JSON.stringify(sarifValidator().errors)).toBe(true);
  return log.runs[0].artifacts.map((artifact: { location: { uri: string; uriBaseId?: string } }) => artifact.location);
}

describe('paths in SARIF and GitHub output', () => {
  it('an absolute path inside the working directory becomes relative; a path outside is an absolute file URI (SARIF) or as typed (github)', async () => {
    const { root, work } = layout();
    const args = [join(work, 'a.json'), './sub/../sub/b.json', '../other/c.json'];
    const sarif = await runInProcess([...args, '--format', 'sarif'], { cwd: work });
    expect(sarif.status).toBe(1);
    expect(sarifUris(sarif.stdout)).toEqual([
      { uri: pathToFileURL(join(root, 'other', 'c.json')).href },
      { uri: 'a.json', uriBaseId: '%SRCROOT%' },
      { uri: 'sub/b.json', uriBaseId: '%SRCROOT%' },
    ]);
    const github = await runInProcess([...args, '--format', 'github'], { cwd: work });
    const files = github.stdout
      .trim()
      .split('\n')
      .map((line) => /file=([^,]*)/.exec(line)?.[1]);
    expect([...new Set(files)]).toEqual(['../other/c.json', 'a.json', 'sub/b.json']);
  });

  it('a folder outside the working directory: absolute file URIs, and github names them as found', async () => {
    const { root, work } = layout();
    const sarif = await runInProcess(['../other', '--format', 'sarif'], { cwd: work });
    expect(sarifUris(sarif.stdout)).toEqual([{ uri: pathToFileURL(join(root, 'other', 'c.json')).href }]);
    const github = await runInProcess(['../other', '--format', 'github'], { cwd: work });
    expect(github.stdout).toMatch(/^::error file=\.\.\/other\/c\.json,/);
  });
});

describe('paths in briefs SARIF output', () => {
  it('artifacts outside the working directory are absolute file URIs, inside relative', async () => {
    const chain = join(projectRoot, 'fixtures', 'briefs', 'chain-valid');
    const outside = await runInProcess(['briefs', chain, '--format', 'sarif'], { cwd: tempDir() });
    expect(outside.status, outside.stderr).toBe(0);
    expect(sarifUris(outside.stdout)[0]).toEqual({ uri: pathToFileURL(join(chain, 'H1-0001.json')).href });
    const inside = await runInProcess(['briefs', 'fixtures/briefs/chain-valid', '--format', 'sarif'], { cwd: projectRoot });
    expect(sarifUris(inside.stdout)[0]).toEqual({ uri: 'fixtures/briefs/chain-valid/H1-0001.json', uriBaseId: '%SRCROOT%' });
  });
});

describe('the order of the arguments does not matter', () => {
  it('text, github, SARIF and the envelope list the files in the same order for "a b c" and "c b a"', async () => {
    const { work } = layout();
    const forward = ['sub/b.json', '../other/c.json', 'a.json'];
    for (const format of ['text', 'github', 'sarif']) {
      const [one, two] = await Promise.all(
        [forward, [...forward].reverse()].map((args) => runInProcess([...args, '--format', format], { cwd: work })),
      );
      expect(one?.stdout, format).toBe(two?.stdout);
    }
    const envelope = await runInProcess([...forward, '--json'], { cwd: work });
    expect(JSON.parse(envelope.stdout).data.files.map((file: { path: string }) => file.path)).toEqual([
      '../other/c.json',
      'a.json',
      'sub/b.json',
    ]);
  });

  it('standard input comes first', () => {
    const { work } = layout();
    const result = runCli(['sub/b.json', '-', 'a.json', '--json'], { cwd: work, input: JSON.stringify(validSpec()) });
    expect(JSON.parse(result.stdout).data.files.map((file: { path: string }) => file.path)).toEqual(['<stdin>', 'a.json', 'sub/b.json']);
  });
});

describe('--max-bytes takes decimal digits only', () => {
  it.each(['1e3', '0x10', '0b11', '0o7', ' 12', '12.0', '+5', ''])('%j is a usage error in compile, stats and briefs', async (value) => {
    const { work } = layout();
    for (const command of [['a.json'], ['stats', 'a.json'], ['briefs', 'sub']]) {
      const result = await runInProcess([...command, '--max-bytes', value, '--json'], { cwd: work });
      expect(result.status, `${command.join(' ')} --max-bytes ${value}`).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
    }
  });

  it('"100" is accepted (and the spec is larger)', async () => {
    const { work } = layout();
    const result = await runInProcess(['a.json', '--max-bytes', '100', '--json'], { cwd: work });
    expect(JSON.parse(result.stdout).data.files[0].error).toMatchObject({ subcode: 'TOO_LARGE' });
  });
});

describe('--workers', () => {
  it('above the number of CPUs is cut to it, with a warning on stderr and in the envelope', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'fixtures'), 'one.json', validSpec());
    writeJson(join(dir, 'fixtures'), 'one.expect.json', { exitCode: 0 });
    const cpus = availableParallelism();
    const result = await runInProcess(['test', 'fixtures', '--workers', String(cpus + 98), '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const warning = `--workers ${cpus + 98} is more than the ${cpus} available CPUs; using ${cpus}`;
    expect(JSON.parse(result.stdout).warnings).toEqual([warning]);
    expect(result.stderr).toContain(`compile-investigation: warning: ${warning}\n`);
    const within = await runInProcess(['test', 'fixtures', '--workers', String(cpus), '--json'], { cwd: dir });
    expect(JSON.parse(within.stdout).warnings).toEqual([]);
  });
});
