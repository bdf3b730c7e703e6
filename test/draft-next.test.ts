import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adviseNext } from '../src/advice/index.js';
import { createCompiler } from '../src/compile.js';
import { artifactChecks, rules } from '../src/rules/catalog.js';
import { projectRoot } from './support/cli.js';
import { expectEnvelope } from './support/contract.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeYaml } from './support/temp.js';

const tempDir = useTempDirs('draft-next');
const compiler = createCompiler();
const draft = (name: string): Record<string, any> => parse(readFileSync(join(projectRoot, 'fixtures', 'drafts', name), 'utf8'));
const advise = (spec: Record<string, unknown>) => adviseNext(compiler.compile(spec, { stage: 'draft' }), compiler.policy);
const RULE_IDS = new Set([...rules.map((rule) => rule.meta.id), ...artifactChecks.map((check) => check.id), 'input-error']);

describe('draft mode', () => {
  it('passes an unfinished but sound draft as draft-ok, which the finished gate still fails', () => {
    for (const name of ['01-budget-only.yaml', '02-mapped-and-ranked.yaml', '03-after-invalidation.yaml']) {
      const result = compiler.compile(draft(name), { stage: 'draft' });
      expect(result.exitCode, name).toBe(0);
      expect(result.verdict, name).toBe('draft-ok');
      expect(result.report?.stage).toBe('draft');
      expect(compiler.compile(draft(name)).verdict, name).toBe('fail');
    }
  });

  it('fails a draft that is already broken, on the rule that breaks', () => {
    const broken = {
      '04-blind-read.yaml': 'dive-grounded',
      '05-over-budget.yaml': 'budget-limit',
      '06-reflexive-replan.yaml': 'replan-evidence',
    };
    for (const [name, ruleId] of Object.entries(broken)) {
      const result = compiler.compile(draft(name), { stage: 'draft' });
      expect(result.verdict, name).toBe('fail');
      expect(new Set(result.diagnostics.map((diagnostic) => diagnostic.ruleId)), name).toEqual(new Set([ruleId]));
    }
  });

  it('still asks for a missing goal or budget, and still judges what is there (a blank stop evidence)', () => {
    const { goal: _goal, ...noGoal } = draft('01-budget-only.yaml');
    expect(compiler.compile(noGoal, { stage: 'draft' }).exitCode).toBe(4);
    const stopped = { ...draft('02-mapped-and-ranked.yaml'), stopCondition: { reason: 'finished', evidence: 'All read.' } };
    expect(compiler.compile(stopped, { stage: 'draft' }).diagnostics.map((diagnostic) => diagnostic.ruleId)).toEqual(['stop-reason']);
  });

  it('passes a finished spec as draft-ok too: a draft is judged on what is there', () => {
    expect(compiler.compile(validSpec(), { stage: 'draft' }).verdict).toBe('draft-ok');
  });

  it('lists in the checklist only the criteria a draft has reached', () => {
    const report = compiler.compile(draft('01-budget-only.yaml'), { stage: 'draft' }).report;
    expect(report?.summary.gate.map((criterion) => criterion.criterion)).toEqual(['typed-scratchpad', 'hard-budget', 'method']);
  });

  it('compile --stage draft: exit 0, a sound draft said so, and the envelope says draft-ok', async () => {
    const run = await runInProcess(
      ['fixtures/drafts/01-budget-only.yaml', 'fixtures/drafts/02-mapped-and-ranked.yaml', '--stage', 'draft'],
      {
        cwd: projectRoot,
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('✔ 2 drafts sound so far\n');
    const json: any = expectEnvelope(
      await runInProcess(['fixtures/drafts/03-after-invalidation.yaml', '--stage', 'draft', '--json'], { cwd: projectRoot }),
      {
        command: 'compile',
        exit: 0,
      },
    );
    expect(json.data.files[0].verdict).toBe('draft-ok');
    const broken = await runInProcess(['fixtures/drafts/04-blind-read.yaml', '--stage', 'draft', '--json'], { cwd: projectRoot });
    expectEnvelope(broken, { command: 'compile', exit: 1, code: 'GATE_FAILED' });
  });
});

describe('next-step advice', () => {
  it('says to map first, and forbids a deep dive before the map', () => {
    const steps = advise(draft('01-budget-only.yaml'));
    expect(steps).toMatchObject({
      verdict: 'draft-ok',
      phase: 'map',
      budget: { total: 5, used: 0, left: 5, unit: 'reads' },
      nextHypothesis: null,
    });
    expect(steps.allowed.map((advice) => [advice.action, advice.rule])).toContainEqual(['map', 'map-cheap']);
    expect(steps.forbidden.some((advice) => advice.action === 'dive' && advice.rule === 'dive-grounded')).toBe(true);
  });

  it('names the top-ranked open hypothesis and its mapped nodes not read yet', () => {
    const steps = advise(draft('02-mapped-and-ranked.yaml'));
    expect(steps.phase).toBe('dive');
    expect(steps.nextHypothesis).toMatchObject({ id: 'H1', priority: 1, unreadNodes: ['storage/retry.py', 'storage/client.py'] });
    expect(steps.allowed.find((advice) => advice.action === 'dive')?.rule).toBe('dive-order');
    expect(steps.replan.allowed).toBe(false);
  });

  it('allows a replan right after the invalidating deep dive, on its hypothesis, and moves on to the next', () => {
    const steps = advise(draft('03-after-invalidation.yaml'));
    expect(steps.replan).toEqual({ allowed: true, hypothesisId: 'H1', afterDeepDive: 'D1', rule: 'replan-evidence' });
    expect(steps.nextHypothesis?.id).toBe('H2');
    const answered = draft('03-after-invalidation.yaml');
    answered.replanLog = [
      { trigger: 'hypothesis_invalidated', hypothesisId: 'H1', decision: 'Test H2.', evidence: 'D1.', afterDeepDive: 'D1' },
    ];
    expect(advise(answered).replan.allowed).toBe(false);
  });

  it('says which stop reasons are valid now, with why the others are not', () => {
    const reasons = Object.fromEntries(
      advise(draft('03-after-invalidation.yaml')).stopReasons.map(({ reason, why }) => [reason, why ?? 'valid']),
    );
    expect(reasons).toEqual({
      goal_resolved: 'no hypothesis is confirmed by a deep dive yet',
      budget_exhausted: '4 reads of the budget are left',
      escalated: 'valid',
      goal_unresolved: 'valid',
    });
  });

  it('with every hypothesis invalidated and budget left: new hypotheses from the findings, or an honest stop', () => {
    const spec = draft('03-after-invalidation.yaml');
    spec.hypotheses = [spec.hypotheses[0]];
    const steps = advise(spec);
    expect(steps.phase).toBe('stop');
    expect(steps.allowed.map((advice) => advice.action)).toContain('new-hypotheses');
    expect(steps.stopReasons.filter((verdict) => verdict.why === undefined).map((verdict) => verdict.reason)).toEqual([
      'escalated',
      'goal_unresolved',
    ]);
  });

  it('with the budget spent: no more deep dives, and budget_exhausted is valid', () => {
    const spec = draft('03-after-invalidation.yaml');
    spec.budget.total = 1;
    const steps = advise(spec);
    expect(steps.phase).toBe('stop');
    expect(steps.forbidden.some((advice) => advice.action === 'dive' && advice.rule === 'budget-limit')).toBe(true);
    expect(steps.stopReasons.find((verdict) => verdict.reason === 'budget_exhausted')?.why).toBeUndefined();
  });

  it('gives a broken draft only its fixes, each naming its rule', () => {
    const steps = advise(draft('04-blind-read.yaml'));
    expect(steps).toMatchObject({ verdict: 'fail', phase: 'fix' });
    expect(steps.allowed.map((advice) => [advice.action, advice.rule])).toEqual([['fix', 'dive-grounded']]);
  });

  it('for a discovery trace, says whether another cycle is allowed and which keyword sets it must not repeat', () => {
    const spec = parse(readFileSync(join(projectRoot, 'fixtures/valid/discovery-churn-count-gap.yaml'), 'utf8'));
    delete spec.discovery.stop;
    delete spec.stopCondition;
    spec.discovery.limits.maxCycles = spec.discovery.cycles.length + 1;
    const steps = advise(spec);
    expect(steps.discovery).toMatchObject({ cycles: spec.discovery.cycles.length, anotherCycleAllowed: true });
    expect(steps.discovery?.keywordsUsed).toEqual(
      spec.discovery.cycles.map((cycle: { keywords: string[] }) => [...new Set(cycle.keywords)]),
    );
    expect(steps.allowed.find((advice) => advice.action === 'cycle')?.rule).toBe('discovery-refine');
    spec.discovery.limits.maxCycles = spec.discovery.cycles.length;
    expect(advise(spec).forbidden.find((advice) => advice.action === 'cycle')?.rule).toBe('discovery-limits');
  });

  it('names an existing rule in every piece of advice, on every fixture', () => {
    for (const name of ['01-budget-only.yaml', '02-mapped-and-ranked.yaml', '03-after-invalidation.yaml', '04-blind-read.yaml']) {
      const steps = advise(draft(name));
      for (const advice of [...steps.allowed, ...steps.forbidden]) expect(RULE_IDS.has(advice.rule), `${name}: ${advice.rule}`).toBe(true);
    }
  });

  it('leads an agent that follows it from a ranked map to a spec that passes the finished gate', () => {
    const spec = draft('02-mapped-and-ranked.yaml');
    spec.deepDives = [];
    spec.replanLog = [];
    for (let step = 0; step < 10; step++) {
      const steps = advise(spec);
      expect(steps.verdict, JSON.stringify(steps.diagnostics)).toBe('draft-ok');
      if (steps.phase !== 'dive' || steps.nextHypothesis === null) break;
      const { id, unreadNodes } = steps.nextHypothesis;
      const dive = spec.deepDives.length + 1;
      // The top hypothesis is invalidated at once, the next one confirmed: a typical run.
      const effect = id === 'H1' ? 'invalidates' : 'confirms';
      spec.deepDives.push({
        id: `D${dive}`,
        hypothesisId: id,
        node: unreadNodes[0],
        tool: 'Read',
        finding: `Finding ${dive}.`,
        effect,
        provenance: '[CODIGO]',
      });
      spec.budget.used = dive;
      for (const hypothesis of spec.hypotheses)
        if (hypothesis.id === id) hypothesis.status = effect === 'invalidates' ? 'invalidated' : 'confirmed';
      const after = advise(spec);
      if (after.replan.allowed)
        spec.replanLog.push({
          trigger: 'hypothesis_invalidated',
          hypothesisId: id,
          decision: 'Test the next.',
          evidence: `D${dive}.`,
          afterDeepDive: `D${dive}`,
        });
      if (spec.hypotheses.some((hypothesis: { status: string }) => hypothesis.status === 'confirmed')) break;
    }
    const stop = advise(spec).stopReasons.find((verdict) => verdict.why === undefined && verdict.reason === 'goal_resolved');
    expect(stop).toBeDefined();
    spec.stopCondition = { reason: 'goal_resolved', evidence: 'The confirming deep dive.' };
    spec.deliverable = 'The deadline in the job configuration is too short for the slower storage.';
    spec.risks = ['Nothing else was read.'];
    const finished = compiler.compile(spec);
    expect(finished.diagnostics).toEqual([]);
    expect(advise(spec).allowed[0]).toMatchObject({ action: 'finish' });
  });

  it('next: text, --format json and the envelope, the same bytes every run, and exit codes as the draft', async () => {
    const dir = tempDir();
    writeYaml(dir, 'draft.yaml', draft('03-after-invalidation.yaml'));
    const text = await runInProcess(['next', 'draft.yaml'], { cwd: dir });
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'draft.yaml: draft-ok, phase dive',
      'budget: 1 of 5 reads used, 4 left',
      'next: test "H2" (priority 2, cost 1) on jobs/export/config.yaml',
    ]);
    expect(text.stdout).toContain('replan "H1" now');
    expect((await runInProcess(['next', 'draft.yaml'], { cwd: dir })).stdout).toBe(text.stdout);
    const json = await runInProcess(['next', 'draft.yaml', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(json.stdout)).toMatchObject({ nextVersion: 1, phase: 'dive' });
    const envelope: any = expectEnvelope(await runInProcess(['next', 'draft.yaml', '--json'], { cwd: dir }), { command: 'next', exit: 0 });
    expect(envelope.data.next).toEqual(JSON.parse(json.stdout));
    writeYaml(dir, 'broken.yaml', draft('04-blind-read.yaml'));
    expectEnvelope(await runInProcess(['next', 'broken.yaml', '--json'], { cwd: dir }), { command: 'next', exit: 1, code: 'GATE_FAILED' });
    const { goal: _goal, ...noGoal } = draft('01-budget-only.yaml');
    writeYaml(dir, 'nogoal.yaml', noGoal);
    const ask: any = expectEnvelope(await runInProcess(['next', 'nogoal.yaml', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 4,
      code: 'CRITICAL_INPUT',
    });
    expect(ask.data.next.phase).toBe('ask');
    expectEnvelope(await runInProcess(['next', 'missing.yaml', '--json'], { cwd: dir }), { command: 'next', exit: 3, code: 'INPUT_ERROR' });
    expectEnvelope(await runInProcess(['next', '.', '--json'], { cwd: dir }), { command: 'next', exit: 2, code: 'USAGE_ERROR' });
  });

  it('next judges a draft by the baseline compile would use: the problems it accepts are not advised as fixes', async () => {
    const dir = tempDir();
    writeYaml(dir, 'broken.yaml', draft('04-blind-read.yaml'));
    const fixes = (envelope: any): string[] =>
      envelope.data.next.allowed
        .filter((advice: { action: string }) => advice.action === 'fix')
        .map((advice: { rule: string }) => advice.rule);
    const before: any = expectEnvelope(await runInProcess(['next', 'broken.yaml', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expect(fixes(before)).toEqual(['dive-grounded']);
    // The team accepts the blind read: compile writes the baseline, and the draft then passes it.
    expect((await runInProcess(['broken.yaml', '--stage', 'draft', '--suppress-all'], { cwd: dir })).status).toBe(0);
    const found: any = expectEnvelope(await runInProcess(['next', 'broken.yaml', '--json'], { cwd: dir }), { command: 'next', exit: 0 });
    expect(fixes(found)).toEqual([]);
    expect(found.warnings).toEqual([
      'using baseline investigation-suppressions.json, found by walking up from the working directory; pin it with --suppressions investigation-suppressions.json',
    ]);
    // Named with --suppressions, from another folder; and a baseline that accepts nothing of it leaves the fix.
    writeFileSync(join(dir, 'empty.json'), '{}\n');
    renameSync(join(dir, 'investigation-suppressions.json'), join(dir, 'accepted.json'));
    expect((await runInProcess(['next', 'broken.yaml', '--suppressions', 'accepted.json'], { cwd: dir })).status).toBe(0);
    const none: any = expectEnvelope(await runInProcess(['next', 'broken.yaml', '--suppressions', 'empty.json', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expect(fixes(none)).toEqual(['dive-grounded']);
    expectEnvelope(await runInProcess(['next', 'broken.yaml', '--suppressions', 'missing.json', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 2,
      code: 'USAGE_ERROR',
    });
  });

  it('next on a stopped draft lists what the finished gate still finds, under the same configuration', async () => {
    const dir = tempDir();
    writeYaml(dir, 'stopped.yaml', {
      ...draft('03-after-invalidation.yaml'),
      stopCondition: { reason: 'escalated', evidence: 'Handed over.' },
    });
    const envelope: any = expectEnvelope(await runInProcess(['next', 'stopped.yaml', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 0,
    });
    const finish = envelope.data.next.allowed.filter((advice: { action: string }) => advice.action === 'finish');
    expect(envelope.data.next.phase).toBe('stopped');
    expect(finish.map((advice: { message: string }) => advice.message)).toEqual([
      expect.stringContaining('2 problems left'),
      expect.stringContaining('"deliverable"'),
      expect.stringContaining('"risks"'),
    ]);
    // A configuration's minimums, which a draft is not held to, apply to the finished judgement.
    writeYaml(dir, 'investigation.config.yaml', { policy: { minimums: { deepDives: 5 } } });
    const stricter: any = expectEnvelope(await runInProcess(['next', 'stopped.yaml', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 0,
    });
    const finishing = stricter.data.next.allowed.filter((advice: { action: string }) => advice.action === 'finish');
    expect(finishing[0].message).toContain('3 problems left');
    expect(finishing.map((advice: { rule: string; message: string }) => `${advice.rule}: ${advice.message}`)).toContainEqual(
      expect.stringMatching(/^dive-selective: .*needs at least 5/),
    );
  });
});
