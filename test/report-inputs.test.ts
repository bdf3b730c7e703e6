import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runHermetic } from './support/cli.js';
import { runInProcess } from './support/in-process.js';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'report-inputs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A folder holding a spec, its trace, a configuration, a policy file and a baseline, each a file of its own. */
function project(name: string): string {
  const folder = join(scratch, name);
  mkdirSync(join(folder, 'specs'), { recursive: true });
  copyFileSync(join(root, 'fixtures/traces/transcript-small.spec.yaml'), join(folder, 'specs/spec.yaml'));
  copyFileSync(join(root, 'fixtures/traces/transcript-small.jsonl'), join(folder, 'session.jsonl'));
  writeFileSync(join(folder, 'team.config.json'), JSON.stringify({ preset: 'gate' }));
  writeFileSync(join(folder, 'tools.policy.json'), JSON.stringify({ cheapMapTools: ['Glob', 'Grep', 'rg', 'find', 'ls', 'tree'] }));
  writeFileSync(join(folder, 'baseline.json'), `${JSON.stringify({ 'specs/spec.yaml': {} })}\n`);
  return folder;
}

describe('the files a verdict depended on (report.inputs)', () => {
  it('lists the spec, configuration, policy, baseline and trace, each with the SHA-256 of its bytes, named from the working directory', async () => {
    const folder = project('all');
    const args = ['specs/spec.yaml', '--config', 'team.config.json', '--policy', join(folder, 'tools.policy.json')];
    const run = await runInProcess(
      [...args, '--suppressions', 'baseline.json', '--trace', join(folder, 'session.jsonl'), '--format', 'json'],
      {
        cwd: folder,
      },
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).inputs).toEqual([
      { role: 'spec', path: 'specs/spec.yaml', sha256: sha256(join(folder, 'specs/spec.yaml')) },
      { role: 'config', path: 'team.config.json', sha256: sha256(join(folder, 'team.config.json')) },
      // Given as an absolute path, named from the working directory as every path of a report is.
      { role: 'policy', path: 'tools.policy.json', sha256: sha256(join(folder, 'tools.policy.json')) },
      { role: 'baseline', path: 'baseline.json', sha256: sha256(join(folder, 'baseline.json')) },
      { role: 'trace', path: 'session.jsonl', sha256: sha256(join(folder, 'session.jsonl')) },
    ]);
  });

  it("the --json envelope carries them in each file's report; a trace named by x-trace is named from the working directory too", async () => {
    const folder = project('linked');
    const spec = join(folder, 'specs/spec.yaml');
    writeFileSync(spec, `${readFileSync(spec, 'utf8')}x-trace:\n  path: ${join(folder, 'session.jsonl')}\n`);
    const run = await runInProcess(['specs/spec.yaml', '--json'], { cwd: folder });
    const inputs = JSON.parse(run.stdout).data.files[0].report.inputs;
    expect(inputs).toEqual([
      { role: 'spec', path: 'specs/spec.yaml', sha256: sha256(spec) },
      { role: 'trace', path: 'session.jsonl', sha256: sha256(join(folder, 'session.jsonl')) },
    ]);
  });

  it('a baseline the run writes is listed with the bytes it wrote; a spec on standard input has no path', async () => {
    const folder = project('written');
    const spec = join(folder, 'specs/spec.yaml');
    const broken = join(folder, 'specs/broken.yaml');
    writeFileSync(broken, readFileSync(spec, 'utf8').replace('  used: 2', '  used: 1'));
    const run = await runInProcess(['specs/broken.yaml', '--suppress-all', '--suppressions', 'written.json', '--format', 'json'], {
      cwd: folder,
    });
    expect(run.status).toBe(0);
    const listed = JSON.parse(run.stdout).inputs;
    expect(listed[1]).toEqual({ role: 'baseline', path: 'written.json', sha256: sha256(join(folder, 'written.json')) });
    const piped = runHermetic(['-', '--format', 'json'], { cwd: folder, input: readFileSync(spec) });
    expect(JSON.parse(piped.stdout).inputs).toEqual([{ role: 'spec', path: null, sha256: sha256(spec) }]);
  });

  it('a katas report lists its inputs the same way', async () => {
    const run = await runInProcess(['fixtures/katas/valid/mobile-checkout-flag.json', '--format', 'json'], { cwd: root });
    const report = JSON.parse(run.stdout);
    expect(report.inputs).toEqual([{ role: 'spec', path: 'fixtures/katas/valid/mobile-checkout-flag.json', sha256: report.input.sha256 }]);
  });
});
