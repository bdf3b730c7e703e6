import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { type CliRun, projectRoot, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('launcher');
const SPEC = 'fixtures/valid/contracts-termination-notice.json';

/** A copy of the built command line (bin/ and dist/), whose code caches a test may damage. */
function copyOfBuild(): { dir: string; run: (args: string[]) => { status: number | null; stdout: string; stderr: string } } {
  const dir = tempDir();
  cpSync(join(projectRoot, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(projectRoot, 'dist'), join(dir, 'dist'), {
    recursive: true,
    filter: (source) => !source.includes(`${join('dist', 'types')}`),
  });
  writeFileSync(join(dir, 'package.json'), readFileSync(join(projectRoot, 'package.json')));
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [join(dir, 'bin', 'compile-investigation.cjs'), ...args], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      // A hang guard only: a run takes well under a second.
      timeout: 120_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return { dir, run };
}

/** The cache with its payload changed and its SHA-1 recomputed, so that only V8's own checksum can tell. */
function forged(bytes: Buffer): Buffer {
  const header = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1;
  const payload = Buffer.from(bytes.subarray(header + 20));
  for (let index = 64; index < payload.length; index += 997) payload[index] = (payload[index] as number) ^ 0x55;
  return Buffer.concat([bytes.subarray(0, header), createHash('sha1').update(payload).digest(), payload]);
}

function caches(dir: string): string[] {
  return readdirSync(join(dir, 'dist'))
    .filter((name) => name.endsWith('.cjs.cache'))
    .map((name) => join(dir, 'dist', name));
}

describe('the launcher and its code caches', () => {
  // What the intact build prints, run as the damaged copies are: by the launcher, in a process.
  const expected = {} as Record<'json' | 'markdown', CliRun>;
  beforeAll(() => {
    expected.json = runCli([SPEC, '--format', 'json']);
    expected.markdown = runCli([SPEC, '--format', 'markdown']);
  });

  it('the build writes a code cache for the core and for the Markdown renderer', () => {
    const names = readdirSync(join(projectRoot, 'dist')).filter((name) => name.endsWith('.cjs.cache'));
    expect(names).toEqual(expect.arrayContaining(['cli.cjs.cache', 'markdown.cjs.cache']));
    expect(expected.json.status).toBe(0);
    expect(expected.markdown.stdout).toMatch(/^# /);
  });

  const damages: Array<[string, (bytes: Buffer) => Buffer]> = [
    ['missing', () => Buffer.alloc(0)],
    ['truncated', (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    [
      'with a flipped byte in its payload',
      (bytes) => Buffer.from(bytes.map((byte, index) => (index === bytes.length - 100 ? byte ^ 0xff : byte))),
    ],
    [
      'made for another build',
      (bytes) => Buffer.from(bytes.toString('latin1').replace(/\n[0-9a-f]{40}\n/, `\n${'0'.repeat(40)}\n`), 'latin1'),
    ],
    ['of random bytes', (bytes) => Buffer.from(bytes.map((_, index) => (index * 7919) % 251))],
    // V8 crashes on such a payload unless its own checksum, which the loader turns on, refuses it.
    ['with its payload changed and its SHA-1 recomputed', forged],
  ];

  it.each(damages)('a cache %s is ignored without a word: same output, same exit code', (_, damage) => {
    const { dir, run } = copyOfBuild();
    for (const cache of caches(dir)) writeFileSync(cache, damage(readFileSync(cache)));
    for (const format of ['json', 'markdown'] as const) {
      const result = run([SPEC, '--format', format]);
      expect(result.stderr).toBe(expected[format].stderr);
      expect(result.status).toBe(expected[format].status);
      expect(result.stdout).toBe(expected[format].stdout);
    }
  });

  const notFiles: Array<[string, (path: string) => void]> = [
    ['a FIFO with no writer', (path) => expect(spawnSync('mkfifo', [path]).status).toBe(0)],
    ['a link to /dev/zero', (path) => symlinkSync('/dev/zero', path)],
    ['a folder', (path) => mkdirSync(path)],
  ];

  it.each(notFiles)('a cache that is %s is not read: same output, no hang', (_, make) => {
    const { dir, run } = copyOfBuild();
    for (const cache of caches(dir)) {
      rmSync(cache);
      make(cache);
    }
    const result = run([SPEC, '--format', 'json']);
    expect(result.stderr).toBe(expected.json.stderr);
    expect(result.status).toBe(expected.json.status);
    expect(result.stdout).toBe(expected.json.stdout);
  });

  it('a bundle edited after its cache was made runs as edited, even at the same length', () => {
    const { dir, run } = copyOfBuild();
    const bundle = join(dir, 'dist', 'cli.cjs');
    const source = readFileSync(bundle, 'latin1');
    // The package's version, which the report prints: one more digit would change the length.
    const version = `version:${JSON.stringify(packageJson.version)}`;
    const edited = `version:${JSON.stringify(packageJson.version.replace(/.$/, (digit) => String((Number(digit) + 1) % 10)))}`;
    expect(source.split(version)).toHaveLength(2);
    writeFileSync(bundle, source.replace(version, edited), 'latin1');
    const result = run([SPEC, '--format', 'json']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(expected.json.stdout.replace(`"${version.replace(':', '": ')}`, `"${edited.replace(':', '": ')}`));
  });
});
