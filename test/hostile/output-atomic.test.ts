/** --output through the built CLI is atomic: no partial output file, never an overwritten or modified input. */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { mulberry32 } from '../../scripts/gen-corpus.js';
import { type CliRun, cliPath, STACK_TRACE } from '../support/cli.js';
import { expectWellBehaved, runWellBehaved } from '../support/hostile-cli.js';
import { isRoot, posix } from '../support/platform.js';
import { sha256 } from '../support/sha256.js';
import { gateFailingSpec, specWithDives, validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('hostile');

/** Bytes and modification time, to show that a file was not touched. */
function fingerprint(path: string): { hash: string; mtimeMs: number; size: number } {
  const stats = statSync(path);
  return { hash: sha256(readFileSync(path)), mtimeMs: stats.mtimeMs, size: stats.size };
}

function spawnCli(
  args: string[],
  cwd: string,
): { kill: () => void; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { kill: () => void child.kill('SIGKILL'), exited };
}

describe('--output is atomic and never overwrites an input', () => {
  it.skipIf(!posix || isRoot)('a read-only folder: exit 2, the old file intact', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const out = join(dir, 'out', 'report.md');
    mkdirSync(join(dir, 'out'));
    writeFileSync(out, 'OLD REPORT\n');
    chmodSync(join(dir, 'out'), 0o555);
    try {
      const result = runWellBehaved(['spec.json', '--output', 'out/report.md', '--json'], { cwd: dir });
      expect(result.status).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
      expect(readFileSync(out, 'utf8')).toBe('OLD REPORT\n');
      expect(readdirSync(join(dir, 'out'))).toEqual(['report.md']);
    } finally {
      chmodSync(join(dir, 'out'), 0o755);
    }
  });

  it.skipIf(!posix)(
    'a write that fails half-way (file size limit, which even root cannot pass): exit 2, the old file intact, no temporary left',
    () => {
      const dir = tempDir();
      writeJson(dir, 'spec.json', validSpec());
      writeFileSync(join(dir, 'report.json'), 'OLD REPORT\n');
      // ulimit -f 1 allows 512 bytes per file; the report is larger, so writing its temporary fails with EFBIG.
      const result = execShell(
        `ulimit -f 1; exec "${process.execPath}" "${cliPath}" spec.json --format json --output report.json --json`,
        dir,
      );
      expectWellBehaved(result);
      expect(result.status).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
      expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('OLD REPORT\n');
      expect(readdirSync(dir).sort()).toEqual(['report.json', 'spec.json']);
    },
  );

  it.skipIf(!posix)('a missing output folder: exit 2, nothing written', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const result = runWellBehaved(['spec.json', '--output', 'nowhere/report.md', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error.subcode).toBe('OUTPUT_NOT_WRITABLE');
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });

  it('SIGKILL at a random moment leaves the old file or the complete new one, never a part', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const input = writeJson(dir, 'large.json', specWithDives(20_000));
    const inputBefore = fingerprint(input);
    // The complete report, and how long a run takes on the wall clock: only to spread the kills over
    // a run (a kill is a moment in wall time); no expectation depends on it, any outcome is checked.
    const started = performance.now();
    const reference = await spawnCli(['large.json', '--format', 'json', '--output', 'reference.json'], dir).exited;
    const duration = performance.now() - started;
    expect(reference.code, reference.stderr).toBe(0);
    const complete = readFileSync(join(dir, 'reference.json'), 'utf8');
    expect(JSON.parse(complete).investigation.deepDives).toHaveLength(20_000);

    // Seeded, so that the kill delays are the same on every run.
    const random = mulberry32(0x5eed);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const old = `{"old": ${attempt}}\n`;
      writeFileSync(join(dir, 'report.json'), old);
      // Delays from a fifth of a run to a little past its end, so that some kills land during the write.
      const delay = Math.round(duration * (0.2 + random()));
      const child = spawnCli(['large.json', '--format', 'json', '--output', 'report.json'], dir);
      const timer = setTimeout(child.kill, delay);
      const { code, signal, stderr } = await child.exited;
      clearTimeout(timer);
      expect(stderr).not.toMatch(STACK_TRACE);
      const after = readFileSync(join(dir, 'report.json'), 'utf8');
      if (after === old) {
        outcomes.push(`killed after ${delay} ms: old file`);
      } else {
        // Not the old file: then the whole new report, which parses.
        expect(after.length).toBe(complete.length);
        expect(after).toBe(complete);
        expect(() => JSON.parse(after)).not.toThrow();
        outcomes.push(`${signal === 'SIGKILL' ? 'killed' : `exited ${code}`} after ${delay} ms: new file`);
      }
      if (signal === null) expect(code).toBe(0);
    }
    expect(outcomes).toHaveLength(10);
    expect(fingerprint(input)).toEqual(inputBefore);
  });

  it('refuses to write over its own input, however it is spelled: exit 2, the input unchanged', () => {
    const dir = tempDir();
    const input = writeJson(dir, 'spec.json', validSpec());
    if (posix) symlinkSync('spec.json', join(dir, 'link.json'));
    const before = fingerprint(input);
    const spellings = [
      'spec.json',
      './spec.json',
      input,
      join('..', dir.split(/[\\/]/).pop() as string, 'spec.json'),
      ...(posix ? ['link.json'] : []),
    ];
    spellings.forEach((output, index) => {
      const format = ['markdown', 'json', 'sarif', 'text', 'github'][index % 5] as string;
      const result = runWellBehaved(['spec.json', '--format', format, '--output', output, '--json'], { cwd: dir });
      expect(result.status, output).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' });
    });
    // One of several inputs, and through a symlinked input.
    writeJson(dir, 'other.json', validSpec());
    expect(runWellBehaved(['other.json', 'spec.json', '--format', 'text', '--output', 'spec.json'], { cwd: dir }).status).toBe(2);
    if (posix) expect(runWellBehaved(['link.json', '--output', 'spec.json'], { cwd: dir }).status).toBe(2);
    expect(fingerprint(input)).toEqual(before);
  });

  it('--output-dir refuses to write a report over another input named like one: exit 2, nothing written', () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    const other = writeJson(dir, 'a.report.json', validSpec());
    const before = fingerprint(other);
    const result = runWellBehaved(['a.json', 'a.report.json', '--output-dir', '.', '--format', 'json', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' });
    expect(fingerprint(other)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'a.report.json']);
  });

  it('never modifies an input, whatever the outcome', () => {
    const dir = tempDir();
    const critical = validSpec();
    delete critical.budget;
    const inputs = [
      writeJson(dir, 'pass.json', validSpec()),
      writeJson(dir, 'fail.json', gateFailingSpec()),
      writeJson(dir, 'critical.json', critical),
      join(dir, 'broken.yaml'),
      join(dir, 'crlf.yaml'),
    ];
    writeFileSync(join(dir, 'broken.yaml'), 'goal: [unclosed\n');
    writeFileSync(join(dir, 'crlf.yaml'), `\uFEFF${toYaml(validSpec()).replace(/\n/g, '\r\n')}`);
    if (posix) linkSync(join(dir, 'pass.json'), join(dir, 'hardlink.json'));
    const before = inputs.map(fingerprint);
    const runs: string[][] = [
      ['pass.json', 'fail.json', 'critical.json', 'broken.yaml', 'crlf.yaml'],
      ['.', '--format', 'sarif'],
      ['.', '--output-dir', 'reports'],
      ['.', '--output-dir', '.', '--format', 'json'],
      ['pass.json', '--output', 'out.md'],
      ['fail.json', '--format', 'json', '--output', 'out.json'],
      ['crlf.yaml', '--fail-on', 'warning', '--quiet', '--json'],
      // A hard link is another name for the input's bytes: the atomic rename replaces the link, not the input.
      ...(posix ? [['pass.json', '--format', 'json', '--output', 'hardlink.json']] : []),
    ];
    for (const args of runs) runWellBehaved(args, { cwd: dir });
    expect(inputs.map(fingerprint)).toEqual(before);
  });
});

function execShell(script: string, cwd: string): CliRun {
  try {
    const stdout = execFileSync('sh', ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failure = error as { status: number | null; stdout: string; stderr: string };
    return { status: failure.status, stdout: String(failure.stdout), stderr: String(failure.stderr) };
  }
}
