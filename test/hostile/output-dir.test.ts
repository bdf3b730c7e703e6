/**
 * Runs that write several files (--output-dir, --junit, test --update) when one target cannot be
 * written: a target that is not a file refuses the run before anything is written, and a write
 * that fails midway is recorded file by file instead of losing the run's results.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { posix } from '../support/platform.js';
import { specWithDives, validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('output-dir');

/** The CLI under a file size limit of `blocks` × 512 bytes: larger writes fail with EFBIG, for root too. */
function runLimited(args: string[], cwd: string, blocks: number): { status: number | null; stdout: string; stderr: string } {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const result = spawnSync('sh', ['-c', `ulimit -f ${blocks}; exec "${process.execPath}" "${cliPath}" ${quoted}`], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('--output-dir', () => {
  it('a target that is a folder refuses the whole run before any report is written, naming it', async () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    writeJson(dir, 'b.json', validSpec());
    mkdirSync(join(dir, 'out', 'b.report.json'), { recursive: true });
    const result = await runInProcess(['a.json', 'b.json', '--output-dir', 'out', '--format', 'json', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(envelope.error.message).toContain('out/b.report.json, which is a directory');
    expect(readdirSync(join(dir, 'out'))).toEqual(['b.report.json']);
    expect(readdirSync(join(dir, 'out', 'b.report.json'))).toEqual([]);
  });

  it.each([
    ['case', 'Spec', 'spec'],
    ['Unicode normalization (NFC, NFD)', 'caf\u00e9', 'cafe\u0301'],
    ['a Kelvin sign and a K', '\u212Aelvin', 'kelvin'],
  ])(
    'two inputs whose reports differ only by %s are refused as one name is: a case- or normalization-insensitive disk would write one file',
    async (_, first, second) => {
      const dir = tempDir();
      // In two folders, so that both names exist on any disk.
      writeJson(dir, `a/${first}.json`, validSpec());
      writeJson(dir, `b/${second}.json`, validSpec());
      const result = await runInProcess([`a/${first}.json`, `b/${second}.json`, '--output-dir', 'out', '--json'], { cwd: dir });
      expect(result.status).toBe(2);
      const envelope = JSON.parse(result.stdout);
      expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' });
      expect(envelope.error.message).toBe(
        `a/${first}.json and b/${second}.json would write out/${first}.report.md and out/${second}.report.md, one file on a disk that ignores case or Unicode normalization (macOS, Windows); compile them into different --output-dir folders`,
      );
      expect(readdirSync(join(dir, 'out'))).toEqual([]);
    },
  );

  it.skipIf(!posix)('a target that is a FIFO is refused the same way, without waiting for a reader', async () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    mkdirSync(join(dir, 'out'));
    execFileSync('mkfifo', [join(dir, 'out', 'a.report.md')]);
    const result = await runInProcess(['a.json', '--output-dir', 'out', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error.message).toContain('out/a.report.md, which is a FIFO');
    expect(statSync(join(dir, 'out', 'a.report.md')).isFIFO()).toBe(true);
  });

  it.skipIf(!posix)('a write that fails midway (EFBIG) does not stop the others: every file’s fate is in the envelope, exit 2', () => {
    const dir = tempDir();
    writeJson(dir, 'big.json', specWithDives(400));
    writeJson(dir, 'small.json', validSpec());
    writeJson(dir, 'tiny.json', validSpec());
    // 64 blocks = 32 KiB: the small reports fit, the big one does not.
    const result = runLimited(['big.json', 'small.json', 'tiny.json', '--output-dir', 'out', '--format', 'json', '--json'], dir, 64);
    expect(result.status, result.stderr).toBe(2);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(envelope.error.message).toMatch(
      /^1 of 3 reports could not be written, first out\/big\.report\.json cannot be written \(EFBIG\)/,
    );
    const files = envelope.data.files as Array<Record<string, any>>;
    expect(files.map((file) => file.path)).toEqual(['big.json', 'small.json', 'tiny.json']);
    expect(files[0]).not.toHaveProperty('reportFile');
    expect(files[0]?.reportError).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(files[1]?.reportFile).toBe('out/small.report.json');
    expect(files[2]?.reportFile).toBe('out/tiny.report.json');
    expect(envelope.data.summary).toMatchObject({ files: 3, passed: 3 });
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['small.report.json', 'tiny.report.json']);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'tiny.report.json'), 'utf8')).verdict).toBe('pass');
    expect(result.stderr).toContain('compile-investigation: out/big.report.json cannot be written (EFBIG)');
  });
});

/** A folder of fixtures that pass: each spec with an expectation of exit code 0. */
function fixtureFolder(): string {
  const dir = tempDir();
  for (const name of ['one', 'two']) {
    writeJson(join(dir, 'fixtures'), `${name}.json`, validSpec());
    writeJson(join(dir, 'fixtures'), `${name}.expect.json`, { exitCode: 0, verdict: 'pass' });
  }
  return dir;
}

describe('test --junit and --update', () => {
  it('a --junit that is a folder is refused before any fixture runs', async () => {
    const dir = fixtureFolder();
    mkdirSync(join(dir, 'junit.xml'));
    const result = await runInProcess(['test', 'fixtures', '--junit', 'junit.xml', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error).toMatchObject({
      subcode: 'OUTPUT_NOT_WRITABLE',
      message: '--junit junit.xml is a directory; give the path of a file',
    });
  });

  it.skipIf(!posix)('a --junit that cannot be written after the run keeps the results in the envelope', () => {
    const dir = fixtureFolder();
    const result = runLimited(['test', 'fixtures', '--junit', 'junit.xml', '--json'], dir, 0);
    expect(result.status, result.stderr).toBe(2);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(envelope.data).toMatchObject({ passed: 2, failed: 0 });
    expect(envelope.data.fixtures.map((fixture: { path: string }) => fixture.path)).toEqual(['fixtures/one.json', 'fixtures/two.json']);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
  });

  it('--update where a golden is a folder: that fixture fails and says why, the others are updated', async () => {
    const dir = fixtureFolder();
    mkdirSync(join(dir, 'fixtures', 'one.report.md'));
    const result = await runInProcess(['test', 'fixtures', '--update', 'goldens', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(1);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.fixtures).toEqual([
      { path: 'fixtures/one.json', passed: false, problems: ['fixtures/one.report.md is a directory; give the path of a file'] },
      { path: 'fixtures/two.json', passed: true, problems: [] },
    ]);
    expect(envelope.data.updated).toEqual(['fixtures/one.report.json', 'fixtures/two.report.md', 'fixtures/two.report.json']);
    expect(existsSync(join(dir, 'fixtures', 'two.report.md'))).toBe(true);
  });

  it('a golden that is a folder, without --update: that fixture fails and says why, the others pass', async () => {
    const dir = fixtureFolder();
    mkdirSync(join(dir, 'fixtures', 'one.report.json'));
    const result = await runInProcess(['test', 'fixtures', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout).data.fixtures).toEqual([
      { path: 'fixtures/one.json', passed: false, problems: ['fixtures/one.report.json cannot be read (EISDIR)'] },
      { path: 'fixtures/two.json', passed: true, problems: [] },
    ]);
  });
});
