import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayPath } from '../src/common/display-path.js';
import * as library from '../src/index.js';
import { discoverFixtures, formatProblems, goldenPaths, readExpectation, runFixtures } from '../src/regression/index.js';
import { projectRoot } from './support/cli.js';
import { runBuiltInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('fixtures');
const fixturesDir = join(projectRoot, 'fixtures');
const validDir = join(fixturesDir, 'valid');
const invalidDir = join(fixturesDir, 'invalid');

describe('the fixture corpus, compiled by the core', () => {
  // fixtures/briefs/ holds brief artifact folders for `compile-investigation briefs`, not specs.
  const files = discoverFixtures([validDir, invalidDir]);
  const { results } = runFixtures(files, { cwd: projectRoot });

  it('has valid and invalid fixtures, in JSON and YAML', () => {
    const paths = results.map((result) => result.path);
    expect(paths.some((path) => path.startsWith('fixtures/valid/') && path.endsWith('.json'))).toBe(true);
    expect(paths.some((path) => path.startsWith('fixtures/valid/') && /\.ya?ml$/.test(path))).toBe(true);
    expect(paths.filter((path) => path.startsWith('fixtures/invalid/')).length).toBeGreaterThanOrEqual(18);
  });

  it.each(results.map((result) => [result.path, result] as const))('%s matches its expectation and goldens', (_path, result) => {
    expect(formatProblems(result.problems, '')).toBe('');
    expect(result.passed).toBe(true);
  });

  it.each(discoverFixtures([validDir]).map((file) => [displayPath(file, projectRoot), file]))(
    '%s has both golden reports',
    (_path, file) => {
      const goldens = goldenPaths(file);
      expect(existsSync(goldens.markdown)).toBe(true);
      expect(existsSync(goldens.json)).toBe(true);
    },
  );

  it('covers every rule with at least one invalid fixture', () => {
    const covered = new Set<string>();
    for (const file of discoverFixtures([invalidDir])) {
      for (const diagnostic of readExpectation(file, projectRoot)?.expectation.diagnostics ?? []) covered.add(diagnostic.ruleId);
    }
    expect([...covered].sort()).toEqual(library.rules.map((rule) => rule.meta.id).sort());
  });
});

describe('the fixture corpus, compiled by the built CLI', () => {
  const valid = discoverFixtures([validDir]);
  /** Per format, each fixture's exit code and report: one run of the built bundle compiles them all (--output-dir). */
  const compiled = new Map<string, Map<string, { exitCode: number; report: string }>>();
  beforeAll(async () => {
    const paths = valid.map((file) => displayPath(file, projectRoot));
    for (const format of ['markdown', 'json']) {
      const run = await runBuiltInProcess([...paths, '--format', format, '--output-dir', tempDir(), '--json'], { cwd: projectRoot });
      const files: Array<{ path: string; exitCode: number; reportFile: string }> = JSON.parse(run.stdout).data.files;
      compiled.set(
        format,
        new Map(files.map((entry) => [entry.path, { exitCode: entry.exitCode, report: readFileSync(entry.reportFile, 'utf8') }])),
      );
    }
  });

  it.each(valid.map((file) => [displayPath(file, projectRoot), file]))(
    '%s: the CLI prints the golden reports byte for byte',
    (path, file) => {
      const goldens = goldenPaths(file);
      const markdown = compiled.get('markdown')?.get(path);
      expect(markdown?.exitCode).toBe(0);
      expect(markdown?.report).toBe(readFileSync(goldens.markdown, 'utf8'));
      expect(compiled.get('json')?.get(path)?.report).toBe(readFileSync(goldens.json, 'utf8'));
    },
  );
});
