import { expect } from 'vitest';
import { type CliRun, runCli, STACK_TRACE } from './cli.js';

/** Every run ends with a documented exit code and never prints a stack trace. */
export function expectWellBehaved(result: { status: number | null; stdout: string; stderr: string }): void {
  expect(result.status, `stderr: ${result.stderr.slice(0, 500)}`).not.toBeNull();
  expect(result.status).toBeGreaterThanOrEqual(0);
  expect(result.status).toBeLessThanOrEqual(5);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  expect(result.stdout).not.toMatch(STACK_TRACE);
}

/** Runs the built CLI with a minute's timeout, the guard against a hang, and checks that it behaved. */
export function runWellBehaved(args: string[], options: Parameters<typeof runCli>[1] = {}): CliRun {
  const result = runCli(args, { timeout: 60_000, ...options });
  expectWellBehaved(result);
  return result;
}
