import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';
import { runsInDescribeBodies } from './support/describe-bodies.js';

interface Project {
  test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean };
}

const root = join(import.meta.dirname, '..');
const projects = (config.test?.projects ?? []) as Project[];
const project = (name: string): Project => {
  const found = projects.find((candidate) => candidate.test.name === name);
  if (found === undefined) throw new Error(`no vitest project named ${name}`);
  return found;
};

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path).split('\\').join('/')] : [];
  });
}

/** A test file times work when it uses the timing helpers or the property runs that check each input's cost. */
const TIMES_WORK = /support\/scaling\.js|\bproperties\(\)|\bhostileProperties\(\)/;
const MOCKS = /\bvi\.(mock|doMock)\(/;

describe('the groups the suite runs in (vitest.config.ts)', () => {
  const files = testFiles(join(root, 'test'));
  const text = (file: string): string => readFileSync(join(root, file), 'utf8');

  it('runs every file that times work in a process of its own, after the rest', () => {
    const timed = project('timed').test;
    expect(timed.isolate).toBe(true);
    expect(files.filter((file) => TIMES_WORK.test(text(file))).sort()).toEqual([...timed.include].sort());
  });

  it('gives every file that mocks a module a module graph of its own', () => {
    const mocking = project('mocking').test;
    expect(mocking.isolate ?? true).toBe(true);
    expect(files.filter((file) => MOCKS.test(text(file)) && file !== 'test/suite-groups.test.ts').sort()).toEqual(
      [...mocking.include].sort(),
    );
  });

  it('leaves every other file to the shared group, and none out', () => {
    const shared = project('shared').test;
    const elsewhere = new Set([...project('timed').test.include, ...project('mocking').test.include]);
    expect([...(shared.exclude ?? [])].sort()).toEqual([...elsewhere].sort());
    expect(files.filter((file) => !elsewhere.has(file)).length).toBeGreaterThan(50);
  });
});

describe('the test map (test/README.md)', () => {
  it('names every test file once, and none that is not there', () => {
    const map = readFileSync(join(root, 'test', 'README.md'), 'utf8');
    const named = [...map.matchAll(/`([\w./-]+\.test\.ts)`/g)].map((match) => `test/${match[1]}`);
    expect(named.filter((file, index) => named.indexOf(file) !== index)).toEqual([]);
    expect([...named].sort()).toEqual(testFiles(join(root, 'test')).sort());
  });
});

describe('where a test file runs the CLI', () => {
  it('never in the body of a describe block, which runs even when its tests are filtered out', () => {
    const files = testFiles(join(root, 'test'));
    const runs = files.flatMap((file) => runsInDescribeBodies(file, readFileSync(join(root, file), 'utf8')).map((run) => `${file}:${run}`));
    expect(runs).toEqual([]);
  });

  it('finds a run in a describe body, a nested one and one of describe.skipIf, and none in a test, a hook or a helper', () => {
    const text = [
      "describe('a', () => {",
      "  const run = runCli(['x']);",
      "  const later = () => runCli(['y']);",
      "  beforeAll(() => { runHermetic(['z']); });",
      "  it('b', async () => { await runInProcess(['w'], { cwd: '.' }); });",
      "  describe.skipIf(true)('c', () => {",
      "    const { stdout } = spawnSync('node', []);",
      '  });',
      '});',
    ].join('\n');
    expect(runsInDescribeBodies('example.test.ts', text)).toEqual(['2: runCli', '7: spawnSync']);
  });
});
