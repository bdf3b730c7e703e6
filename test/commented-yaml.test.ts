import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_ENTRIES } from '../src/commands/commented-yaml.js';
import { createCompiler } from '../src/compile.js';
import { projectRoot } from './support/cli.js';
import { runInProcess } from './support/in-process.js';

/** The one commented-YAML writer of `init` and `trace draft` (src/commands/commented-yaml.ts). */

const golden = (name: string): string => readFileSync(join(projectRoot, 'test/data/commented-yaml', name), 'utf8');

describe('the commented YAML of init and trace draft', () => {
  // The goldens were written by the two writers this one replaced: the bytes are the same.
  it.each([
    ['init-reads.yaml', ['init', '--goal', 'Why does the cache miss # twice: "on start"?', '--budget', '6']],
    ['init-tokens.yaml', ['init', '--goal', 'Where is the retry?', '--budget', '9', '--unit', 'tokens']],
    ['trace-draft.yaml', ['trace', 'draft', 'fixtures/traces/hook-small.jsonl']],
  ])('writes %s byte for byte as before', async (name, args) => {
    const run = await runInProcess(args, { cwd: projectRoot });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(golden(name));
  });

  it('shows example entries that a spec may hold: filled in, the draft they make passes', () => {
    const entry = (line: string): Record<string, unknown> => (parse(line) as Record<string, unknown>[])[0] as Record<string, unknown>;
    const spec = {
      goal: 'Where is the retry?',
      budget: { total: 5, used: 1, unit: 'tokens' },
      surfaceMap: [{ ...entry(EXAMPLE_ENTRIES.surfaceMap), query: 'retry', candidateNodes: ['src/a.ts'], evidence: 'src/a.ts' }],
      hypotheses: [
        { ...entry(EXAMPLE_ENTRIES.hypothesis), claim: 'the retry is in a.ts', status: 'confirmed', candidateNodes: ['src/a.ts'] },
      ],
      deepDives: [{ ...entry(EXAMPLE_ENTRIES.deepDive(true)), node: 'src/a.ts', finding: 'it retries thrice', tokens: 1 }],
      replanLog: [],
      risks: [],
      stopCondition: { ...parse(EXAMPLE_ENTRIES.stopCondition).stopCondition, reason: 'goal_resolved', evidence: 'D1 confirmed H1' },
      deliverable: `${parse(EXAMPLE_ENTRIES.deliverable).deliverable}src/a.ts retries thrice`,
    };
    expect(Object.keys(entry(EXAMPLE_ENTRIES.replan))).toEqual(['trigger', 'hypothesisId', 'decision', 'evidence', 'afterDeepDive']);
    const result = createCompiler({ preset: 'gate' }).compile(spec, { stage: 'draft' });
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });
});
