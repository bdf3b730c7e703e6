import { expect } from 'vitest';
import { type CliRun, runCli, STACK_TRACE } from './cli.js';

/** The most a refusal, or a run over pathological text, may take: far above a normal run, far below a hang. */
export const FAST_MS = 5000;

export interface TimedRun extends CliRun {
  ms: number;
}

/** Every run ends with a documented exit code and never prints a stack trace. */
export function expectWellBehaved(result: { status: number | null; stdout: string; stderr: string }): void {
  expect(result.status, `stderr: ${result.stderr.slice(0, 500)}`).not.toBeNull();
  expect(result.status).toBeGreaterThanOrEqual(0);
  expect(result.status).toBeLessThanOrEqual(5);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  expect(result.stdout).not.toMatch(STACK_TRACE);
}

/** Runs the built CLI with a minute's timeout, times it and checks that it behaved. */
export function runWellBehaved(args: string[], options: Parameters<typeof runCli>[1] = {}): TimedRun {
  const started = performance.now();
  const result = runCli(args, { timeout: 60_000, ...options });
  const ms = performance.now() - started;
  expectWellBehaved(result);
  return { ...result, ms };
}
