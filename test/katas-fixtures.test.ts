import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFloatLiterals, findKatasCriticalGaps, judgeKatas, katasRules } from '../src/katas/index.js';
import { parseDocument } from '../src/load/document.js';
import { placeDiagnostics } from '../src/load/place.js';
import { builtInPreset } from '../src/policy/presets.js';
import { compareDiagnostics } from '../src/regression/compare.js';
import { discoverFixtures, displayPath, formatProblems, readExpectation } from '../src/regression/index.js';
import type { Problem } from '../src/regression/types.js';
import { projectRoot } from './support/cli.js';

/**
 * The katas fixtures, judged by `judgeKatas` directly, as the command line will once it knows
 * katas reports: exit 4 for a critical gap, else 1 for an error, else 0; lines placed by the
 * loader's locator. (`compile-investigation test` does not read them yet.)
 */
const katasDir = join(projectRoot, 'fixtures', 'katas');
const files = discoverFixtures([join(katasDir, 'valid'), join(katasDir, 'invalid')]);

function problemsOf(file: string): Problem[] {
  const { expectation } = readExpectation(file, projectRoot) ?? { expectation: undefined };
  if (expectation === undefined) return [{ message: 'has no expectation' }];
  const text = readFileSync(file, 'utf8');
  const parsed = parseDocument(text, { format: 'json' });
  if (!parsed.ok) return [{ message: `does not load: ${parsed.problem.message}` }];
  const preset = expectation.preset ?? 'gate';
  const gaps = findKatasCriticalGaps(parsed.data);
  const judgement = judgeKatas(parsed.data, { preset, settings: builtInPreset(preset).rules, floatLiterals: findFloatLiterals(text) });
  const diagnostics = placeDiagnostics(judgement.diagnostics, parsed.locate);
  const exitCode = gaps.length > 0 ? 4 : diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
  const problems: Problem[] = [];
  if (exitCode !== expectation.exitCode) problems.push({ message: `exit code ${exitCode}, expected ${expectation.exitCode}` });
  if (expectation.verdict !== undefined && expectation.verdict !== (exitCode === 0 ? 'pass' : 'fail'))
    problems.push({ message: 'verdict differs' });
  if (expectation.diagnostics !== undefined) problems.push(...compareDiagnostics(expectation.diagnostics, diagnostics));
  return problems;
}

describe('the katas fixtures, judged by judgeKatas', () => {
  it('has valid and invalid fixtures, an invalid one for every katas rule', () => {
    expect(files.filter((file) => file.includes('/valid/')).length).toBeGreaterThanOrEqual(2);
    const covered = new Set<string>();
    for (const file of files.filter((path) => path.includes('/invalid/'))) {
      for (const diagnostic of readExpectation(file, projectRoot)?.expectation.diagnostics ?? []) covered.add(diagnostic.ruleId);
    }
    expect([...covered].sort()).toEqual(katasRules.map((rule) => rule.meta.id).sort());
  });

  it.each(files.map((file) => [displayPath(file, projectRoot), file]))('%s matches its expectation', (_path, file) => {
    expect(formatProblems(problemsOf(file), '')).toBe('');
  });
});
