/**
 * createWorkspace, the library's run: a folder judged with its configurations and baselines comes
 * to what `compile-investigation DIR --json` says of it, file by file, with nothing printed or
 * written; one document is judged as the language server and the MCP server judge it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../src/index.js';
import { runInProcess } from './support/in-process.js';
import { gateFailingSpec, specWithoutProvenance, validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const temporaryFolder = useTempDirs('workspace');

/** A project: a spec that passes, one that fails, one that passes by its folder's configuration alone, and a brief beside them. */
function project(): string {
  const root = temporaryFolder();
  mkdirSync(join(root, 'specs', 'relaxed'), { recursive: true });
  writeFileSync(join(root, 'specs', 'passing.json'), JSON.stringify(validSpec()));
  writeFileSync(join(root, 'specs', 'failing.json'), JSON.stringify(gateFailingSpec()));
  // The gate preset fails a spec without provenance tags; the reference preset of this folder's configuration does not.
  writeFileSync(join(root, 'specs', 'relaxed', 'untagged.json'), JSON.stringify(specWithoutProvenance()));
  writeFileSync(join(root, 'specs', 'relaxed', 'investigation.config.json'), JSON.stringify({ preset: 'reference' }));
  writeFileSync(join(root, 'specs', 'H1-0001.json'), JSON.stringify({ hypothesisId: 'H1', sequence: 1, parent: null, brief: {} }));
  return root;
}

describe('createWorkspace', () => {
  it('judges a folder as compile DIR --json does: the same files, verdicts, exit codes and diagnostics', async () => {
    const root = project();
    const before = readFileSync(join(root, 'specs', 'failing.json'), 'utf8');
    const judged = await createWorkspace({ cwd: root }).judgeFiles(['specs']);
    const cli = JSON.parse((await runInProcess(['specs', '--json'], { cwd: root, env: { INVESTIGATION_CONFIG: '' } })).stdout);
    const brief = (file: { path: string; verdict: string; exitCode: number; diagnostics: Array<{ ruleId: string }> }) => ({
      path: file.path,
      verdict: file.verdict,
      exitCode: file.exitCode,
      rules: file.diagnostics.map((diagnostic) => diagnostic.ruleId),
    });
    expect(judged.files.map(brief)).toEqual(cli.data.files.map(brief));
    expect(judged.files.map((file) => file.path)).toEqual(['specs/failing.json', 'specs/passing.json', 'specs/relaxed/untagged.json']);
    expect(judged.files[2]?.exitCode).toBe(0);
    expect(judged.summary.exitCode).toBe(cli.data.summary.exitCode);
    expect(judged.summary.exitCode).toBe(1);
    // The brief beside the specs is left out with a note, never judged as a spec without a goal.
    expect(judged.notes.join('\n')).toContain('H1-0001.json');
    expect(readFileSync(join(root, 'specs', 'failing.json'), 'utf8')).toBe(before);
  });

  it('applies the baseline it finds walking up, as the command line does', async () => {
    const root = project();
    const cli = await runInProcess(['specs', '--suppress-all', '--json'], { cwd: root, env: { INVESTIGATION_CONFIG: '' } });
    expect(cli.status).toBe(0);
    const judged = await createWorkspace({ cwd: root }).judgeFiles(['specs']);
    expect(judged.summary.exitCode).toBe(0);
    expect(judged.suppressions.files.map((file) => file.path)).toEqual(['investigation-suppressions.json']);
    const failing = judged.files.find((file) => file.path === 'specs/failing.json');
    expect(failing?.diagnostics.every((diagnostic) => diagnostic.suppressed !== undefined)).toBe(true);
  });

  it('lists the files paths and globs name, ignores applied, and shows paths as reports do', async () => {
    const root = project();
    const workspace = createWorkspace({ cwd: root, ignore: ['specs/relaxed/**'] });
    const listed = await workspace.listFiles(['specs']);
    expect(listed.files).toEqual(['specs/failing.json', 'specs/passing.json']);
    expect(workspace.displayPath(join(root, 'specs', 'relaxed', 'untagged.json'))).toBe('specs/relaxed/untagged.json');
  });

  it('judges one document given as text, as the servers do', async () => {
    const root = project();
    const judged = await createWorkspace({ cwd: root }).judgeDocument({ text: JSON.stringify(gateFailingSpec()), format: 'json' });
    expect(judged.outcome.exitCode).toBe(1);
    expect(judged.outcome.diagnostics.length).toBeGreaterThan(0);
  });
});
