/**
 * A folder that cannot be listed, inside an input folder: an input error (exit 3, UNREADABLE) for
 * that entry only, named relative to the working directory; the rest of the run goes on. Root can
 * list any folder, so the folder is made unreadable through seams: the walker's directory reader,
 * and for whole commands a readdirSync that fails for folders named "locked".
 */

import * as fs from 'node:fs';
import { chmodSync, type Dirent, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findFixtures } from '../../src/regression/index.js';
import { runInProcess } from '../support/in-process.js';
import { isRoot } from '../support/platform.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((path: fs.PathLike, options?: unknown) => {
    if (String(path).endsWith('/locked'))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), { code: 'EACCES' });
    return (real.readdirSync as (path: fs.PathLike, options?: unknown) => unknown)(path, options);
  }) as typeof real.readdirSync;
  return { ...real, readdirSync, default: { ...real, readdirSync } };
});

const tempDir = useTempDirs('unreadable');

/** specs/a.json, specs/locked/hidden.json, specs/z/b.json: "locked" cannot be listed. */
function corpus(): string {
  const dir = tempDir();
  writeJson(join(dir, 'specs'), 'a.json', validSpec());
  writeJson(join(dir, 'specs', 'locked'), 'hidden.json', validSpec());
  writeJson(join(dir, 'specs', 'z'), 'b.json', validSpec());
  return dir;
}

describe('the walker', () => {
  it('reports a folder its reader cannot list and goes on with the others', () => {
    const dir = corpus();
    const reader = (folder: fs.PathLike): Array<Dirent<Buffer>> => {
      if (String(folder).endsWith('/z')) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      return fs.readdirSync(folder, { withFileTypes: true, encoding: 'buffer' });
    };
    const found = findFixtures([join(dir, 'specs')], reader);
    expect(found.files.map((file) => file.text)).toEqual([join(dir, 'specs', 'a.json')]);
    expect(found.unreadable.map(({ text, code }) => ({ text, code }))).toEqual([
      { text: join(dir, 'specs', 'locked'), code: 'EACCES' },
      { text: join(dir, 'specs', 'z'), code: 'EIO' },
    ]);
  });
});

describe('whole commands', () => {
  it('compile: UNREADABLE for that folder, relative, exit 3; the other specs are compiled', async () => {
    const dir = corpus();
    const result = await runInProcess(['specs', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(3);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.files.map((file: { path: string; exitCode: number }) => [file.path, file.exitCode])).toEqual([
      ['specs/a.json', 0],
      ['specs/locked', 3],
      ['specs/z/b.json', 0],
    ]);
    expect(envelope.data.files[1].error).toEqual({
      code: 'INPUT_ERROR',
      subcode: 'UNREADABLE',
      message: 'the folder "specs/locked" cannot be read (EACCES); the specs in it were not compiled',
    });
    expect(envelope.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'UNREADABLE' });
    expect(result.stdout).not.toContain(dir);
    expect(result.stderr).not.toContain(dir);
  });

  it('compile --format text: the folder is listed among the files, with its error', async () => {
    const dir = corpus();
    const result = await runInProcess(['specs', '--format', 'text'], { cwd: dir });
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('specs/locked\n');
    expect(result.stdout).toContain('UNREADABLE');
  });

  it('stats: counts the folder as an input error, aggregates the rest', async () => {
    const dir = corpus();
    const result = await runInProcess(['stats', 'specs', '--format', 'json', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const stats = JSON.parse(result.stdout).data.stats;
    expect(stats).toMatchObject({ files: 3, investigations: 2, exitCodes: { '0': 2, '3': 1 } });
  });

  it('test: a failing entry for the folder, the other fixtures still run', async () => {
    const dir = corpus();
    writeJson(join(dir, 'specs'), 'a.expect.json', { exitCode: 0 });
    writeJson(join(dir, 'specs', 'z'), 'b.expect.json', { exitCode: 0 });
    const result = await runInProcess(['test', 'specs', '--json'], { cwd: dir });
    expect(result.status, result.stderr).toBe(1);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.data.fixtures).toEqual([
      { path: 'specs/a.json', passed: true, problems: [] },
      { path: 'specs/locked', passed: false, problems: ['the folder "specs/locked" cannot be read (EACCES); its fixtures were not run'] },
      { path: 'specs/z/b.json', passed: true, problems: [] },
    ]);
    expect(envelope.data).toMatchObject({ passed: 2, failed: 1 });
  });

  it('an unreadable folder given on the command line is the same input error', async () => {
    const dir = corpus();
    const result = await runInProcess(['specs/locked', '--json'], { cwd: dir });
    expect(result.status).toBe(3);
    expect(JSON.parse(result.stdout).data.files.map((file: { path: string }) => file.path)).toEqual(['specs/locked']);
  });
});

describe('real permissions', () => {
  it.skipIf(isRoot || process.platform === 'win32')('a chmod 000 folder (skipped as root, who can read any folder)', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'specs'), 'a.json', validSpec());
    mkdirSync(join(dir, 'specs', 'closed'));
    writeJson(join(dir, 'specs', 'closed'), 'c.json', validSpec());
    chmodSync(join(dir, 'specs', 'closed'), 0o000);
    try {
      const result = await runInProcess(['specs', '--json'], { cwd: dir });
      expect(result.status).toBe(3);
      expect(JSON.parse(result.stdout).data.files[1]).toMatchObject({ path: 'specs/closed', error: { subcode: 'UNREADABLE' } });
    } finally {
      chmodSync(join(dir, 'specs', 'closed'), 0o755);
    }
  });
});
