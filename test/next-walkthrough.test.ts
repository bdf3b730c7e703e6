// `next` followed through a whole investigation, one draft per step, from what `init` writes to a
// spec that passes the finished gate, by an agent that forgets to update a status after the deep
// dive that settled it: what next says at each step, and that it never sends the agent back to the
// hypothesis already settled.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adviseNext, formatNextSteps, type NextSteps } from '../src/advice/index.js';
import { specSkeleton } from '../src/commands/skeleton.js';
import { createCompiler } from '../src/compile.js';

const compiler = createCompiler();
/** Where init's `$schema` points; what it names does not change the advice. */
const SCHEMA = './investigation.schema.json';

interface Step {
  steps: NextSteps;
  text: string;
  /** Each piece of advice to do now as "action rule: message". */
  todo: string[];
  /** The rule ids of the draft's diagnostics, with their severity. */
  found: string[];
}

function next(spec: Record<string, any>): Step {
  const draft = compiler.compile(structuredClone(spec), { stage: 'draft' });
  const finished = spec['stopCondition'] === undefined ? undefined : compiler.compile(structuredClone(spec));
  const steps = adviseNext(draft, compiler.policy, finished);
  return {
    steps,
    text: formatNextSteps('draft.yaml', steps),
    todo: steps.allowed.map((advice) => `${advice.action} ${advice.rule}: ${advice.message}`),
    found: draft.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.path}`),
  };
}

/** The lines of a text section, from its heading to the next heading. */
function section(text: string, heading: string): string[] | undefined {
  const lines = text.split('\n');
  const start = lines.indexOf(`${heading}:`);
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('  '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

const dive = (id: string, hypothesisId: string, node: string, effect: string, finding: string) => ({
  id,
  hypothesisId,
  node,
  tool: 'Read',
  finding,
  effect,
  provenance: '[CODIGO]',
});

describe('next, step by step, when the agent forgets a status', () => {
  it('names the drift first, never recommends the settled hypothesis, and leads to a spec that passes', () => {
    // Step 0: what init writes, with a goal and a budget.
    const spec = parse(
      specSkeleton({
        goal: 'Find why the nightly export job times out after the storage migration.',
        budget: 5,
        unit: 'reads',
        format: 'yaml',
        schema: SCHEMA,
      }),
    ) as Record<string, any>;
    let at = next(spec);
    expect(at.steps).toMatchObject({ verdict: 'draft-ok', phase: 'map', nextHypothesis: null });
    expect(at.found).toEqual([]);
    expect(at.todo[0]).toMatch(/^map map-cheap: map the surface/);
    expect(section(at.text, 'fix first')).toBeUndefined();

    // Step 1: the cheap map.
    spec['surfaceMap'] = [
      {
        id: 'M1',
        tool: 'rg',
        query: 'timeout|deadline',
        candidateNodes: ['jobs/export/runner.py', 'jobs/export/config.yaml', 'storage/client.py'],
        evidence: 'The runner, the job configuration and the storage client mention a deadline.',
      },
      {
        id: 'M2',
        tool: 'Glob',
        query: 'storage/**/*.py',
        candidateNodes: ['storage/client.py', 'storage/retry.py'],
        evidence: 'The migration added a retry module beside the client.',
      },
    ];
    at = next(spec);
    expect(at.steps.phase).toBe('rank');
    expect(at.todo[0]).toMatch(/^rank hypotheses-ranked: form hypotheses/);

    // Step 2: three ranked hypotheses; H2 has two mapped nodes.
    spec['hypotheses'] = [
      {
        id: 'H1',
        claim: 'The storage client retries with a backoff past the deadline.',
        priority: 1,
        cost: 1,
        status: 'open',
        candidateNodes: ['storage/retry.py'],
      },
      {
        id: 'H2',
        claim: 'The export deadline was not raised for the slower storage.',
        priority: 2,
        cost: 1,
        status: 'open',
        candidateNodes: ['jobs/export/config.yaml', 'jobs/export/runner.py'],
      },
      {
        id: 'H3',
        claim: 'The storage client opens a connection per row.',
        priority: 3,
        cost: 2,
        status: 'open',
        candidateNodes: ['storage/client.py'],
      },
    ];
    at = next(spec);
    expect(at.steps.phase).toBe('dive');
    expect(at.steps.nextHypothesis).toMatchObject({ id: 'H1', unreadNodes: ['storage/retry.py'] });
    expect(at.todo[0]).toMatch(/^dive dive-order: test "H1"/);

    // Step 3: D1 invalidates H1, and the agent updates H1's status.
    spec['deepDives'].push(dive('D1', 'H1', 'storage/retry.py', 'invalidates', 'Retries stop after two seconds, far below the deadline.'));
    spec['budget'].used = 1;
    spec['hypotheses'][0].status = 'invalidated';
    at = next(spec);
    expect(at.found).toEqual([]);
    expect(at.steps.nextHypothesis?.id).toBe('H2');
    expect(at.steps.replan).toMatchObject({ allowed: true, hypothesisId: 'H1', afterDeepDive: 'D1' });

    // Step 4: the replan it allows.
    spec['replanLog'].push({
      trigger: 'hypothesis_invalidated',
      hypothesisId: 'H1',
      decision: 'Test H2, the job configuration, next.',
      evidence: 'D1 shows the retries stay short.',
      afterDeepDive: 'D1',
    });
    at = next(spec);
    expect(at.steps.replan.allowed).toBe(false);
    expect(at.steps.nextHypothesis).toMatchObject({ id: 'H2', unreadNodes: ['jobs/export/config.yaml', 'jobs/export/runner.py'] });

    // Step 5: D2 confirms H2, and the agent forgets both budget.used and H2's status: a broken draft.
    spec['deepDives'].push(
      dive('D2', 'H2', 'jobs/export/config.yaml', 'confirms', 'The deadline is still 300 seconds, set before the migration.'),
    );
    at = next(spec);
    expect(at.steps).toMatchObject({ verdict: 'fail', phase: 'fix' });
    expect(at.found).toEqual(['error budget-accounting /budget/used', 'warning status-drift /hypotheses/1/status']);
    expect(at.todo.map((todo) => todo.split(':')[0])).toEqual(['fix budget-accounting', 'fix status-drift']);
    // The fixes are headed as fixes, not as what the method allows.
    expect(section(at.text, 'allowed')).toBeUndefined();
    expect(section(at.text, 'fix first')).toHaveLength(2);

    // Step 6: budget.used fixed; H2's status still forgotten. The draft is sound, with a warning.
    spec['budget'].used = 2;
    at = next(spec);
    expect(at.steps.verdict).toBe('draft-ok');
    expect(at.found).toEqual(['warning status-drift /hypotheses/1/status']);
    expect(at.todo[0]).toBe(
      'fix status-drift: set the status of "H2" to "confirmed": deep dive "D2", the last to confirm or invalidate it, confirms it, but the status still says "open"',
    );
    // H2 still has a mapped node unread, but D2 settled it: the next hypothesis is H3.
    expect(at.steps.nextHypothesis).toMatchObject({ id: 'H3', unreadNodes: ['storage/client.py'] });
    expect(at.text).not.toMatch(/test "H2"/);
    expect(section(at.text, 'fix first')).toEqual([
      '  - set the status of "H2" to "confirmed": deep dive "D2", the last to confirm or invalidate it, confirms it, but the status still says "open"  [status-drift]',
    ]);
    expect(section(at.text, 'allowed')?.[0]).toMatch(/^ {2}- test "H3" \(priority 3\)/);
    expect(at.steps.stopReasons.find((verdict) => verdict.reason === 'goal_resolved')?.why).toBe(
      'set the status of "H2" to "confirmed" first: deep dive "D2" confirms it, but the status still says "open"',
    );
    // The finished gate would not let the drift through.
    expect(compiler.compile(structuredClone(spec)).diagnostics.some((d) => d.ruleId === 'status-drift' && d.severity === 'error')).toBe(
      true,
    );

    // Step 7: the status follows D2. Nothing to fix; goal_resolved is valid; H3 is still open.
    spec['hypotheses'][1].status = 'confirmed';
    at = next(spec);
    expect(at.found).toEqual([]);
    expect(at.todo.some((todo) => todo.startsWith('fix'))).toBe(false);
    expect(at.steps.nextHypothesis?.id).toBe('H3');
    expect(at.steps.stopReasons.find((verdict) => verdict.reason === 'goal_resolved')?.why).toBeUndefined();

    // Step 8: stop with the resolved goal, H3 named in the risks: the spec passes as finished.
    spec['stopCondition'] = { reason: 'goal_resolved', evidence: 'D2 shows the deadline was never raised.' };
    spec['deliverable'] = 'The export deadline of 300 seconds predates the slower storage; raise it.';
    spec['risks'] = ['H3 stays open: storage/client.py was not read.'];
    at = next(spec);
    expect(at.steps.phase).toBe('stopped');
    expect(at.todo).toEqual([
      'finish stop-reason: the investigation has stopped and passes as a finished spec: compile it without --stage draft',
    ]);
    expect(section(at.text, 'to finish')).toHaveLength(1);
    expect(section(at.text, 'allowed')).toBeUndefined();
    expect(compiler.compile(structuredClone(spec)).diagnostics).toEqual([]);
  });

  it('with no hypothesis left open, says so rather than speak of open hypotheses', () => {
    const spec = parse(specSkeleton({ goal: 'Why?', budget: 5, unit: 'reads', format: 'yaml', schema: SCHEMA })) as Record<string, any>;
    spec['surfaceMap'] = [{ id: 'M1', tool: 'rg', query: 'x', candidateNodes: ['a.py', 'b.py'], evidence: 'Two files.' }];
    spec['hypotheses'] = [
      { id: 'H1', claim: 'A.', priority: 1, cost: 1, status: 'invalidated', candidateNodes: ['a.py'] },
      { id: 'H2', claim: 'B.', priority: 2, cost: 1, status: 'open', candidateNodes: ['b.py', 'a.py'] },
    ];
    spec['deepDives'] = [dive('D1', 'H1', 'a.py', 'invalidates', 'Not A.'), dive('D2', 'H2', 'b.py', 'confirms', 'B.')];
    spec['replanLog'] = [
      { trigger: 'hypothesis_invalidated', hypothesisId: 'H1', decision: 'Test H2.', evidence: 'D1.', afterDeepDive: 'D1' },
    ];
    spec['budget'].used = 2;
    // H2's status is behind D2: it is settled all the same, and no hypothesis is open.
    const at = next(spec);
    expect(at.steps).toMatchObject({ phase: 'stop', nextHypothesis: null });
    expect(at.todo[0]).toMatch(/^fix status-drift: set the status of "H2" to "confirmed"/);
    expect(at.todo[1]).toMatch(/^new-hypotheses hypotheses-ranked: no hypothesis is left open or active/);
    expect(at.text).not.toContain('every open');
  });
});
