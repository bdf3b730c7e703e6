import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const cliPath = fileURLToPath(new URL('../../bin/compile-investigation.cjs', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a subprocess, from the project root unless `cwd` says otherwise. */
export function runCli(args: string[], options: SpawnSyncOptions & { input?: string | Buffer } = {}): CliRun {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    // The whole fixture corpus in one JSON envelope is over spawnSync's default 1 MiB.
    maxBuffer: 64 * 1024 * 1024,
    ...options,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/**
 * Runs the built CLI as a subprocess without waiting for it, so that several run at once; the
 * output is decoded once the process has ended, so no character is split between chunks.
 */
export function runCliAsync(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      resolvePromise({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

/**
 * Runs the CLI with INVESTIGATION_CONFIG cleared (empty means unset), so the caller's shell never
 * leaks a configuration into a test of configuration precedence or of the machine contract.
 */
export function runHermetic(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string | Buffer } = {}): CliRun {
  return runCli(args, { ...options, env: { INVESTIGATION_CONFIG: '', ...options.env } });
}

/** A stack trace in output: no run may print one, whatever its input. */
export const STACK_TRACE = /\n\s+at /;

/** The non-empty lines of a run's stderr. */
export function stderrLines(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line) => line !== '');
}
