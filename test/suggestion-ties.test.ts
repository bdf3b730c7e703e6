/**
 * Every "did you mean" goes through one function, which offers a name only when it is the single
 * closest one: a tie between equally close names gets no guess, wherever the message is made.
 */
import { describe, expect, it } from 'vitest';
import { explainCommand } from '../src/commands/info.js';
import { didYouMean, suggestAllowed, suggestionFor } from '../src/common/suggest.js';
import { createCompiler } from '../src/compile.js';
import { validateConfig } from '../src/config/validate.js';
import { baseKatasReport, judgeKatas } from '../src/dialects/katas/index.js';
import { applyPolicyOverride, builtInPreset } from '../src/policy/presets.js';
import { unsuppressible } from '../src/suppressions/file.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const gate = createCompiler();
const tempDir = useTempDirs('suggestion-ties');

/** The message of the first diagnostic of a rule. */
function messageOf(spec: Record<string, unknown>, ruleId: string): string | undefined {
  return gate.compile(spec).diagnostics.find((diagnostic) => diagnostic.ruleId === ruleId)?.message;
}

/** The message a function throws. */
function thrown(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('the suggestion function', () => {
  it('offers the single closest candidate', () => {
    expect(suggestionFor('prority', ['priority', 'cost', 'status'])).toBe('priority');
    expect(suggestionFor('H12', ['H1', 'H3', 'H4'])).toBe('H1');
  });

  it('offers nothing when two different candidates are equally close', () => {
    expect(suggestionFor('H5', ['H1', 'H2', 'H3', 'H4'])).toBeUndefined();
    expect(suggestionFor('nest', ['next', 'test', 'stats'])).toBeUndefined();
    expect(suggestionFor('goal_nresolved', ['goal_resolved', 'goal_unresolved'])).toBeUndefined();
    expect(didYouMean('red', ['Read', 'sed', 'cat'])).toBe('');
    // The same name listed twice is no tie.
    expect(suggestionFor('prority', ['priority', 'priority'])).toBe('priority');
  });

  it('ranks a difference of case alone first, and ties two such candidates', () => {
    expect(suggestionFor('grep', ['Grep', 'rg', 'grap'])).toBe('Grep');
    expect(suggestionFor('grep', ['Grep', 'GREP'])).toBeUndefined();
    // Even past the bounds of the edit-distance search.
    const many = Array.from({ length: 1500 }, (_, index) => `node-${index}`);
    expect(suggestionFor('NODE-7', many)).toBe('node-7');
  });

  it('offers nothing for a name that is itself a candidate, or when none is close', () => {
    expect(suggestionFor('cost', ['cost', 'Cost'])).toBeUndefined();
    expect(suggestionFor('zzzz', ['priority', 'cost'])).toBeUndefined();
  });

  it('for an allowed value, a tie on edit distance is not broken by the prefix or the words', () => {
    expect(suggestAllowed('goal_nresolved', ['goal_resolved', 'budget_exhausted', 'goal_unresolved'])).toBeUndefined();
    expect(suggestAllowed('resolved', ['goal_resolved', 'budget_exhausted', 'escalated', 'goal_unresolved'])).toBe('goal_resolved');
  });
});

describe('a tie gets no suggestion at every place that suggests', () => {
  it('a value outside a policy list (stop reason, dive tool)', () => {
    const spec = validSpec();
    spec['stopCondition'].reason = 'goal_nresolved';
    const [diagnostic] = gate.compile(spec).diagnostics;
    expect(diagnostic).toMatchObject({ ruleId: 'stop-reason', expected: expect.arrayContaining(['goal_resolved']) });
    expect(diagnostic?.suggestion).toBeUndefined();
    expect(diagnostic?.message).not.toContain('Did you mean');
    const tool = validSpec();
    tool['deepDives'][0].tool = 'red';
    expect(messageOf(tool, 'dive-selective')).toMatch(/^deep-dive tool "red" is not allowed; [^?]*$/);
  });

  it('an unknown key (schema)', () => {
    const report = baseKatasReport();
    report['$chema'] = report['schema'];
    const { diagnostics } = judgeKatas(report, { preset: 'gate', settings: builtInPreset('gate').rules });
    const unknown = diagnostics.find((diagnostic) => diagnostic.path === '/$chema');
    expect(unknown?.message).toBe('unknown field "$chema" in the report; it is ignored. Prefix extension data with "x-".');
  });

  it('a node no map entry surfaced (dive-grounded, hypotheses-grounded)', () => {
    const spec = validSpec();
    spec['surfaceMap'][1].candidateNodes = ['billing/v1/total.spec.ts', 'billing/v2/total.spec.ts'];
    spec['deepDives'][2].node = 'billing/v3/total.spec.ts';
    spec['hypotheses'][2].candidateNodes = ['billing/v3/total.spec.ts'];
    expect(messageOf(spec, 'dive-grounded')).toMatch(/a blind read\. Map the node with a cheap query first\.$/);
    expect(messageOf(spec, 'hypotheses-grounded')).toMatch(/map it with a cheap query first\.$/);
  });

  it('a katas plan target the topology did not surface', () => {
    const report = baseKatasReport();
    const topology = report['topology'] as { candidates: string[] };
    topology.candidates = ['services/billing/v1/retry.go', 'services/billing/v2/retry.go', ...topology.candidates.slice(1)];
    const plan = report['prioritized_plan'] as Array<{ target: string }>;
    (plan[0] as { target: string }).target = 'services/billing/v3/retry.go';
    const { diagnostics } = judgeKatas(report, { preset: 'gate', settings: builtInPreset('gate').rules });
    const planned = diagnostics.find((diagnostic) => diagnostic.path === '/prioritized_plan/0/target');
    expect(planned?.message).toMatch(/or map this one first\.$/);
  });

  it('a rule id in a configuration, in the compiler options, in a baseline and for explain', () => {
    expect(thrown(() => validateConfig({ rules: { 'brief-lims': 'off' } }, 'investigation.config.json'))).toBe(
      'investigation.config.json: unknown rule "brief-lims"; `compile-investigation rules` lists them',
    );
    expect(thrown(() => createCompiler({ rules: { 'brief-lims': 'off' } }))).toBe(
      'unknown rule "brief-lims". `compile-investigation rules` lists them',
    );
    const baseline = unsuppressible('brief-lims');
    expect(baseline?.why === 'unknown' && baseline.hint).toBe('');
    expect(thrown(() => explainCommand('brief-lims'))).not.toContain('Did you mean');
    // A unique near miss is still suggested everywhere.
    expect(thrown(() => createCompiler({ rules: { 'brief-limit': 'off' } }))).toContain('Did you mean "brief-limits"?');
  });

  it('a key of a policy override', () => {
    const result = applyPolicyOverride(builtInPreset('gate').policy, { budget: { reads: { manTotal: 4 } } });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toBe('invalid policy: /budget/reads has an unknown key "manTotal"');
  });

  it('a first word that names neither a file nor a single command', async () => {
    const run = await runInProcess(['nest', '--json'], { cwd: tempDir() });
    expect(run.stdout).not.toContain('UNKNOWN_COMMAND');
    expect(run.stdout).not.toContain('Did you mean');
  });
});
