// Where the walk up for configuration and baselines stops on the command line: at the top of the
// repository (a .git folder or file, or .hg), else at the working directory; a file above that is
// ignored with one note, and --config, INVESTIGATION_CONFIG and --suppressions still reach it.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('lookup-boundary');
const BLIND_READ = join(projectRoot, 'fixtures', 'invalid', 'dive-grounded-blind-read.yaml');
/** Turns off the one rule the blind read breaks: applied, it makes the failing spec pass. */
const LENIENT = { rules: { 'dive-grounded': 'off' } };
const NO_ENV = { INVESTIGATION_CONFIG: '' };

/** `outer/` holds `inner` (relative), in which `specs/blind.yaml` fails the gate on dive-grounded. */
function layout(inner: string): { outer: string; project: string } {
  const outer = tempDir();
  const project = join(outer, inner);
  mkdirSync(join(project, 'specs'), { recursive: true });
  copyFileSync(BLIND_READ, join(project, 'specs', 'blind.yaml'));
  return { outer, project };
}

/** A repository's top: `.git` as a folder (a clone) or as a file (a worktree or a submodule). */
function markRepository(folder: string, as: 'folder' | 'file' = 'folder'): void {
  if (as === 'folder') mkdirSync(join(folder, '.git'), { recursive: true });
  else writeFileSync(join(folder, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
}

async function compileJson(args: string[], cwd: string, env: Record<string, string> = NO_ENV) {
  const run = await runInProcess([...args, '--json'], { cwd, env });
  return { run, envelope: envelopeOf(run.stdout) };
}

describe('configuration above the boundary', () => {
  it('above the top of the repository is ignored with one note that names it, says why and how to use it', async () => {
    const { outer, project } = layout('repo');
    markRepository(project);
    writeJson(outer, 'investigation.config.json', LENIENT);
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text'], project);
    expect(run.status).toBe(1);
    expect(envelope.data.files[0].config).toEqual({ path: null, source: 'default' });
    const note =
      'ignored ../investigation.config.json: it lies above the top of its repository (.); name it with --config ../investigation.config.json or INVESTIGATION_CONFIG=../investigation.config.json to use it';
    expect(envelope.warnings).toEqual([note]);
    expect(run.stderr.split(note)).toHaveLength(2);
  });

  it('a .git file (a worktree or a submodule) marks the top of a repository as a .git folder does', async () => {
    const { outer, project } = layout('repo');
    markRepository(project, 'file');
    writeJson(outer, 'investigation.config.json', LENIENT);
    const { run, envelope } = await compileJson(['specs', '--format', 'text'], project);
    expect(run.status).toBe(1);
    expect(envelope.warnings).toEqual([expect.stringMatching(/^ignored \.\.\/investigation\.config\.json: it lies above the top/)]);
  });

  it('inside the repository, the configuration at its top applies, from a working directory below it too', async () => {
    const { project } = layout('repo');
    markRepository(project);
    writeJson(project, 'investigation.config.json', LENIENT);
    const { run, envelope } = await compileJson(['blind.yaml', '--format', 'text'], join(project, 'specs'));
    expect(run.status).toBe(0);
    expect(envelope.data.files[0].config).toEqual({ path: '../investigation.config.json', source: 'walk-up' });
  });

  it('outside any repository, lookup stops at the working directory', async () => {
    const { outer, project } = layout('a/project');
    writeJson(join(outer, 'a'), 'investigation.config.yaml', LENIENT);
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text'], project);
    expect(run.status).toBe(1);
    expect(envelope.warnings).toEqual([
      'ignored ../investigation.config.yaml: it lies above the working directory, where lookup stops outside a repository; name it with --config ../investigation.config.yaml or INVESTIGATION_CONFIG=../investigation.config.yaml to use it',
    ]);
    // The working directory's own configuration still judges the specs below it.
    writeJson(project, 'investigation.config.json', LENIENT);
    const own = await compileJson(['specs/blind.yaml', '--format', 'text'], project);
    expect(own.run.status).toBe(0);
    expect(own.envelope.warnings).toEqual([expect.stringMatching(/^using investigation\.config\.json, found by walking up/)]);
  });

  it('a spec outside the working directory and any repository is looked up from its own folder only', async () => {
    const { outer, project } = layout('a/project');
    writeJson(join(outer, 'a'), 'investigation.config.json', LENIENT);
    const work = join(outer, 'work');
    mkdirSync(work);
    const { run, envelope } = await compileJson([join(project, 'specs', 'blind.yaml'), '--format', 'text'], work);
    expect(run.status).toBe(1);
    expect(envelope.warnings).toEqual([
      expect.stringMatching(/^ignored \.\.\/a\/investigation\.config\.json: it lies above \.\.\/a\/project\/specs, the folder/),
    ]);
  });

  it('--config and INVESTIGATION_CONFIG name a file above the boundary, and it applies without a note', async () => {
    const { outer, project } = layout('repo');
    markRepository(project);
    const above = writeJson(outer, 'investigation.config.json', LENIENT);
    for (const [args, env] of [
      [['--config', '../investigation.config.json'], NO_ENV],
      [[], { INVESTIGATION_CONFIG: above }],
    ] as const) {
      const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text', ...args], project, env);
      expect(run.status).toBe(0);
      expect(envelope.warnings).toEqual([]);
    }
  });
});

describe('every command that looks configuration up stops at the same boundary', () => {
  /** The repository of the first test, with a fixture expectation beside the spec and two folders to compare. */
  function repositoryUnderLenientConfig(): string {
    const { outer, project } = layout('repo');
    markRepository(project);
    writeJson(outer, 'investigation.config.json', LENIENT);
    writeJson(join(project, 'specs'), 'blind.expect.json', { exitCode: 1, verdict: 'fail' });
    for (const side of ['base', 'head']) {
      mkdirSync(join(project, side));
      copyFileSync(BLIND_READ, join(project, side, 'blind.yaml'));
    }
    return project;
  }
  const IGNORED = /^ignored \.\.\/investigation\.config\.json: it lies above the top of its repository/;

  it.each([
    ['test', ['test', 'specs'], (data: any) => expect(data).toMatchObject({ passed: 1, failed: 0 })],
    ['stats', ['stats', 'specs', '--format', 'json'], (data: any) => expect(data.stats.exitCodes).toMatchObject({ '0': 0, '1': 1 })],
    ['next', ['next', 'specs/blind.yaml'], (data: any) => expect(data.config).toEqual({ path: null, source: 'default' })],
    ['config', ['config', 'specs/blind.yaml'], (data: any) => expect(data.config).toEqual({ path: null, source: 'default' })],
    [
      'compare',
      ['compare', 'base', 'head', '--format', 'json'],
      (data: any) => expect(data.files.map((file: any) => [file.base.verdict, file.head.verdict])).toEqual([['fail', 'fail']]),
    ],
  ])('%s', async (_, args, check) => {
    const project = repositoryUnderLenientConfig();
    const { run, envelope } = await compileJson(args, project);
    check(envelope.data);
    expect(
      envelope.warnings.filter((warning) => IGNORED.test(warning)),
      run.stderr,
    ).toHaveLength(1);
  });
});

describe('baselines above the boundary, and baselines found by walking up', () => {
  /** A baseline in `folder` that accepts the blind read of the spec at `key` (relative to `folder`). */
  function acceptingBaseline(folder: string, key: string): void {
    writeJson(folder, 'investigation-suppressions.json', { [key]: { 'dive-grounded': { count: 1 } } });
  }

  it('a baseline two folders above the project is ignored with a note: the failing spec fails', async () => {
    const { outer, project } = layout('a/project');
    acceptingBaseline(outer, 'a/project/specs/blind.yaml');
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text'], project);
    expect(run.status).toBe(1);
    expect(envelope.data.files[0].counts).toEqual({ errors: 1, warnings: 0, suppressed: 0 });
    expect(envelope.warnings).toEqual([
      'ignored baseline ../../investigation-suppressions.json: it lies above the working directory, where lookup stops outside a repository; name it with --suppressions ../../investigation-suppressions.json to use it',
    ]);
  });

  it('above the top of the repository too; --suppressions still reaches it', async () => {
    const { outer, project } = layout('repo');
    markRepository(project);
    acceptingBaseline(outer, 'repo/specs/blind.yaml');
    const ignored = await compileJson(['specs/blind.yaml', '--format', 'text'], project);
    expect(ignored.run.status).toBe(1);
    expect(ignored.envelope.warnings).toEqual([
      expect.stringMatching(/^ignored baseline \.\.\/investigation-suppressions\.json: it lies above the top of its repository/),
    ]);
    const named = await compileJson(
      ['specs/blind.yaml', '--format', 'text', '--suppressions', '../investigation-suppressions.json'],
      project,
    );
    expect(named.run.status).toBe(0);
    expect(named.envelope.warnings).toEqual([]);
  });

  it('a baseline found by walking up is named once, as a configuration found so is', async () => {
    const { project } = layout('repo');
    markRepository(project);
    acceptingBaseline(project, 'specs/blind.yaml');
    copyFileSync(BLIND_READ, join(project, 'specs', 'other.yaml'));
    const { run, envelope } = await compileJson(['blind.yaml', 'other.yaml', '--format', 'text'], join(project, 'specs'));
    expect(envelope.data.files.map((file: any) => file.counts.suppressed)).toEqual([1, 0]);
    expect(run.status).toBe(1);
    expect(envelope.warnings.filter((warning) => warning.startsWith('using baseline'))).toEqual([
      'using baseline ../investigation-suppressions.json, found by walking up from the working directory; pin it with --suppressions ../investigation-suppressions.json',
    ]);
  });
});
