// Ignores: --ignore and a configuration's `ignores` leave files out of folder walks and globs in
// every command that walks, a file named is judged anyway (with a warning) unless --force-exclude
// leaves it out, and a walk never takes the tool's own envelopes, reports or SARIF logs for specs,
// nor the file its own standard output or error is redirected to.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoreMatcher, ignorePatternProblem } from '../src/common/glob-match.js';
import { cliPath } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

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
  it('are left out of the walk with a note, whatever their name; named, each is refused as what it is', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const envelope = await runInProcess(['spec.json', '--json'], { cwd: dir });
    writeFileSync(join(dir, 'results.json'), envelope.stdout);
    await runInProcess(['spec.json', '--format', 'sarif', '--output', 'scan.sarif.json'], { cwd: dir });
    await runInProcess(['spec.json', '--format', 'json', '--output', 'spec-report.json'], { cwd: dir });
    const run = await runInProcess(['.', '--json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(judged(run.stdout)).toEqual(['spec.json']);
    expect(envelopeOf(run.stdout).warnings).toEqual([]);
    expect(envelopeOf(run.stdout).data.leftOut).toEqual([
      { path: 'results.json', kind: 'envelope' },
      { path: 'scan.sarif.json', kind: 'sarif-log' },
      { path: 'spec-report.json', kind: 'json-report' },
    ]);
    expect(run.stderr).toBe(
      [
        'compile-investigation: note: left out 1 JSON report of this tool in ".": "spec-report.json"; judge the spec a report was made from (compile-investigation compare reads reports)',
        'compile-investigation: note: left out 1 --json envelope of this tool in ".": "results.json"; judge the specs an envelope was made from (compile-investigation summary reads envelopes)',
        'compile-investigation: note: left out 1 SARIF log of this tool in ".": "scan.sarif.json"; judge the specs a log was made from',
        '',
      ].join('\n'),
    );
    const named = await runInProcess(['results.json', '--json'], { cwd: dir });
    expect(named.status).toBe(3);
    expect(envelopeOf(named.stdout).data.files[0].error.subcode).toBe('NOT_A_SPEC');
    // compare reads JSON reports: there a report is taken, not skipped.
    const compare = await runInProcess(['compare', '.', '.', '--format', 'json', '--json'], { cwd: dir });
    expect(compare.status, compare.stderr).toBe(0);
    expect(envelopeOf(compare.stdout).warnings.join('\n')).not.toContain('spec-report.json');
  });
});

describe('--force-exclude', () => {
  it('leaves out a file named on the command line that an ignore matches, with a note that fails nothing', async () => {
    const dir = corpus();
    writeJson(dir, 'specs/investigation.config.json', { ignores: ['drafts/'] });
    const run = await runInProcess(['--force-exclude', '--json', '--', 'specs/a.json', 'specs/drafts/deeper/wip.json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(judged(run.stdout)).toEqual(['specs/a.json']);
    expect(envelopeOf(run.stdout).warnings.join('\n')).not.toContain('wip.json');
    expect(run.stderr).toContain(
      'compile-investigation: note: left out "specs/drafts/deeper/wip.json": it is ignored by "drafts/" of specs/investigation.config.json, and --force-exclude applies ignores to files named too\n',
    );
    // Without it, the file named is judged (and fails to parse).
    expect((await runInProcess(['--json', '--', 'specs/a.json', 'specs/drafts/deeper/wip.json'], { cwd: dir })).status).toBe(3);
  });

  it('passes with one line when every file named is ignored, where a walk that finds nothing is still a usage error', async () => {
    const dir = corpus();
    const run = await runInProcess(['--ignore', 'notes', '--force-exclude', '--format', 'text', '--', 'notes/todo.yaml', 'notes/x.json'], {
      cwd: dir,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').at(-2)).toBe(
      'compile-investigation: nothing to judge: 2 files named are ignored, and --force-exclude left them out',
    );
    const json = await runInProcess(['--ignore', 'notes', '--force-exclude', '--json', 'notes/todo.yaml'], { cwd: dir });
    expect(json.status).toBe(0);
    expect(envelopeOf(json.stdout)).toMatchObject({ ok: true, data: { files: [], summary: { files: 0, exitCode: 0 } }, error: null });
    const walked = await runInProcess(['notes', '--ignore', 'notes', '--force-exclude'], { cwd: dir });
    expect(walked.status).toBe(2);
    expect(walked.stderr).toContain('no spec file found in the given folders (2 files ignored');
  });
});

/**
 * Runs the built CLI with its standard output (and, with `stderrTo`, its error) opened on files, as
 * a shell's `> out.json` does: the file exists, empty, before the run starts.
 */
function runRedirected(
  args: string[],
  cwd: string,
  stdoutTo: string,
  stderrTo?: string,
): Promise<{ status: number | null; stderr: string }> {
  const out = openSync(join(cwd, stdoutTo), 'w');
  const err = stderrTo === undefined ? 'pipe' : openSync(join(cwd, stderrTo), 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', out, err] });
    const chunks: Buffer[] = [];
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      closeSync(out);
      if (typeof err === 'number') closeSync(err);
      resolve({
        status,
        stderr: stderrTo === undefined ? Buffer.concat(chunks).toString('utf8') : readFileSync(join(cwd, stderrTo), 'utf8'),
      });
    });
  });
}

describe('standard output redirected into the folder walked', () => {
  it.each([
    ['JSON', 'json'],
    ['YAML', 'yaml'],
  ])('compile . --json > out.json in a folder of %s specs: the walk leaves out.json out, with a note', async (_, extension) => {
    const dir = tempDir();
    if (extension === 'json') writeJson(dir, 'specs/a.json', validSpec());
    else writeYaml(dir, 'specs/a.yaml', validSpec());
    const run = await runRedirected(['.', '--json'], dir, 'out.json');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      'compile-investigation: note: left out "out.json": this run\'s standard output is redirected to it, so it is no spec\n',
    );
    const envelope = envelopeOf(readFileSync(join(dir, 'out.json'), 'utf8'));
    expect(judged(JSON.stringify(envelope))).toEqual([`specs/a.${extension}`]);
    expect(envelope.warnings).toEqual([]);
    // The next run finds out.json full: a JSON envelope of this tool, left out by its keys; the new out.yaml is left out as the stream.
    const again = await runRedirected(['.', '--format', 'text'], dir, 'out.yaml');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('left out "out.yaml": this run\'s standard output is redirected to it');
    expect(again.stderr).toContain('left out 1 --json envelope of this tool in ".": "out.json"');
  });

  it('stats, compare and test leave it out too, and standard error redirected into the folder is left out the same way', async () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    writeJson(dir, 'a.expect.json', { exitCode: 0 });
    const stats = await runRedirected(['stats', '.', '--json'], dir, 'stats.json');
    expect(stats.status, stats.stderr).toBe(0);
    expect(envelopeOf(readFileSync(join(dir, 'stats.json'), 'utf8')).data.stats.files).toBe(1);
    rmSync(join(dir, 'stats.json'));
    const compare = await runRedirected(['compare', '.', '.', '--format', 'json'], dir, 'compare.json');
    expect(compare.status, compare.stderr).toBe(0);
    // Both sides are the same folder: the file is left out of each, and said once.
    expect(compare.stderr).toBe(
      'compile-investigation: note: left out "compare.json": this run\'s standard output is redirected to it, so it is no spec\n',
    );
    expect(JSON.parse(readFileSync(join(dir, 'compare.json'), 'utf8')).summary).toMatchObject({ files: 1, unchanged: 1 });
    rmSync(join(dir, 'compare.json'));
    const test = await runRedirected(['test', '.'], dir, 'test.json', 'errors.json');
    expect(test.status, test.stderr).toBe(0);
    expect(test.stderr).toContain('left out "errors.json": this run\'s standard error is redirected to it');
    expect(test.stderr).toContain('left out "test.json": this run\'s standard output is redirected to it');
  });

  it('a file named that is standard output is left out: nothing else named is a usage error', async () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    const run = await runRedirected(['out.json'], dir, 'out.json');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('left out "out.json": this run\'s standard output is redirected to it');
    expect(run.stderr).toContain("no spec file found in the given folders (1 file left out as this run's own standard output or error)");
    const both = await runRedirected(['a.json', 'out.json', '--format', 'text'], dir, 'out.json');
    expect(both.status, both.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('✔ 1 file passed\n');
  });
});
