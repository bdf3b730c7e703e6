/**
 * Hostile output targets for --output (and the writer behind every file the tool writes): links,
 * FIFOs, devices and folders are never replaced, a replaced file keeps its mode and owner, and
 * temporaries left by a killed run are cleaned up by the next one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { isRoot, posix } from '../support/platform.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('output-file');

function specDir(): string {
  const dir = tempDir();
  writeJson(dir, 'spec.json', validSpec());
  return dir;
}

async function compileTo(dir: string, output: string, extra: string[] = []): Promise<{ status: number; envelope: any; stderr: string }> {
  const result = await runInProcess(['spec.json', '--format', 'json', '--output', output, '--json', ...extra], { cwd: dir });
  return { status: result.status, envelope: JSON.parse(result.stdout), stderr: result.stderr };
}

/** A PID that belonged to a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe.skipIf(!posix)('--output onto something that is not a regular file', () => {
  it('a symlink: the target is written, the link stays a link', async () => {
    const dir = specDir();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'report.json'), 'OLD\n');
    symlinkSync('real/report.json', join(dir, 'link.json'));
    const result = await compileTo(dir, 'link.json');
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.json'))).toBe('real/report.json');
    expect(JSON.parse(readFileSync(join(dir, 'real', 'report.json'), 'utf8')).verdict).toBe('pass');
    expect(readdirSync(join(dir, 'real'))).toEqual(['report.json']);
  });

  it('a dangling symlink (and a chain of two): the target is created, the links stay', async () => {
    const dir = specDir();
    mkdirSync(join(dir, 'real'));
    symlinkSync('real/new.json', join(dir, 'first.json'));
    symlinkSync('first.json', join(dir, 'chain.json'));
    const result = await compileTo(dir, 'chain.json');
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(dir, 'chain.json')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'first.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'real', 'new.json'), 'utf8')).verdict).toBe('pass');
  });

  it('a FIFO with no reader: a clear usage error at once (no hang), and the FIFO stays a FIFO', async () => {
    const dir = specDir();
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const result = await compileTo(dir, 'pipe');
    expect(result.status).toBe(2);
    expect(result.envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(result.envelope.error.message).toMatch(/FIFO.*no reader/);
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true);
  });

  it('a FIFO with a reader: the report goes through it, and the FIFO stays a FIFO', async () => {
    const dir = specDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const result = await compileTo(dir, 'pipe');
      expect(result.status, result.stderr).toBe(0);
      const buffer = Buffer.alloc(1 << 16);
      const count = readSync(reader, buffer, 0, buffer.length, null);
      expect(JSON.parse(buffer.subarray(0, count).toString('utf8')).verdict).toBe('pass');
    } finally {
      closeSync(reader);
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(!isRoot)('a character device node (made with mknod, as root): written through, still a device', async () => {
    const dir = specDir();
    execFileSync('mknod', [join(dir, 'null'), 'c', '1', '3']);
    const result = await compileTo(dir, 'null');
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(dir, 'null')).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['null', 'spec.json']);
  });

  it('/dev/null: written through, still a character device', () => {
    const dir = specDir();
    const result = runCli(['spec.json', '--output', '/dev/null'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a folder: a usage error that says so, the folder untouched', async () => {
    const dir = specDir();
    mkdirSync(join(dir, 'out'));
    const result = await compileTo(dir, 'out');
    expect(result.status).toBe(2);
    expect(result.envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
    expect(result.envelope.error.message).toBe('--output out is a directory; give the path of a file');
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });
});

describe.skipIf(!posix)('a replaced file keeps its mode and owner', () => {
  it('a 0600 output stays 0600, a 0755 one 0755; a new file gets the default mode', async () => {
    const dir = specDir();
    for (const mode of [0o600, 0o755, 0o640]) {
      writeFileSync(join(dir, 'report.json'), 'OLD\n');
      chmodSync(join(dir, 'report.json'), mode);
      const result = await compileTo(dir, 'report.json');
      expect(result.status, result.stderr).toBe(0);
      expect(statSync(join(dir, 'report.json')).mode & 0o7777).toBe(mode);
    }
    writeFileSync(join(dir, 'probe'), '');
    const result = await compileTo(dir, 'fresh.json');
    expect(result.status, result.stderr).toBe(0);
    expect(statSync(join(dir, 'fresh.json')).mode & 0o7777).toBe(statSync(join(dir, 'probe')).mode & 0o7777);
  });

  it.skipIf(!isRoot)('the owner and group of the file replaced are kept (as root)', async () => {
    const dir = specDir();
    writeFileSync(join(dir, 'report.json'), 'OLD\n');
    chownSync(join(dir, 'report.json'), 4321, 4322);
    const result = await compileTo(dir, 'report.json');
    expect(result.status, result.stderr).toBe(0);
    const stats = statSync(join(dir, 'report.json'));
    expect([stats.uid, stats.gid]).toEqual([4321, 4322]);
  });
});

describe('temporaries of a killed run', () => {
  it("are removed by the next write to the same target when their process is gone; a live process's, other targets' and other names stay", async () => {
    const dir = specDir();
    const dead = deadPid();
    const stale = `.report.json.tmp-${dead}-0123abcd`;
    const kept = [
      `.report.json.tmp-${process.pid}-89abcdef`,
      `.other.json.tmp-${dead}-0123abcd`,
      `.report.json.tmp-${dead}-0123abcd.bak`,
      `.report.json.tmp-${dead}-xyz`,
      `report.json.tmp-${dead}-0123abcd`,
      `.report.json.tmp-0-0123abcd`,
    ];
    for (const name of [stale, ...kept]) writeFileSync(join(dir, name), '');
    const result = await compileTo(dir, 'report.json');
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(dir, stale))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([...kept, 'report.json', 'spec.json'].sort());
  });
});

describe('--output "" and --output -', () => {
  it('an empty name is a usage error, in compile, stats and briefs', async () => {
    const dir = specDir();
    mkdirSync(join(dir, 'briefs'));
    for (const args of [['spec.json'], ['stats', 'spec.json'], ['briefs', 'briefs']]) {
      const result = await runInProcess([...args, '--output', '', '--json'], { cwd: dir });
      expect(result.status, args.join(' ')).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
      expect(JSON.parse(result.stdout).error.message).toMatch(/--output takes a file name/);
    }
  });

  it('- is standard output, in compile, stats and briefs: no file named "-"', async () => {
    const dir = specDir();
    mkdirSync(join(dir, 'briefs'));
    const compiled = await runInProcess(['spec.json', '--format', 'json', '--output', '-'], { cwd: dir });
    expect(compiled.status, compiled.stderr).toBe(0);
    expect(JSON.parse(compiled.stdout).verdict).toBe('pass');
    const stats = await runInProcess(['stats', 'spec.json', '--format', 'json', '-o', '-'], { cwd: dir });
    expect(JSON.parse(stats.stdout).files).toBe(1);
    const briefs = await runInProcess(['briefs', 'briefs', '--format', 'json', '--output', '-'], { cwd: dir });
    expect(JSON.parse(briefs.stdout).files).toEqual([]);
    // With --json, the envelope is standard output and the rendered text is in it, as without --output.
    const enveloped = await runInProcess(['spec.json', '--output', '-', '--json'], { cwd: dir });
    expect(JSON.parse(enveloped.stdout).data.rendered).toMatch(/^# Adaptive Investigation Report/);
    expect(readdirSync(dir).sort()).toEqual(['briefs', 'spec.json']);
  });
});
