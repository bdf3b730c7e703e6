import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath } from './cli.js';

/** Whether the kernel reports a process's peak resident memory (VmHWM in /proc): Linux. */
export const canMeasurePeakMemory = process.platform === 'linux';

/**
 * Runs the built CLI in `cwd` and returns its exit code and peak resident memory in bytes, the
 * kernel's high-water mark (VmHWM), which a preload reads from /proc as the process exits.
 */
export function peakMemoryOf(args: string[], cwd: string): { status: number | null; peakBytes: number } {
  const side = mkdtempSync(join(tmpdir(), 'compile-investigation-peak-'));
  try {
    const file = join(side, 'hwm');
    const preload = `import { readFileSync, writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(file)}, /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]));`;
    const child = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(preload)}`, cliPath, ...args], {
      cwd,
      stdio: 'ignore',
      env: { ...process.env, INVESTIGATION_CONFIG: '' },
    });
    return { status: child.status, peakBytes: Number(readFileSync(file, 'utf8')) * 1024 };
  } finally {
    rmSync(side, { recursive: true, force: true });
  }
}
