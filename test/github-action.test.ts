import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from './support/cli.js';
import { action, runAction } from './support/fake-runner.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('action');

/** The spec files of a fixture folder (not its sidecars and goldens), copied into `specs/` of a new workspace. */
function workspaceWith(...folders: string[]): string {
  const workspace = tempDir();
  mkdirSync(join(workspace, 'specs'));
  for (const folder of folders)
    for (const name of readdirSync(join(projectRoot, folder)))
      if (/\.(json|ya?ml)$/.test(name) && !/\.(expect|report)\.json$/.test(name))
        copyFileSync(join(projectRoot, folder, name), join(workspace, 'specs', name));
  return workspace;
}

const annotationsOf = (stdout: string, kind: string) => stdout.split('\n').filter((line) => line.startsWith(`::${kind} `));

describe('action.yml', () => {
  it('is a composite action whose inputs are all passed to its step, and whose outputs all come from it', () => {
    expect(action.runs.using).toBe('composite');
    const step = action.runs.steps[0];
    const passed = Object.values(step?.env ?? {}).map((value) => /inputs\.([\w-]+)/.exec(String(value))?.[1]);
    expect(new Set(passed)).toEqual(new Set(Object.keys(action.inputs)));
    for (const [name, { value }] of Object.entries(action.outputs)) expect(value, name).toBe(`\${{ steps.gate.outputs.${name} }}`);
  });
});

describe('the action on a fake runner', () => {
  it('fails on a corpus with problems: summary, at most 10 annotations of each kind and a notice, outputs, SARIF', () => {
    const workspace = workspaceWith('fixtures/invalid');
    const run = runAction(workspace, { paths: 'specs' });
    expect(run.status, run.stderr).toBe(4);
    expect(run.summary).toMatch(/^## compile-investigation: the gate failed\n/);
    expect(run.summary).toContain('| File | Verdict | Errors | Warnings |');
    expect(run.summary).toContain('| Rule | Errors | Warnings | Files |');
    // Files link to the repository at the commit.
    expect(run.summary).toContain('](https://github.com/octo/specs/blob/0123456789abcdef0123456789abcdef01234567/specs/');
    expect(annotationsOf(run.stdout, 'error')).toHaveLength(10);
    expect(annotationsOf(run.stdout, 'warning').length).toBeLessThanOrEqual(10);
    const [notice] = annotationsOf(run.stdout, 'notice');
    expect(notice).toMatch(/::\d+ more errors? (and \d+ more warnings? )?not annotated/);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'exit-code': '4',
      sarif: join(run.runnerTemp, 'compile-investigation.sarif'),
      results: join(run.runnerTemp, 'compile-investigation-results.json'),
    });
    expect(Number(run.outputs['files'])).toBe(Number(run.outputs['passed']) + Number(run.outputs['failed']));
    expect(Number(run.outputs['errors'])).toBeGreaterThan(10);
    expect(run.actionOutputs['verdict']).toBe('fail');
    const sarif = JSON.parse(readFileSync(join(run.runnerTemp, 'compile-investigation.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.length).toBe(Number(run.outputs['errors']) + Number(run.outputs['warnings']));
    const envelope = JSON.parse(readFileSync(join(run.runnerTemp, 'compile-investigation-results.json'), 'utf8'));
    expect(envelope.command).toBe('compile');
  });

  it('passes on a clean corpus, and with fail: false a failing gate does not fail the step', () => {
    const clean = workspaceWith('fixtures/valid');
    const passing = runAction(clean, { paths: 'specs' });
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.outputs).toMatchObject({ verdict: 'pass', 'exit-code': '0', failed: '0', errors: '0' });
    expect(passing.summary).toMatch(/^## compile-investigation: the gate passed\n/);
    expect(annotationsOf(passing.stdout, 'error')).toEqual([]);

    const failing = runAction(workspaceWith('fixtures/invalid'), { paths: 'specs', fail: 'false', annotations: 'false' });
    expect(failing.status).toBe(0);
    expect(failing.outputs['verdict']).toBe('fail');
    expect(annotationsOf(failing.stdout, 'error')).toEqual([]);
  });

  // Five runs of the action, each two processes: longer than the default timeout on a busy machine.
  it('merges the shards of a matrix into one summary with the counts of a single run', { timeout: 60_000 }, () => {
    const workspace = workspaceWith('fixtures/invalid', 'fixtures/valid');
    const whole = runAction(workspace, { paths: 'specs', summary: 'false', results: 'whole.json', sarif: 'whole.sarif' });
    expect(whole.summary).toBe('');
    const shards = [1, 2, 3].map((index) =>
      runAction(workspace, {
        paths: 'specs',
        shard: `${index}/3`,
        summary: 'false',
        annotations: 'false',
        results: `shard-${index}.json`,
        sarif: `shard-${index}.sarif`,
      }),
    );
    const counts = shards.map((shard) => Number(shard.outputs['files']));
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(counts.reduce((a, b) => a + b)).toBe(Number(whole.outputs['files']));

    const merged = runAction(workspace, { merge: 'shard-*.json' });
    expect(merged.summary).toContain('(3 runs merged)');
    for (const key of ['files', 'passed', 'failed', 'errors', 'warnings', 'verdict', 'exit-code'])
      expect(merged.outputs[key], key).toBe(whole.outputs[key]);
    expect(merged.status).toBe(Number(whole.outputs['exit-code']));
    expect(merged.outputs['sarif']).toBe('');
  });

  it('takes files whose names look like options as files, in merge and in paths', { timeout: 60_000 }, () => {
    const workspace = workspaceWith('fixtures/valid');
    const shards = [1, 2].map((index) =>
      runAction(workspace, {
        paths: 'specs',
        shard: `${index}/2`,
        summary: 'false',
        annotations: 'false',
        results: `results-${index}.json`,
      }),
    );
    for (const shard of shards) expect(shard.status, shard.stderr).toBe(0);
    // The second shard's result under a name that the merge glob matches and that reads as --output.
    renameSync(join(workspace, 'results-2.json'), join(workspace, '--output=results-0.json'));
    const merged = runAction(workspace, { merge: '*results-*.json' });
    expect(merged.status, merged.stderr).toBe(0);
    expect(existsSync(join(workspace, 'results-0.json'))).toBe(false);
    expect(merged.summary).toContain('(2 runs merged)');
    expect(Number(merged.outputs['files'])).toBe(shards.reduce((sum, shard) => sum + Number(shard.outputs['files']), 0));

    copyFileSync(join(projectRoot, 'fixtures/valid/payments-refund-retry.json'), join(workspace, '--help.json'));
    const named = runAction(workspace, { paths: '--help.json', results: 'named.json', summary: 'false' });
    expect(named.status, named.stderr).toBe(0);
    const envelope = JSON.parse(readFileSync(join(workspace, 'named.json'), 'utf8'));
    expect(envelope.data.files.map((file: { path: string }) => file.path)).toEqual(['--help.json']);
  });

  it('fails on more warnings than max-warnings, and passes by a baseline named with suppressions', () => {
    const workspace = workspaceWith('fixtures/valid');
    writeFileSync(join(workspace, 'specs', 'extra.json'), JSON.stringify({ ...validSpec(), owner: 'team' }));
    const warned = runAction(workspace, { paths: 'specs', 'max-warnings': '0' });
    expect(warned.status).toBe(1);
    expect(warned.outputs).toMatchObject({ verdict: 'fail', 'exit-code': '1', errors: '0', warnings: '1', suppressed: '0' });
    expect(warned.summary).toContain('1 warning, more than the 0 that --max-warnings allows');

    writeFileSync(join(workspace, 'baseline.json'), JSON.stringify({ 'specs/extra.json': { 'unknown-field': { count: 1 } } }));
    const accepted = runAction(workspace, { paths: 'specs', 'max-warnings': '0', suppressions: 'baseline.json' });
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.outputs).toMatchObject({ verdict: 'pass', warnings: '0', suppressed: '1' });
    expect(accepted.summary).toContain('1 suppressed by a baseline');
    const sarif = JSON.parse(readFileSync(join(accepted.runnerTemp, 'compile-investigation.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((result: { suppressions?: unknown[] }) => result.suppressions?.length)).toEqual([1]);
    expect(annotationsOf(accepted.stdout, 'warning')).toEqual([]);
  });

  it('fails on an unused baseline entry with fail-on-unused-suppressions, and only warns without it', () => {
    const workspace = workspaceWith('fixtures/valid');
    writeFileSync(join(workspace, 'specs', 'extra.json'), JSON.stringify({ ...validSpec(), owner: 'team' }));
    // Two accepted, one left: the entry accepts a problem that was fixed.
    writeFileSync(join(workspace, 'baseline.json'), JSON.stringify({ 'specs/extra.json': { 'unknown-field': { count: 2 } } }));
    const warned = runAction(workspace, { paths: 'specs', suppressions: 'baseline.json', summary: 'false' });
    expect(warned.status, warned.stderr).toBe(0);
    expect(warned.outputs).toMatchObject({ verdict: 'pass', suppressed: '1' });

    const strict = runAction(workspace, { paths: 'specs', suppressions: 'baseline.json', 'fail-on-unused-suppressions': 'true' });
    expect(strict.status, strict.stderr).toBe(1);
    expect(strict.outputs).toMatchObject({ verdict: 'fail', 'exit-code': '1', errors: '0', suppressed: '1' });
    const envelope = JSON.parse(readFileSync(join(strict.runnerTemp, 'compile-investigation-results.json'), 'utf8'));
    expect(envelope.error).toMatchObject({ code: 'GATE_FAILED', subcode: 'UNUSED_SUPPRESSIONS' });
  });

  it('says in its job summary and an annotation that unused baseline entries failed the gate, when no file did', () => {
    const workspace = workspaceWith('fixtures/valid');
    writeFileSync(join(workspace, 'specs', 'extra.json'), JSON.stringify({ ...validSpec(), owner: 'team' }));
    writeFileSync(join(workspace, 'baseline.json'), JSON.stringify({ 'specs/extra.json': { 'unknown-field': { count: 2 } } }));
    const run = runAction(workspace, { paths: 'specs', suppressions: 'baseline.json', 'fail-on-unused-suppressions': 'true' });
    expect(run.status, run.stderr).toBe(1);
    expect(run.summary).toMatch(/^## compile-investigation: the gate failed\n/);
    expect(run.summary).toMatch(/: \d+ passed, 0 failed; /);
    const cause = '1 baseline entry is unused, and --fail-on-unused-suppressions fails the run on it: --prune-suppressions removes it';
    expect(run.summary).toContain(`The gate failed: ${cause}.`);
    expect(annotationsOf(run.stdout, 'error')).toEqual([`::error title=compile-investigation::the gate failed: ${cause}`]);
    // The SARIF log for code scanning says it too.
    const sarif = JSON.parse(readFileSync(join(run.runnerTemp, 'compile-investigation.sarif'), 'utf8'));
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([{ level: 'error', message: { text: cause } }]);
  });

  it('reports a usage error as one error annotation and its exit code, with no summary', () => {
    const workspace = workspaceWith('fixtures/valid');
    const run = runAction(workspace, { paths: 'specs', shard: '4/3' });
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/^::error title=compile-investigation::USAGE_ERROR INVALID_SHARD: /m);
    expect(run.summary).toBe('');
    expect(existsSync(join(run.runnerTemp, 'compile-investigation.sarif'))).toBe(false);
  });
});

/** A fresh checkout: a git repository of three committed specs, nothing else in its folder. */
function freshCheckout(): string {
  const workspace = workspaceWith('fixtures/valid');
  for (const name of readdirSync(join(workspace, 'specs')).slice(3)) rmSync(join(workspace, 'specs', name));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com', '-c', 'init.defaultBranch=main', ...args], {
      cwd: workspace,
      stdio: 'pipe',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'specs');
  return workspace;
}

describe('the action with its default inputs on a fresh checkout', () => {
  it('passes: its results and SARIF go to RUNNER_TEMP, the checkout stays clean, and a later run of "." passes too', {
    timeout: 60_000,
  }, () => {
    const workspace = freshCheckout();
    const run = runAction(workspace, {});
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'exit-code': '0', files: '3', passed: '3', errors: '0' });
    expect(run.outputs['results']).toBe(join(run.runnerTemp, 'compile-investigation-results.json'));
    expect(run.outputs['sarif']).toBe(join(run.runnerTemp, 'compile-investigation.sarif'));
    expect(JSON.parse(readFileSync(run.outputs['results'] as string, 'utf8')).data.files).toHaveLength(3);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: workspace, encoding: 'utf8' })).toBe('');
    const later = runCli(['.', '--format', 'text'], { cwd: workspace });
    expect(later.status, later.stdout).toBe(0);
    expect(later.stdout).toContain('3 files passed');
  });

  it('with its outputs named inside the checkout, a second run leaves them out with a note instead of judging them', {
    timeout: 60_000,
  }, () => {
    const workspace = freshCheckout();
    const named = { results: 'compile-investigation-results.json', sarif: 'compile-investigation.sarif.json' };
    const first = runAction(workspace, named);
    expect(first.status, first.stdout).toBe(0);
    const second = runAction(workspace, named);
    expect(second.status, second.stdout).toBe(0);
    expect(second.outputs).toMatchObject({ files: '3', passed: '3' });
    const envelope = JSON.parse(readFileSync(join(workspace, named.results), 'utf8'));
    expect(envelope.warnings).toEqual([]);
    expect(envelope.data.leftOut).toEqual([
      { path: 'compile-investigation-results.json', kind: 'envelope' },
      { path: 'compile-investigation.sarif.json', kind: 'sarif-log' },
    ]);
  });

  it("links the rules to the pages of the action's repository at the ref used, or to rule-docs-base-url", { timeout: 60_000 }, () => {
    const workspace = workspaceWith('fixtures/invalid');
    // Where the runner checks out OWNER/REPO@REF.
    const actions = join(tempDir(), '_actions', 'octo', 'compile-investigation');
    mkdirSync(actions, { recursive: true });
    symlinkSync(projectRoot, join(actions, 'v1'));
    const fetched = runAction(workspace, { paths: 'specs', annotations: 'false' }, join(actions, 'v1'));
    const base = 'https://github.com/octo/compile-investigation/blob/v1/docs/rules/';
    const helpUris = (run: { outputs: Record<string, string> }) =>
      JSON.parse(readFileSync(run.outputs['sarif'] as string, 'utf8')).runs[0].tool.driver.rules.map(
        (rule: { helpUri: string }) => rule.helpUri,
      );
    expect(helpUris(fetched)).toContain(`${base}dive-grounded.md`);
    expect(fetched.summary).toMatch(
      /\| \[`[a-z-]+`\]\(https:\/\/github\.com\/octo\/compile-investigation\/blob\/v1\/docs\/rules\/[a-z-]+\.md\) \|/,
    );
    const given = runAction(workspace, { paths: 'specs', annotations: 'false', 'rule-docs-base-url': 'https://docs.example.com/r/' });
    expect(helpUris(given).every((uri: string) => uri.startsWith('https://docs.example.com/r/'))).toBe(true);
  });

  it('leaves out what the ignore input names', { timeout: 60_000 }, () => {
    const workspace = freshCheckout();
    mkdirSync(join(workspace, 'drafts', 'old'), { recursive: true });
    writeFileSync(join(workspace, 'drafts', 'old', 'broken.json'), '{');
    writeFileSync(join(workspace, 'notes.yaml'), 'not: [a spec');
    expect(runAction(workspace, {}).status).toBe(3);
    const run = runAction(workspace, { ignore: 'drafts/**\nnotes.yaml' });
    expect(run.status, run.stdout).toBe(0);
    expect(run.outputs['files']).toBe('3');
  });
});
