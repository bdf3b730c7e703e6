import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from './support/contract.js';
import { runInProcess } from './support/in-process.js';
import { gateFailingSpec, validSpec, warningOnlySpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('max-warnings');

/** Three specs with one unknown-field warning each, and one clean spec. */
function warned(): string {
  const dir = tempDir();
  for (const name of ['a', 'b', 'c']) writeJson(dir, `specs/${name}.json`, warningOnlySpec());
  writeJson(dir, 'specs/clean.json', validSpec());
  return dir;
}

describe('--max-warnings', () => {
  it('fails the run with more warnings than N, though every file passed; N or fewer pass', async () => {
    const dir = warned();
    const over = await runInProcess(['specs', '--max-warnings', '2', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(over, { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'TOO_MANY_WARNINGS' });
    expect(envelope.data.summary).toMatchObject({ passed: 4, failed: 0, warnings: 3, maxWarnings: 2, exitCode: 1 });
    expect(envelope.error.message).toContain('3 warnings, more than --max-warnings 2 allows');
    expect(over.stderr).toContain('3 warnings, more than --max-warnings 2 allows');
    expect((await runInProcess(['specs', '--max-warnings', '3'], { cwd: dir })).status).toBe(0);
    expect((await runInProcess(['specs'], { cwd: dir })).status).toBe(0);
  });

  it('counts the warnings --quiet hides, and 0 allows none', async () => {
    const dir = warned();
    const quiet = await runInProcess(['specs', '--quiet', '--max-warnings', '0'], { cwd: dir });
    expect(quiet.status).toBe(1);
    expect(quiet.stderr).toContain('3 warnings, more than --max-warnings 0 allows');
  });

  it('leaves a run that fails on errors to its errors', async () => {
    const dir = warned();
    writeJson(dir, 'specs/broken.json', gateFailingSpec());
    const run = await runInProcess(['specs', '--max-warnings', '0', '--json'], { cwd: dir });
    expectEnvelope(run, { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' });
  });

  it.each(['-1', 'x', '1.5', ''])('%j is a usage error', async (value) => {
    const dir = warned();
    const run = await runInProcess(['specs', '--max-warnings', value, '--json'], { cwd: dir });
    expectEnvelope(run, { command: 'compile', exit: 2, code: 'USAGE_ERROR' });
  });

  it('holds the shards of a matrix to N together in summary, where each shard alone stays under it', async () => {
    const dir = warned();
    const shards: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const run = await runInProcess(['specs', '--shard', shard, '--max-warnings', '2', '--json'], { cwd: dir });
      expect(run.status, shard).toBe(0);
      const file = `shard-${shard[0]}.json`;
      writeFileSync(join(dir, file), run.stdout);
      shards.push(file);
    }
    const merged = await runInProcess(['summary', ...shards, '--max-warnings', '2', '--json'], { cwd: dir });
    const envelope: any = expectEnvelope(merged, { command: 'summary', exit: 1, code: 'GATE_FAILED', subcode: 'TOO_MANY_WARNINGS' });
    expect(envelope.data).toMatchObject({ exitCode: 1, warnings: 3, failed: 0 });
    expect(envelope.data.rendered).toMatch(/^## compile-investigation: the gate failed\n/);
    expect(envelope.data.rendered).toContain('3 warnings, more than the 2 that --max-warnings allows');
    expect((await runInProcess(['summary', ...shards, '--max-warnings', '3'], { cwd: dir })).status).toBe(0);
  });
});
