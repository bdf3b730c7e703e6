import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index.js';
import { discoverFixtures, displayPath, formatProblems, goldenPaths, readExpectation, runFixtures } from '../src/regression/index.js';
import { projectRoot, runCli } from './support/cli.js';

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
  it.each(valid.map((file) => [displayPath(file, projectRoot), file]))(
    '%s: the CLI prints the golden reports byte for byte',
    (path, file) => {
      const goldens = goldenPaths(file);
      const markdown = runCli([path]);
      expect(markdown.status).toBe(0);
      expect(markdown.stdout).toBe(readFileSync(goldens.markdown, 'utf8'));
      const json = runCli([path, '--format', 'json']);
      expect(json.stdout).toBe(readFileSync(goldens.json, 'utf8'));
    },
  );
});
