/**
 * Folders with hostile entries: symbolic links that lead out of the folder given (they must not
 * make the tool read and quote a file such as /etc/passwd), links inside it, link cycles, and file
 * names that are not UTF-8. Folders, globs, `test` and `stats` all follow one policy.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFixtures } from '../../src/regression/index.js';
import { runInProcess } from '../support/in-process.js';
import { posix } from '../support/platform.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('folders');
const SECRET = 'root:x:0:0:SECRET-LINE';

/**
 * specs/ holds ok.json, a link to a secret outside (secret.json), a link to a spec inside
 * (alias.json), a link to a folder outside (elsewhere/), a link to a folder inside (again/) and a
 * link to its own parent (loop/).
 */
function linkedCorpus(): string {
  const dir = tempDir();
  writeJson(join(dir, 'specs'), 'ok.json', validSpec());
  writeJson(join(dir, 'specs', 'inner'), 'deep.json', validSpec());
  writeFileSync(join(dir, 'passwd.json'), `${SECRET}\n`);
  writeJson(join(dir, 'outside'), 'far.json', validSpec());
  symlinkSync(join(dir, 'passwd.json'), join(dir, 'specs', 'secret.json'));
  symlinkSync('ok.json', join(dir, 'specs', 'alias.json'));
  symlinkSync(join(dir, 'outside'), join(dir, 'specs', 'elsewhere'));
  symlinkSync('inner', join(dir, 'specs', 'again'));
  symlinkSync('..', join(dir, 'specs', 'inner', 'loop'));
  return dir;
}

const LINK_WARNINGS = [
  '"specs/elsewhere" is a symbolic link out of "specs"; not followed (a link out of a folder or glob is compiled only when named on the command line)',
  '"specs/secret.json" is a symbolic link out of "specs"; not followed (a link out of a folder or glob is compiled only when named on the command line)',
];

describe.skipIf(!posix)('symbolic links in a folder', () => {
  it('compile: links out are skipped with a warning (stderr and envelope), links to files inside are followed, links to folders are not', async () => {
    const dir = linkedCorpus();
    const result = await runInProcess(['specs', '--format', 'text', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.files.map((file: { path: string }) => file.path)).toEqual([
      'specs/alias.json',
      'specs/inner/deep.json',
      'specs/ok.json',
    ]);
    expect(envelope.warnings).toEqual(LINK_WARNINGS);
    for (const warning of LINK_WARNINGS) expect(result.stderr).toContain(`compile-investigation: warning: ${warning}\n`);
    expect(result.stdout).not.toContain('SECRET-LINE');
    expect(result.stderr).not.toContain('SECRET-LINE');
  });

  it('a link named on the command line is followed: the user named it', async () => {
    const dir = linkedCorpus();
    const result = await runInProcess(['specs/secret.json', '--format', 'text'], { cwd: dir });
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('JSON_SYNTAX');
  });

  it('a glob follows the same policy, with its leading folder as the folder given', async () => {
    const dir = linkedCorpus();
    const result = await runInProcess(['specs/**/*.json', '--format', 'text', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.files.map((file: { path: string }) => file.path)).toEqual([
      'specs/alias.json',
      'specs/inner/deep.json',
      'specs/ok.json',
    ]);
    expect(envelope.warnings).toEqual(LINK_WARNINGS);
    expect(result.stdout).not.toContain('SECRET-LINE');
  });

  it('a glob over the parent folder takes the links that now lie inside it', async () => {
    const dir = linkedCorpus();
    const result = await runInProcess(['*/*.json', '--format', 'text', '--json'], { cwd: dir });
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.files.map((file: { path: string }) => file.path)).toEqual([
      'outside/far.json',
      'specs/alias.json',
      'specs/ok.json',
      'specs/secret.json',
    ]);
    expect(envelope.warnings).toEqual([]);
  });

  it('stats and test: the same files, the same warnings', async () => {
    const dir = linkedCorpus();
    const stats = await runInProcess(['stats', 'specs', '--format', 'json', '--json'], { cwd: dir });
    const envelope = JSON.parse(stats.stdout);
    expect(envelope.data.stats).toMatchObject({ files: 3, investigations: 3 });
    expect(envelope.warnings).toEqual(LINK_WARNINGS);
    const tested = await runInProcess(['test', 'specs', '--json'], { cwd: dir });
    const run = JSON.parse(tested.stdout);
    expect(run.data.fixtures.map((fixture: { path: string }) => fixture.path)).toEqual([
      'specs/alias.json',
      'specs/inner/deep.json',
      'specs/ok.json',
    ]);
    expect(run.warnings).toEqual(LINK_WARNINGS);
    expect(tested.stdout).not.toContain('SECRET-LINE');
  });

  it('briefs: a link out of the artifact folder is not read, and a warning says so (stderr and envelope), as for input folders', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'briefs'));
    writeFileSync(join(dir, 'H1-0001.json'), `${SECRET}\n`);
    symlinkSync(join(dir, 'H1-0001.json'), join(dir, 'briefs', 'H1-0001.json'));
    const result = await runInProcess(['briefs', 'briefs', '--json'], { cwd: dir });
    const envelope = JSON.parse(result.stdout);
    expect(envelope.warnings).toEqual(['"briefs/H1-0001.json" is a symbolic link out of "briefs"; not followed']);
    expect(result.stderr).toContain('warning: "briefs/H1-0001.json" is a symbolic link out of "briefs"; not followed');
    expect(envelope.data.files).toEqual([]);
    expect(result.stdout).not.toContain('SECRET-LINE');
  });

  it('the walker reports the links it skipped, and ends on a link cycle', () => {
    const dir = linkedCorpus();
    symlinkSync('cycle-b.json', join(dir, 'specs', 'cycle-a.json'));
    symlinkSync('cycle-a.json', join(dir, 'specs', 'cycle-b.json'));
    const found = findFixtures([join(dir, 'specs')]);
    expect(found.files.map((file) => file.text.slice(dir.length + 1))).toEqual([
      'specs/alias.json',
      'specs/inner/deep.json',
      'specs/ok.json',
    ]);
    expect(found.skippedLinks.map((link) => link.text.slice(dir.length + 1))).toEqual(['specs/elsewhere', 'specs/secret.json']);
  });
});

describe.skipIf(process.platform !== 'linux')('file names that are not UTF-8', () => {
  /** specs/bad-<0xff>.json, a valid spec whose name is not UTF-8, and specs/good.json. */
  function badNameCorpus(): { dir: string; raw: Buffer } {
    const dir = tempDir();
    mkdirSync(join(dir, 'specs'));
    writeJson(join(dir, 'specs'), 'good.json', validSpec());
    const raw = Buffer.concat([Buffer.from(join(dir, 'specs', 'bad-')), Buffer.from([0xff]), Buffer.from('.json')]);
    writeFileSync(raw, JSON.stringify(validSpec()));
    return { dir, raw };
  }

  it('are found in a folder and compiled, shown with U+FFFD', async () => {
    const { dir } = badNameCorpus();
    const result = await runInProcess(['specs', '--format', 'text', '--json'], { cwd: dir });
    expect(result.status, result.stdout).toBe(0);
    const files = JSON.parse(result.stdout).data.files as Array<{ path: string; exitCode: number; report: { input: { path: string } } }>;
    expect(files.map((file) => [file.path, file.exitCode])).toEqual([
      ['specs/bad-\ufffd.json', 0],
      ['specs/good.json', 0],
    ]);
    expect(files[0]?.report.input.path).toBe('specs/bad-\ufffd.json');
  });

  it('--output-dir writes the report beside, under the name shown; stats counts it', async () => {
    const { dir } = badNameCorpus();
    const written = await runInProcess(['specs', '--output-dir', 'out', '--json'], { cwd: dir });
    expect(written.status, written.stdout).toBe(0);
    expect(JSON.parse(written.stdout).data.files.map((file: { reportFile: string }) => file.reportFile)).toEqual([
      'out/bad-\ufffd.report.md',
      'out/good.report.md',
    ]);
    const stats = await runInProcess(['stats', 'specs', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stats.stdout)).toMatchObject({ files: 2, investigations: 2, exitCodes: { '0': 2 } });
  });

  it('test: the fixture is run against its expectation, found by its raw name; --update writes its goldens by their raw names', async () => {
    const { dir, raw } = badNameCorpus();
    const stem = raw.subarray(0, raw.length - '.json'.length);
    writeFileSync(Buffer.concat([stem, Buffer.from('.expect.json')]), JSON.stringify({ exitCode: 0, verdict: 'pass' }));
    writeJson(join(dir, 'specs'), 'good.expect.json', { exitCode: 0 });
    const result = await runInProcess(['test', 'specs', '--json'], { cwd: dir });
    expect(result.status, result.stdout).toBe(0);
    expect(
      JSON.parse(result.stdout).data.fixtures.map((fixture: { path: string; passed: boolean }) => [fixture.path, fixture.passed]),
    ).toEqual([
      ['specs/bad-\ufffd.json', true],
      ['specs/good.json', true],
    ]);
    const updated = await runInProcess(['test', 'specs', '--update', 'goldens', '--json'], { cwd: dir });
    expect(JSON.parse(updated.stdout).data.updated).toContain('specs/bad-\ufffd.report.md');
    const names = findFixtures([join(dir, 'specs')]).files.map((file) => file.path);
    expect(names.some((name) => Buffer.isBuffer(name) && name.equals(raw))).toBe(true);
  });
});
