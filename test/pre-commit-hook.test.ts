import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import packageJson from '../package.json' with { type: 'json' };
import { projectRoot } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { gateFailingSpec, validSpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

const tempDir = useTempDirs('pre-commit');

interface Hook {
  id: string;
  entry: string;
  args: string[];
  language: string;
  files: string;
  exclude: string;
  types_or: string[];
}

const [hook] = parse(readFileSync(join(projectRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** Which staged paths pre-commit passes to the hook: `files` matches and `exclude` does not (Python's re.search). */
const selected = (paths: string[]) => paths.filter((path) => new RegExp(hook!.files).test(path) && !new RegExp(hook!.exclude).test(path));

describe('.pre-commit-hooks.yaml', () => {
  it('runs the package bin as a node hook on JSON and YAML files', () => {
    expect(hook).toMatchObject({ id: 'compile-investigation', language: 'node', types_or: ['json', 'yaml'] });
    expect(Object.keys(packageJson.bin)).toContain(hook!.entry);
  });

  it('takes the specs under investigations/ or specs/, and leaves the tool’s own files alone', () => {
    const paths = [
      'investigations/billing.yaml',
      'docs/investigation/auth.json',
      'specs/a.json',
      'specs/a.expect.json',
      'specs/a.report.json',
      'specs/investigation.config.yaml',
      'specs/investigation-suppressions.json',
      'package.json',
      'src/specs.json',
    ];
    expect(selected(paths)).toEqual(['investigations/billing.yaml', 'docs/investigation/auth.json', 'specs/a.json']);
  });

  it('judges the files pre-commit passes, as pre-commit runs it: entry, args, then the file names', async () => {
    const dir = tempDir();
    writeYaml(dir, 'investigations/ok.yaml', validSpec());
    writeJson(dir, 'investigations/broken.json', gateFailingSpec());
    const passing = await runInProcess([...hook!.args, 'investigations/ok.yaml'], { cwd: dir });
    expect(passing.status).toBe(0);
    expect(passing.stdout).toBe('✔ 1 file passed\n');
    const failing = await runInProcess([...hook!.args, 'investigations/ok.yaml', 'investigations/broken.json'], { cwd: dir });
    expect(failing.status).toBe(1);
    expect(failing.stdout).toMatch(/^investigations\/broken\.json\n\s+\d+:\d+\s+error\s+/);
  });

  it("leaves out staged files that the configuration's ignores match, and passes a commit that stages only those", async () => {
    const dir = tempDir();
    writeYaml(dir, 'investigations/investigation.config.yaml', { ignores: ['drafts/'] });
    writeYaml(dir, 'investigations/ok.yaml', validSpec());
    writeJson(dir, 'investigations/drafts/wip.json', gateFailingSpec());
    const staged = selected(['investigations/ok.yaml', 'investigations/drafts/wip.json']);
    expect(staged).toEqual(['investigations/ok.yaml', 'investigations/drafts/wip.json']);
    const mixed = await runInProcess([...hook!.args, ...staged], { cwd: dir });
    expect(mixed.status, mixed.stderr).toBe(0);
    expect(mixed.stdout).toBe('✔ 1 file passed\n');
    expect(mixed.stderr).toContain(
      'note: left out "investigations/drafts/wip.json": it is ignored by "drafts/" of investigations/investigation.config.yaml',
    );
    const onlyIgnored = await runInProcess([...hook!.args, 'investigations/drafts/wip.json'], { cwd: dir });
    expect(onlyIgnored.status).toBe(0);
    expect(onlyIgnored.stdout).toBe('');
    expect(onlyIgnored.stderr).toContain('nothing to judge: 1 file named is ignored, and --force-exclude left it out');
  });

  it('takes a staged file whose name reads as an option as a file: the hook ends its arguments with --', async () => {
    const dir = tempDir();
    writeJson(dir, '--output=stolen.json', gateFailingSpec());
    const run = await runInProcess([...hook!.args, '--output=stolen.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^--output=stolen\.json\n\s+\d+:\d+\s+error\s+/);
    expect(existsSync(join(dir, 'stolen.json'))).toBe(false);
  });
});
