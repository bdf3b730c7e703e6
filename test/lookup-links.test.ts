/**
 * Links out of the project among the files lookup finds: a configuration or a baseline found by
 * walking up that is a committed symbolic link to a file outside the repository (a shared /tmp, a
 * home folder) is neither read nor written through, by compile, test, --suppress-all,
 * --prune-suppressions and the MCP server's tools; the run is refused (exit 2) with a message that
 * names the link, the file outside keeps its bytes, and the failing spec never passes. A link
 * that stays inside the repository is followed as before.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRoots } from '../src/engine/roots.js';
import { toolContext } from '../src/mcp/context.js';
import { callTool, TOOLS } from '../src/mcp/tools.js';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { firstDiagnostics } from './support/lsp-first-diagnostics.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('lookup-links');
const BLIND_READ = join(projectRoot, 'fixtures', 'invalid', 'dive-grounded-blind-read.yaml');
/** Turns off the one rule the blind read breaks: applied, it passes the failing spec. */
const LENIENT = '{"rules": {"dive-grounded": "off"}}\n';
/** Accepts three problems of that rule in specs/blind.yaml, for a baseline in specs/: applied, the spec passes (and --prune-suppressions would lower it). */
const ACCEPTING = '{"blind.yaml": {"dive-grounded": {"count": 3}}}\n';
const NO_ENV = { INVESTIGATION_CONFIG: '' };

interface Project {
  /** A git repository whose specs/blind.yaml fails the gate on dive-grounded. */
  repo: string;
  /** A folder beside it, out of the repository: where the committed links lead. */
  shared: string;
}

function project(): Project {
  const base = tempDir();
  const repo = join(base, 'repo');
  const shared = join(base, 'shared');
  mkdirSync(join(repo, 'specs'), { recursive: true });
  mkdirSync(shared);
  copyFileSync(BLIND_READ, join(repo, 'specs', 'blind.yaml'));
  return { repo, shared };
}

/** The repository as a clone has it: everything committed, links as links. */
function commit(repo: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com', '-c', 'init.defaultBranch=main', ...args], {
      cwd: repo,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'specs');
}

/** `target` (absolute, outside the repository) with `text`, and the committed link `link` (relative to the repository) to it. */
function linkOut(project: Project, link: string, target: string, text?: string): string {
  const outside = join(project.shared, target);
  if (text !== undefined) writeFileSync(outside, text);
  symlinkSync(outside, join(project.repo, link));
  return outside;
}

async function compileJson(args: string[], cwd: string) {
  const run = await runInProcess([...args, '--json'], { cwd, env: NO_ENV });
  return { run, envelope: envelopeOf(run.stdout) };
}

/** Files whose name marks them as a writer's temporaries, in `folder`. */
function temporaries(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.includes('.tmp-'));
}

describe('a configuration found by walking up that links out of the repository', () => {
  const REFUSAL =
    'config specs/investigation.config.json is a symbolic link out of its repository (.); not read: a configuration found by walking up must be a file of the project (replace the link with the file, or name it with --config or INVESTIGATION_CONFIG to use it)';

  it('is not read: compile is refused (exit 2) naming the link, and the failing spec never passes', async () => {
    const layout = project();
    linkOut(layout, 'specs/investigation.config.json', 'x.json', LENIENT);
    commit(layout.repo);
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text'], layout.repo);
    expect(run.status).toBe(2);
    expect(envelope.error).toEqual({ code: 'USAGE_ERROR', subcode: 'INVALID_CONFIG', message: REFUSAL });
    expect(run.stderr).toContain(REFUSAL);
    expect(run.stderr).not.toContain('dive-grounded');
    // Named by the person running the tool, the same file applies: naming it is consent.
    const named = await compileJson(['specs/blind.yaml', '--format', 'text', '--config', join(layout.shared, 'x.json')], layout.repo);
    expect(named.run.status).toBe(0);
  });

  it('is refused from a folder below the repository top, by test, stats, config and next too', async () => {
    const layout = project();
    linkOut(layout, 'specs/investigation.config.json', 'x.yaml', 'rules:\n  dive-grounded: "off"\n');
    writeFileSync(join(layout.repo, 'specs', 'blind.expect.json'), '{"exitCode": 0}\n');
    commit(layout.repo);
    const below = await compileJson(['blind.yaml'], join(layout.repo, 'specs'));
    expect(below.run.status).toBe(2);
    expect(below.envelope.error.message).toBe(
      REFUSAL.replace('specs/investigation.config.json', 'investigation.config.json').replace('(.)', '(..)'),
    );
    for (const args of [
      ['test', 'specs'],
      ['stats', 'specs'],
      ['config', 'specs/blind.yaml'],
      ['next', 'specs/blind.yaml'],
    ]) {
      const { run, envelope } = await compileJson(args, layout.repo);
      expect(run.status, args.join(' ')).toBe(2);
      expect(envelope.error, args.join(' ')).toMatchObject({ subcode: 'INVALID_CONFIG', message: REFUSAL });
    }
  });

  it('a link to a folder out of the repository leads its files out too', async () => {
    const layout = project();
    mkdirSync(join(layout.shared, 'team'));
    writeFileSync(join(layout.shared, 'team', 'investigation.config.json'), LENIENT);
    copyFileSync(BLIND_READ, join(layout.shared, 'team', 'blind.yaml'));
    symlinkSync(join(layout.shared, 'team'), join(layout.repo, 'team'));
    commit(layout.repo);
    const { run, envelope } = await compileJson(['team/blind.yaml'], layout.repo);
    expect(run.status).toBe(2);
    expect(envelope.error.message).toMatch(/^config team\/investigation\.config\.json is a symbolic link out of its repository \(\.\)/);
  });

  it('outside any repository, the bound is the working directory', async () => {
    const layout = project();
    linkOut(layout, 'specs/investigation.config.json', 'x.json', LENIENT);
    const { run, envelope } = await compileJson(['specs/blind.yaml'], layout.repo);
    expect(run.status).toBe(2);
    expect(envelope.error.message).toMatch(
      /^config specs\/investigation\.config\.json is a symbolic link out of the working directory \(\.\), where lookup stops outside a repository; not read/,
    );
  });

  it('a link that stays inside the repository is followed, as before', async () => {
    const layout = project();
    mkdirSync(join(layout.repo, 'shared'));
    writeFileSync(join(layout.repo, 'shared', 'lenient.json'), LENIENT);
    symlinkSync('../shared/lenient.json', join(layout.repo, 'specs', 'investigation.config.json'));
    commit(layout.repo);
    const { run, envelope } = await compileJson(['specs/blind.yaml'], layout.repo);
    expect(run.status).toBe(0);
    expect(envelope.data.files[0].config).toEqual({ path: 'specs/investigation.config.json', source: 'walk-up' });
  });
});

describe('a baseline found by walking up that links out of the repository', () => {
  const REFUSAL =
    'baseline specs/investigation-suppressions.json is a symbolic link out of its repository (.); not read: a baseline found by walking up must be a file of the project (replace the link with the file, or name it with --suppressions to use it)';

  it.each([
    ['compile', []],
    ['--suppress-all', ['--suppress-all']],
    ['--prune-suppressions', ['--prune-suppressions']],
    ['--suppress-rule', ['--suppress-rule', 'dive-grounded']],
  ])('%s: refused before anything is read or written, and the file outside keeps its bytes', async (_, flags) => {
    const layout = project();
    const outside = linkOut(layout, 'specs/investigation-suppressions.json', 'baseline.json', ACCEPTING);
    commit(layout.repo);
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--format', 'text', ...flags], layout.repo);
    expect(run.status).toBe(2);
    expect(envelope.error).toEqual({ code: 'USAGE_ERROR', subcode: 'INVALID_SUPPRESSIONS', message: REFUSAL });
    expect(run.stderr).not.toMatch(/wrote /);
    expect(readFileSync(outside, 'utf8')).toBe(ACCEPTING);
    expect(temporaries(layout.shared)).toEqual([]);
  });

  it('--suppress-all does not write the new baseline through a link out to nothing yet', async () => {
    const layout = project();
    symlinkSync(join(layout.shared, 'new.json'), join(layout.repo, 'investigation-suppressions.json'));
    commit(layout.repo);
    const { run, envelope } = await compileJson(['specs/blind.yaml', '--suppress-all'], layout.repo);
    expect(run.status).toBe(2);
    expect(envelope.error).toEqual({
      code: 'USAGE_ERROR',
      subcode: 'OUTPUT_NOT_WRITABLE',
      message:
        'suppressions file investigation-suppressions.json is a symbolic link out of its repository (.); not written through (nothing was written): replace the link with a file, or name the baseline to write with --suppressions',
    });
    expect(readdirSync(layout.shared)).toEqual([]);
    expect(temporaries(layout.repo)).toEqual([]);
    // Named, the same link is written through: the user chose the file.
    const named = await compileJson(
      ['specs/blind.yaml', '--suppress-all', '--suppressions', 'investigation-suppressions.json'],
      layout.repo,
    );
    expect(named.run.status).toBe(0);
    expect(existsSync(join(layout.shared, 'new.json'))).toBe(true);
  });

  it('a link that stays inside the repository is read and rewritten through, the link kept', async () => {
    const layout = project();
    mkdirSync(join(layout.repo, 'baselines'));
    writeFileSync(join(layout.repo, 'baselines', 'specs.json'), ACCEPTING);
    symlinkSync('../baselines/specs.json', join(layout.repo, 'specs', 'investigation-suppressions.json'));
    commit(layout.repo);
    const applied = await compileJson(['specs/blind.yaml'], layout.repo);
    expect(applied.run.status).toBe(0);
    const pruned = await compileJson(['specs/blind.yaml', '--prune-suppressions'], layout.repo);
    expect(pruned.run.status).toBe(0);
    expect(JSON.parse(readFileSync(join(layout.repo, 'baselines', 'specs.json'), 'utf8'))).toEqual({
      'blind.yaml': { 'dive-grounded': { count: 1 } },
    });
  });
});

describe('the MCP server: files found by walking up that link out of the repository', () => {
  /** A tool call in this process, as the server makes it, with the repository as its one root. */
  async function call(repo: string, name: string, args: Record<string, unknown>) {
    const context = toolContext(createRoots([repo], repo), 16 * 1024 * 1024, NO_ENV);
    const tool = TOOLS.find((candidate) => candidate.name === name);
    if (tool === undefined) throw new Error(`no tool ${name}`);
    return (await callTool(tool, args, context)) as { isError?: boolean; structuredContent: any };
  }

  it('a configuration is refused by compile, next and policy, naming the link; the file outside is never applied', async () => {
    const layout = project();
    linkOut(layout, 'specs/investigation.config.json', 'x.json', LENIENT);
    commit(layout.repo);
    for (const [tool, args] of [
      ['compile', { path: 'specs/blind.yaml' }],
      ['next', { path: 'specs/blind.yaml' }],
      ['policy', { path: 'specs/blind.yaml' }],
    ] as const) {
      const result = await call(layout.repo, tool, args);
      expect(result.isError, tool).toBe(true);
      expect(result.structuredContent.error, tool).toEqual({
        code: 'USAGE_ERROR',
        subcode: 'INVALID_CONFIG',
        message:
          "config specs/investigation.config.json is a symbolic link out of its repository (.); not read: a configuration found by walking up must be a file of the project (replace the link with the file, or set INVESTIGATION_CONFIG in the server's environment to use it)",
      });
    }
  });

  it('a baseline linking out of the repository is refused even when the link leads inside the root', async () => {
    const layout = project();
    // The server's root holds the repository and, beside it, the file the link leads to.
    const root = join(layout.repo, '..');
    const outside = linkOut(layout, 'specs/investigation-suppressions.json', 'baseline.json', ACCEPTING);
    commit(layout.repo);
    const result = await call(root, 'compile', { path: 'repo/specs/blind.yaml' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ subcode: 'INVALID_SUPPRESSIONS' });
    expect(result.structuredContent.error.message).toMatch(
      /^baseline repo\/specs\/investigation-suppressions\.json is a symbolic link out of its repository \(repo\); not read/,
    );
    expect(readFileSync(outside, 'utf8')).toBe(ACCEPTING);
  });
});

describe('the language server: files found by walking up that link out of the repository', { timeout: 60_000 }, () => {
  const diagnosticsOf = (repo: string) => firstDiagnostics(repo, join(repo, 'specs', 'blind.yaml'));

  it('a configuration: the document shows the refusal, naming the link, in place of a clean check', async () => {
    const layout = project();
    const outside = linkOut(layout, 'specs/investigation.config.json', 'x.json', LENIENT);
    commit(layout.repo);
    const diagnostics = await diagnosticsOf(layout.repo);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 1,
        code: 'INVALID_CONFIG',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: expect.any(Number) } },
        message: expect.stringMatching(
          /^config specs\/investigation\.config\.json is a symbolic link out of its repository \(\.\); not read/,
        ),
      }),
    ]);
    expect(readFileSync(outside, 'utf8')).toBe(LENIENT);
  });

  it('a baseline: the same', async () => {
    const layout = project();
    linkOut(layout, 'specs/investigation-suppressions.json', 'baseline.json', ACCEPTING);
    commit(layout.repo);
    const diagnostics = await diagnosticsOf(layout.repo);
    expect(typeof diagnostics === 'string' ? diagnostics : diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'INVALID_SUPPRESSIONS',
        expect.stringMatching(/^baseline specs\/investigation-suppressions\.json is a symbolic link out of its repository/),
      ],
    ]);
  });

  it('without links out, the failing spec shows its problem, as before', async () => {
    const layout = project();
    commit(layout.repo);
    const diagnostics = await diagnosticsOf(layout.repo);
    expect(typeof diagnostics === 'string' ? diagnostics : diagnostics.map((diagnostic) => diagnostic.code)).toContain('dive-grounded');
  });
});
