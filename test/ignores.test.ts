// Ignores: --ignore and a configuration's `ignores` leave files out of folder walks and globs in
// every command that walks, a file named is judged anyway (with a warning), and a walk never takes
// the tool's own envelopes, reports or SARIF logs for specs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoreMatcher, ignorePatternProblem } from '../src/common/glob-match.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('ignores');

/** specs/a.json and specs/b.json pass; specs/drafts/wip.json and notes/todo.yaml do not parse. */
function corpus(): string {
  const dir = tempDir();
  writeJson(dir, 'specs/a.json', validSpec());
  writeJson(dir, 'specs/b.json', validSpec());
  writeJson(dir, 'specs/drafts/deeper/wip.json', {});
  writeFileSync(join(dir, 'specs/drafts/deeper/wip.json'), '{');
  writeJson(dir, 'notes/x.json', {});
  writeFileSync(join(dir, 'notes/todo.yaml'), 'not: [closed');
  return dir;
}

const judged = (stdout: string): string[] => envelopeOf(stdout).data.files.map((file: { path: string }) => file.path);

describe('ignore patterns', () => {
  it.each([
    ['drafts', 'specs/drafts/deeper/wip.json', true],
    ['drafts', 'specs/a.json', false],
    ['specs/drafts', 'specs/drafts/deeper/wip.json', true],
    ['specs/drafts', 'other/specs/drafts/wip.json', false],
    ['/specs/*.json', 'specs/a.json', true],
    ['/specs/*.json', 'specs/drafts/a.json', false],
    ['**/*.tmp.json', 'specs/deep/x.tmp.json', true],
    ['specs/**/wip.json', 'specs/wip.json', true],
    ['specs/**/wip.json', 'specs/a/b/wip.json', true],
    ['*.{yaml,yml}', 'notes/todo.yaml', true],
    ['*.{yaml,yml}', 'notes/todo.json', false],
    ['spec-[0-9].json', 'spec-7.json', true],
    ['spec-?.json', 'spec-10.json', false],
    ['a.json', 'a-json', false],
  ])('%s against %s: %s', (pattern, path, matches) => {
    expect(ignorePatternProblem(pattern)).toBeNull();
    expect(ignoreMatcher(pattern)(path)).toBe(matches);
  });

  it.each([
    ['', 'is empty'],
    ['drafts\\*.json', 'backslash'],
    ['!keep.json', 'negated patterns are not supported'],
    ['[abc', 'never closes'],
    ['{a,b', 'unbalanced'],
    ['x'.repeat(1001), 'longer than 1000 characters'],
    ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}', 'too many alternatives'],
  ])('refuses %j: %s', (pattern, problem) => {
    expect(ignorePatternProblem(pattern)).toContain(problem);
  });
});

describe('--ignore and ignores', () => {
  it('compile: --ignore (repeatable, relative to the working directory) leaves files out of folders and globs', async () => {
    const dir = corpus();
    const before = await runInProcess(['.', '--json'], { cwd: dir });
    expect(before.status).toBe(4);
    const run = await runInProcess(['.', '--ignore', 'drafts', '--ignore', 'notes/**', '--json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(judged(run.stdout)).toEqual(['specs/a.json', 'specs/b.json']);
    const glob = await runInProcess(['specs/**/*.json', '--ignore', 'specs/drafts/**', '--json'], { cwd: dir });
    expect(judged(glob.stdout)).toEqual(['specs/a.json', 'specs/b.json']);
  });

  it("compile: a configuration's ignores are relative to its folder, and apply to the files it judges", async () => {
    const dir = corpus();
    writeJson(dir, 'specs/investigation.config.json', { ignores: ['drafts/'] });
    writeJson(dir, 'notes/investigation.config.json', { ignores: ['*.yaml', 'x.json'] });
    const run = await runInProcess(['.', '--json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(judged(run.stdout)).toEqual(['specs/a.json', 'specs/b.json']);
  });

  it('a file named on the command line is judged even when ignored, with a warning', async () => {
    const dir = corpus();
    const run = await runInProcess(['specs/a.json', 'notes/todo.yaml', '--ignore', 'notes', '--json'], { cwd: dir });
    expect(run.status).toBe(3);
    expect(judged(run.stdout)).toEqual(['notes/todo.yaml', 'specs/a.json']);
    const warning = '"notes/todo.yaml" is ignored by --ignore "notes", but it was named on the command line; judged anyway';
    expect(envelopeOf(run.stdout).warnings).toEqual([warning]);
    expect(run.stderr).toContain(`warning: ${warning}`);
  });

  it('says so when every file found is ignored, and refuses patterns it cannot use, from the command line or a configuration', async () => {
    const dir = corpus();
    const none = await runInProcess(['specs', '--ignore', '**/*.json'], { cwd: dir });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("no spec file found in the given folders (3 files ignored by --ignore or a configuration's ignores)");
    const flag = await runInProcess(['specs', '--ignore', '!a.json'], { cwd: dir });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--ignore "!a.json" starts with "!"');
    writeJson(dir, 'investigation.config.json', { ignores: 'drafts' });
    const notList = await runInProcess(['specs/a.json'], { cwd: dir });
    expect(notList.status).toBe(2);
    expect(notList.stderr).toContain('ignores must be a list of glob patterns');
    writeJson(dir, 'investigation.config.json', { ignores: ['ok/**', '{a,b'] });
    const badPattern = await runInProcess(['specs/a.json'], { cwd: dir });
    expect(badPattern.stderr).toContain('ignores: the pattern "{a,b" has unbalanced "{" and "}"');
  });

  it('stats, compare and test honour --ignore too', async () => {
    const dir = corpus();
    const stats = await runInProcess(['stats', '.', '--ignore', 'drafts', '--ignore', 'notes', '--json'], { cwd: dir });
    expect(stats.status, stats.stderr).toBe(0);
    expect(envelopeOf(stats.stdout).data.stats.files).toBe(2);
    const compare = await runInProcess(['compare', 'specs', 'specs', '--ignore', 'specs/drafts', '--format', 'json', '--json'], {
      cwd: dir,
    });
    expect(compare.status, compare.stderr).toBe(0);
    expect(envelopeOf(compare.stdout).data.summary.files).toBe(2);
    const fixtures = tempDir();
    writeJson(fixtures, 'ok.json', validSpec());
    writeJson(fixtures, 'ok.expect.json', { exitCode: 0 });
    writeFileSync(join(fixtures, 'broken.json'), '{');
    expect((await runInProcess(['test', '.'], { cwd: fixtures })).status).not.toBe(0);
    const test = await runInProcess(['test', '.', '--ignore', 'broken.json'], { cwd: fixtures });
    expect(test.status, test.stdout + test.stderr).toBe(0);
  });
});

describe("the tool's own outputs in a folder", () => {
  it('are skipped by the walk with a warning, whatever their name; named, they are judged', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const envelope = await runInProcess(['spec.json', '--json'], { cwd: dir });
    writeFileSync(join(dir, 'results.json'), envelope.stdout);
    await runInProcess(['spec.json', '--format', 'sarif', '--output', 'scan.sarif.json'], { cwd: dir });
    await runInProcess(['spec.json', '--format', 'json', '--output', 'spec-report.json'], { cwd: dir });
    const run = await runInProcess(['.', '--json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(judged(run.stdout)).toEqual(['spec.json']);
    expect(envelopeOf(run.stdout).warnings).toEqual([
      'skipped "results.json": it is a JSON envelope (--json) of this tool, not a spec (name it on the command line to judge it anyway)',
      'skipped "scan.sarif.json": it is a SARIF log of this tool, not a spec (name it on the command line to judge it anyway)',
      'skipped "spec-report.json": it is a JSON report (--format json) of this tool, not a spec (name it on the command line to judge it anyway)',
    ]);
    const named = await runInProcess(['results.json', '--json'], { cwd: dir });
    expect(named.status).toBe(3);
    // compare reads JSON reports: there a report is taken, not skipped.
    const compare = await runInProcess(['compare', '.', '.', '--format', 'json', '--json'], { cwd: dir });
    expect(compare.status, compare.stderr).toBe(0);
    expect(envelopeOf(compare.stdout).warnings.join('\n')).not.toContain('spec-report.json');
  });
});
