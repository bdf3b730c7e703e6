import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index.js';
import { checkCorpus, listFixtures, stem } from '../scripts/fixtures.mjs';
import { projectRoot, runCli } from './support/cli.js';

describe('the fixture corpus, compiled by the core', () => {
  const results = checkCorpus(library, projectRoot);

  it('has valid and invalid fixtures, in JSON and YAML', () => {
    const files = results.map((result: { file: string }) => result.file);
    expect(files.some((file: string) => file.includes('/valid/') && file.endsWith('.json'))).toBe(true);
    expect(files.some((file: string) => file.includes('/valid/') && /\.ya?ml$/.test(file))).toBe(true);
    expect(files.filter((file: string) => file.includes('/invalid/')).length).toBeGreaterThanOrEqual(18);
  });

  it.each(results.map((result: { file: string; problems: string[] }) => [relative(projectRoot, result.file), result.problems]))(
    '%s matches its expectation and goldens',
    (_file, problems) => {
      expect(problems).toEqual([]);
    },
  );

  it('covers every rule with at least one invalid fixture', () => {
    const covered = new Set<string>();
    for (const file of listFixtures(join(projectRoot, 'fixtures', 'invalid'))) {
      const expected = JSON.parse(readFileSync(`${stem(file)}.expect.json`, 'utf8')) as { diagnostics: Array<{ ruleId: string }> };
      for (const diagnostic of expected.diagnostics) covered.add(diagnostic.ruleId);
    }
    expect([...covered].sort()).toEqual(library.rules.map((rule) => rule.meta.id).sort());
  });
});

describe('the fixture corpus, compiled by the built CLI', () => {
  const valid = listFixtures(join(projectRoot, 'fixtures', 'valid'));
  it.each(valid.map((file: string) => [relative(projectRoot, file)]))('%s: the CLI prints the golden reports byte for byte', (file) => {
    const base = stem(join(projectRoot, file));
    const markdown = runCli([file]);
    expect(markdown.status).toBe(0);
    expect(markdown.stdout).toBe(readFileSync(`${base}.report.md`, 'utf8'));
    const json = runCli([file, '--format', 'json']);
    expect(json.stdout).toBe(readFileSync(`${base}.report.json`, 'utf8'));
  });
});
