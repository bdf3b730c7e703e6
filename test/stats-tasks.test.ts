import fc from 'fast-check';
import type { Code, RootContent, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { visible } from '../src/common/visible.js';
import { createCompiler } from '../src/compile.js';
import type { FileOutcome } from '../src/report/outcome.js';
import { collectStats, collectTasks, passAtK, passHatK, renderStatsJson, renderStatsMarkdown, taskKey } from '../src/stats/index.js';
import { HOSTILE } from './support/hostile-labels.js';
import { markdownTree, plainText, tableRows } from './support/markdown.js';
import { compiledOutcome } from './support/outcomes.js';
import { gateFailingSpec, specWithoutProvenance, validSpec } from './support/specs.js';

const compiler = createCompiler();

/** A spec compiled as `stats` compiles it; given as text when it is not an object. */
function run(path: string, spec: Record<string, any> | string): FileOutcome {
  return compiledOutcome(compiler, path, typeof spec === 'string' ? spec : JSON.stringify(spec));
}

function withGoal(goal: unknown, spec: Record<string, any> = validSpec()): Record<string, any> {
  return { ...spec, goal };
}

function withTask(task: unknown, spec: Record<string, any> = validSpec()): Record<string, any> {
  return { ...spec, 'x-task': task };
}

describe('pass@k and pass^k', () => {
  // n = 5 runs, c = 2 of them pass. pass@k = 1 − C(3, k)/C(5, k): 1 − 3/5, 1 − 3/10, 1 − 1/10, then
  // 1 (no 4 runs are all failures). pass^k = C(2, k)/C(5, k): 2/5, 1/10, then 0.
  it.each([
    [1, 0.4, 0.4],
    [2, 0.7, 0.1],
    [3, 0.9, 0],
    [4, 1, 0],
    [5, 1, 0],
  ])('n = 5, c = 2, k = %i: pass@k %d, pass^k %d', (k, at, hat) => {
    expect(passAtK(5, 2, k)).toBe(at);
    expect(passHatK(5, 2, k)).toBe(hat);
  });

  it('no pass gives 0 and every pass gives 1, for every k up to n', () => {
    for (let k = 1; k <= 5; k++) {
      expect([passAtK(5, 0, k), passHatK(5, 0, k)]).toEqual([0, 0]);
      expect([passAtK(5, 5, k), passHatK(5, 5, k)]).toEqual([1, 1]);
    }
  });

  it('is null when k is more than the runs (or the counts are not counts)', () => {
    expect(passAtK(5, 2, 6)).toBeNull();
    expect(passHatK(5, 2, 6)).toBeNull();
    expect(passAtK(1, 1, 2)).toBeNull();
    expect(passAtK(5, 2, 0)).toBeNull();
    expect(passHatK(5, 6, 1)).toBeNull();
    expect(passAtK(5, 1.5, 1)).toBeNull();
  });

  it('rounds to 4 decimals: n = 20, c = 3, k = 3 is 1 − 680/1140 and 1/1140', () => {
    expect(passAtK(20, 3, 3)).toBe(0.4035);
    expect(passHatK(20, 3, 3)).toBe(0.0009);
    // n = 9, c = 4, k = 2: 1 − C(5, 2)/C(9, 2) = 1 − 10/36; C(4, 2)/C(9, 2) = 6/36.
    expect(passAtK(9, 4, 2)).toBe(0.7222);
    expect(passHatK(9, 4, 2)).toBe(0.1667);
  });

  it('stays finite and exact where factorials would overflow', () => {
    expect(passAtK(100_000, 50_000, 100)).toBe(1);
    expect(passHatK(100_000, 50_000, 100)).toBe(0);
    expect(passAtK(100_000, 1, 1)).toBe(0);
    expect(passAtK(100_000, 1, 50_000)).toBe(0.5);
    expect(passHatK(100_000, 99_999, 1)).toBe(1);
  });

  it('agrees with the binomial formula on small counts (fast-check)', () => {
    const choose = (n: number, k: number): number => {
      let result = 1;
      for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
      return k < 0 || k > n ? 0 : result;
    };
    const round = (value: number) => Math.round(value * 10000) / 10000;
    const counts = fc
      .integer({ min: 1, max: 30 })
      .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }), fc.integer({ min: 1, max: n })));
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        expect(passAtK(n, c, k)).toBeCloseTo(round(1 - choose(n - c, k) / choose(n, k)), 4);
        expect(passHatK(n, c, k)).toBeCloseTo(round(choose(c, k) / choose(n, k)), 4);
        // At least one pass among k is never less likely than all k passing.
        expect(passAtK(n, c, k) as number).toBeGreaterThanOrEqual(passHatK(n, c, k) as number);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});

describe('which task a spec is a run of', () => {
  it('is x-task when it is a string that is not blank, else the goal, white space trimmed and collapsed', () => {
    expect(taskKey(run('a.json', withTask('billing-rounding')))).toBe('billing-rounding');
    expect(taskKey(run('a.json', withTask('  billing\n\t rounding ')))).toBe('billing rounding');
    expect(taskKey(run('a.json', withGoal('Find the\n  rounding\u0085bug. ')))).toBe('Find the rounding bug.');
    const goal = validSpec().goal;
    expect(taskKey(run('a.json', withTask(' \n ')))).toBe(goal);
    expect(taskKey(run('a.json', withTask(42)))).toBe(goal);
    expect(taskKey(run('a.json', withTask(null)))).toBe(goal);
  });

  it('keeps letter case', () => {
    expect(taskKey(run('a.json', withGoal('Fix the US rates')))).not.toBe(taskKey(run('b.json', withGoal('fix the us rates'))));
  });

  it('is none for a spec without a report or without a goal', () => {
    expect(taskKey(run('a.json', '{not json'))).toBeNull();
    expect(taskKey(run('a.json', '[]'))).toBeNull();
    // No goal is critical input (exit 4, no report), x-task or not.
    expect(taskKey(run('a.json', withTask('t', withGoal(undefined))))).toBeNull();
    // A goal of the wrong type fails the schema, so the report exists, but it names no task.
    const numberGoal = run('a.json', withGoal(7));
    expect(numberGoal.report).not.toBeNull();
    expect(taskKey(numberGoal)).toBeNull();
    expect(taskKey(run('a.json', withTask('t', withGoal(7))))).toBe('t');
  });

  it('x-task is extension data: it draws no unknown-field warning', () => {
    expect(run('a.json', withTask('billing-rounding')).diagnostics).toEqual([]);
  });
});

const goal = 'Find where the billing service rounds invoice totals.';
const corpus: FileOutcome[] = [
  // Task "refund-retry": 6 runs, 2 pass (r1, r6); the failures are dive-selective (3) and finding-provenance (1).
  run('r1.json', withTask('refund-retry')),
  run('r2.json', withTask('refund-retry', gateFailingSpec())),
  run('r3.json', withTask('refund-retry ', gateFailingSpec('curl'))),
  run('r4.json', withTask('refund-retry', specWithoutProvenance())),
  run('r5.json', withTask('\nrefund-retry', gateFailingSpec())),
  run('r6.json', withTask('refund-retry')),
  // The goal, written three ways: one task of 3 runs.
  run('g1.json', withGoal(goal)),
  run('g2.json', withGoal(`  ${goal.replaceAll(' ', '\n   ')}`, gateFailingSpec())),
  run('g3.json', withGoal(goal.replaceAll(' ', ' \t '))),
  // In no task.
  run('bad.json', '{"goal": '),
  run('nogoal.json', withGoal('')),
];
describe('runs of the same task', () => {
  const stats = collectStats(corpus, { k: [5, 1, 3, 3] });

  it('groups by x-task, else by the goal, in code-unit order of the key, and counts the rest as unassigned', () => {
    expect(stats.kValues).toEqual([1, 3, 5]);
    expect(stats.tasks.map((task) => [task.task, task.runs, task.passes, task.passRate])).toEqual([
      [goal, 3, 2, 0.6667],
      ['refund-retry', 6, 2, 0.3333],
    ]);
    expect(stats.unassigned).toBe(2);
  });

  it('gives pass@k and pass^k per k, null past the runs', () => {
    const [byGoal, refund] = stats.tasks;
    expect(byGoal?.passAtK).toEqual([
      { k: 1, value: 0.6667 },
      { k: 3, value: 1 },
      { k: 5, value: null },
    ]);
    expect(byGoal?.passHatK).toEqual([
      { k: 1, value: 0.6667 },
      { k: 3, value: 0 },
      { k: 5, value: null },
    ]);
    // n = 6, c = 2: pass@3 = 1 − C(4, 3)/C(6, 3) = 1 − 4/20; pass@5 = 1 − 0; pass^3 = 0.
    expect(refund?.passAtK.map(({ value }) => value)).toEqual([0.3333, 0.8, 1]);
    expect(refund?.passHatK.map(({ value }) => value)).toEqual([0.3333, 0, 0]);
  });

  it('names the rules that fail most runs of a task: runs descending, then rule id', () => {
    expect(stats.tasks[1]?.failingRules).toEqual([
      { ruleId: 'dive-selective', runs: 3 },
      { ruleId: 'finding-provenance', runs: 1 },
    ]);
    expect(stats.tasks[0]?.failingRules).toEqual([{ ruleId: 'dive-selective', runs: 1 }]);
  });

  it('counts warnings and suppressed errors as no failure', () => {
    const suppressed: FileOutcome = {
      ...corpus[1]!,
      verdict: 'pass',
      diagnostics: corpus[1]!.diagnostics.map((d) => ({ ...d, suppressed: { baseline: 'b.json' } })),
    };
    const warned: FileOutcome = {
      ...corpus[0]!,
      diagnostics: [{ ruleId: 'unknown-field', severity: 'warning', message: 'm', path: '/x' }],
    };
    const { tasks } = collectTasks([suppressed, warned], [1]);
    expect(tasks).toEqual([
      {
        task: 'refund-retry',
        runs: 2,
        passes: 2,
        passRate: 1,
        passAtK: [{ k: 1, value: 1 }],
        passHatK: [{ k: 1, value: 1 }],
        failingRules: [],
      },
    ]);
  });

  it('has the default k values 1, 3 and 5, and leaves out k that are not positive whole numbers', () => {
    expect(collectStats(corpus).kValues).toEqual([1, 3, 5]);
    expect(collectStats(corpus, { k: [2, 0, -1, 1.5, 2] }).kValues).toEqual([2]);
  });

  it('gives the same bytes for every order of the files', () => {
    const json = renderStatsJson(stats);
    const markdown = renderStatsMarkdown(stats);
    fc.assert(
      fc.property(fc.shuffledSubarray(corpus, { minLength: corpus.length, maxLength: corpus.length }), (shuffled) => {
        const again = collectStats(shuffled, { k: [1, 3, 5] });
        expect(renderStatsJson(again)).toBe(json);
        expect(renderStatsMarkdown(again)).toBe(markdown);
      }),
      { seed: 13, numRuns: 30 },
    );
  });

  it('an empty corpus has no task and none unassigned', () => {
    const empty = collectStats([]);
    expect([empty.tasks, empty.unassigned]).toEqual([[], 0]);
  });
});

/** The section's blocks, from its heading to the end of the document (it is the last section). */
function section(markdown: string): RootContent[] {
  const children = markdownTree(markdown).children;
  const at = children.findIndex((node) => node.type === 'heading' && plainText(node) === 'Runs of the same task');
  return at < 0 ? [] : children.slice(at);
}

function rows(blocks: RootContent[]): string[][] {
  const table = blocks.find((node): node is Table => node.type === 'table');
  return table === undefined ? [] : tableRows(table, 'backticks');
}

describe('the Markdown section "Runs of the same task"', () => {
  const stats = collectStats(corpus, { k: [1, 3, 5] });
  const blocks = section(renderStatsMarkdown(stats));

  it('says what a task is and how many there are, then a table of every task and a chart', () => {
    expect(plainText(blocks[1], 'backticks')).toBe(
      'Specs with the same `x-task` (else the same goal) are runs of one task. 2 tasks, 2 of them with more than one run; ' +
        '2 specs in no task (no report, or neither x-task nor a goal).',
    );
    expect(rows(blocks)).toEqual([
      ['Task', 'Runs', 'Passes', 'Pass rate', 'pass@1', 'pass@3', 'pass@5', 'pass^1', 'pass^3', 'pass^5', 'Most failing rules'],
      [goal, '3', '2', '0.6667', '0.6667', '1', '—', '0.6667', '0', '—', '`dive-selective` (1)'],
      ['refund-retry', '6', '2', '0.3333', '0.3333', '0.8', '1', '0.3333', '0', '0', '`dive-selective` (3), `finding-provenance` (1)'],
    ]);
    const charts = blocks.filter((node): node is Code => node.type === 'code');
    expect(charts.map((chart) => chart.lang)).toEqual(['mermaid']);
    expect(charts[0]?.value).toContain('bar [0.6667, 0.3333]');
  });

  it('has as many columns as k values', () => {
    const header = rows(section(renderStatsMarkdown(collectStats(corpus, { k: [2] }))))[0];
    expect(header).toEqual(['Task', 'Runs', 'Passes', 'Pass rate', 'pass@2', 'pass^2', 'Most failing rules']);
  });

  it('names at most three failing rules in a cell, then how many more', () => {
    const failing = validSpec();
    failing.deepDives[0].tool = 'WebFetch';
    failing.deepDives[1].provenance = '[GUESS]';
    failing.hypotheses[0].status = 'done';
    failing.stopCondition.reason = 'tired';
    const task = collectStats([run('a.json', withTask('t', failing))]).tasks[0];
    expect(task?.failingRules.length).toBeGreaterThan(3);
    const cell = rows(section(renderStatsMarkdown(collectStats([run('a.json', withTask('t', failing))]))))[1]?.at(-1);
    expect(cell).toBe(
      `${task?.failingRules
        .slice(0, 3)
        .map(({ ruleId }) => `\`${ruleId}\` (1)`)
        .join(', ')}, … ${(task?.failingRules.length ?? 0) - 3} more`,
    );
  });

  it('without any task, says so and draws no table or chart', () => {
    const none = section(renderStatsMarkdown(collectStats([run('bad.json', '{')])));
    expect(none.map((node) => node.type)).toEqual(['heading', 'paragraph']);
    expect(plainText(none[1], 'backticks')).toContain('0 tasks, 0 of them with more than one run; 1 spec in no task');
  });

  it('keeps a table of hostile task names whole: one row of eleven cells each, the name as visible text', () => {
    const files = HOSTILE.map((name, index) => run(`h${index}.json`, withTask(name)));
    const found = rows(section(renderStatsMarkdown(collectStats(files))));
    const stats = collectStats(files);
    expect(found).toHaveLength(1 + stats.tasks.length);
    for (const row of found) expect(row).toHaveLength(11);
    expect(found.slice(1).map((row) => row[0])).toEqual(stats.tasks.map((task) => visible(task.task).trim()));
    // Nothing in a name became markup: each name cell holds text nodes only.
    const table = section(renderStatsMarkdown(stats)).find((node): node is Table => node.type === 'table');
    for (const row of table?.children.slice(1) ?? []) expect(row.children[0]?.children.map((node) => node.type)).toEqual(['text']);
  });
});
