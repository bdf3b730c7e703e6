import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot, STACK_TRACE } from './support/cli.js';
import { posix } from './support/platform.js';

/** Runs the CLI into `head -c 1`, which reads one byte and closes the pipe; the CLI's exit status is printed last. */
function runIntoHead(args: string[]): { cliStatus: number; stderr: string } {
  const command = `"${process.execPath}" "${cliPath}" ${args.map((arg) => `'${arg}'`).join(' ')} | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
  const result = spawnSync('bash', ['-c', command], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { cliStatus: Number(result.stdout.trim()), stderr: result.stderr };
}

describe.skipIf(!posix)('a reader that closes the pipe early', () => {
  it.each([
    ['the schema command', ['schema']],
    ['a JSON report', ['fixtures/valid/sensor-csv-drift.yml', '--format', 'json']],
    ['the rule catalog as JSON', ['rules', '--json']],
  ])('ends %s with its own exit code and no error', (_what, args) => {
    const run = runIntoHead(args);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stderr).not.toContain('EPIPE');
    expect(run.cliStatus).toBe(0);
  });
});
