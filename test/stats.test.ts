import fc from 'fast-check';
import type { Code, Heading, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import { countsOf, type FileOutcome } from '../src/report/outcome.js';
import type { Report } from '../src/report/types.js';
import { collectStats, renderStatsJson, renderStatsMarkdown, type Stats } from '../src/stats/index.js';
import { markdownTree, plainText, tableRows } from './support/markdown.js';
import { fixtureOutcomes } from './support/outcomes.js';

interface Made {
  exitCode: 0 | 1 | 3 | 4;
  stopReason?: string | null;
  used?: number | null;
  total?: number | null;
  replans?: number;
  diagnostics?: Array<[string, 'error' | 'warning']>;
  discovery?: unknown;
}

/** A compile outcome with just the parts collectStats reads; exit codes 3 and 4 have no report. */
function outcome(path: string, made: Made): FileOutcome {
  const diagnostics: Diagnostic[] = (made.diagnostics ?? []).map(([ruleId, severity]) => ({ ruleId, severity, message: 'm', path: '' }));
  const verdict = made.exitCode === 0 ? 'pass' : 'fail';
  if (made.exitCode === 3 || made.exitCode === 4) {
    return {
      path,
      exitCode: made.exitCode,
      verdict: 'fail',
      diagnostics,
      counts: countsOf(diagnostics, null),
      error: { code: 'INPUT_ERROR', subcode: 'JSON_SYNTAX', message: 'm' },
      report: null,
    };
  }
  const investigation: Record<string, unknown> = { replanLog: Array.from({ length: made.replans ?? 0 }, () => ({})) };
  if (made.discovery !== undefined) investigation['discovery'] = made.discovery;
  const report = {
    verdict,
    summary: {
      stopReason: made.stopReason ?? null,
      budget: { used: made.used ?? null, total: made.total ?? null, unit: 'reads', remaining: null },
      counts: { replans: made.replans ?? 0 },
    },
    diagnostics,
    investigation,
  } as unknown as Report;
  return { path, exitCode: made.exitCode, verdict, diagnostics, counts: countsOf(diagnostics, null), error: null, report };
}

function cycle(newSignals: unknown, events: Array<[string, number]>): Record<string, unknown> {
  return {
    cycle: 1,
    keywords: [],
    newSignals,
    events: events.map(([phase, tokens]) => ({ phase, tokens, candidates: 0, filesRead: 0, wallTimeMs: 0 })),
  };
}

/** A hand-made corpus whose figures are worked out in the test below. */
const corpus: FileOutcome[] = [
  outcome('a.json', { exitCode: 0, stopReason: 'goal_resolved', used: 2, total: 8, replans: 0, diagnostics: [['dive-order', 'warning']] }),
  outcome('b.json', {
    exitCode: 1,
    stopReason: 'budget_exhausted',
    used: 6,
    total: 6,
    replans: 2,
    diagnostics: [
      ['schema', 'error'],
      ['schema', 'error'],
      ['dive-grounded', 'error'],
    ],
  }),
  outcome('c.json', {
    exitCode: 1,
    stopReason: 'goal_resolved',
    used: 9,
    total: 6,
    replans: 1,
    diagnostics: [['dive-grounded', 'error']],
    discovery: {
      cycles: [
        cycle(2, [
          ['forage', 300],
          ['focus', 1000],
        ]),
        cycle(0, [
          ['forage', 100],
          ['deepen', 50],
        ]),
        cycle(1, [
          ['focus', 1000],
          ['forage', -5],
        ]),
      ],
      stop: { reason: 'evidence_sufficient', evidence: 'e' },
    },
  }),
  outcome('d.json', {
    exitCode: 0,
    stopReason: 'escalated',
    used: 0,
    total: 10,
    replans: 0,
    discovery: {
      cycles: [
        cycle(0, [
          ['forage', 500],
          ['focus', 300],
        ]),
        cycle(0, []),
      ],
      stop: { reason: 'no_new_signal', evidence: 'e' },
    },
  }),
  outcome('e.json', {
    exitCode: 0,
    stopReason: null,
    used: null,
    total: 6,
    replans: 5,
    discovery: { cycles: [], stop: { reason: 'evidence_sufficient' } },
  }),
  outcome('f.json', { exitCode: 3 }),
  outcome('g.json', { exitCode: 4, diagnostics: [['critical-input', 'error']] }),
  outcome('h.json', {
    exitCode: 0,
    stopReason: 'goal_resolved',
    used: 3,
    total: 6,
    replans: 1,
    discovery: { cycles: [null, { newSignals: 'x', events: 'y' }], stop: 3 },
  }),
  outcome('i.json', { exitCode: 0, stopReason: 'goal_resolved', used: 1, total: 0, replans: 1, discovery: 'not a block' }),
];

describe('collectStats on a hand-made corpus', () => {
  const stats = collectStats(corpus);

  it('counts files, verdicts and exit codes', () => {
    expect(stats.statsVersion).toBe(1);
    expect(stats.files).toBe(9);
    expect(stats.investigations).toBe(7);
    expect(stats.verdicts).toEqual({ pass: 5, fail: 4 });
    expect(stats.exitCodes).toEqual({ '0': 5, '1': 2, '3': 1, '4': 1 });
  });

  it('counts stop reasons, most frequent first, missing last', () => {
    expect(stats.stopReasons).toEqual([
      { reason: 'goal_resolved', count: 4 },
      { reason: 'budget_exhausted', count: 1 },
      { reason: 'escalated', count: 1 },
      { reason: null, count: 1 },
    ]);
  });

  it('buckets budget use (75–100% includes 100%; no usable total is unknown)', () => {
    expect(stats.budgetUse.buckets.map(({ bucket, count }) => [bucket, count])).toEqual([
      ['0-25', 1],
      ['25-50', 1],
      ['50-75', 1],
      ['75-100', 1],
      ['over-100', 1],
      ['unknown', 2],
    ]);
    // Ratios 0, 0.25, 0.5, 1, 1.5.
    expect(stats.budgetUse.ratio).toEqual({ count: 5, median: 0.5, mean: 0.65 });
  });

  it('summarizes replans per investigation', () => {
    expect(stats.replans).toEqual({
      count: 7,
      min: 0,
      median: 1,
      max: 5,
      mean: 1.4286,
      histogram: [
        { value: 0, count: 2 },
        { value: 1, count: 3 },
        { value: 2, count: 1 },
        { value: 5, count: 1 },
      ],
    });
  });

  it('counts rule failures by files, then diagnostics, then id', () => {
    expect(stats.rules).toEqual([
      { ruleId: 'dive-grounded', files: 2, diagnostics: 2, errors: 2, warnings: 0 },
      { ruleId: 'schema', files: 1, diagnostics: 2, errors: 2, warnings: 0 },
      { ruleId: 'critical-input', files: 1, diagnostics: 1, errors: 1, warnings: 0 },
      { ruleId: 'dive-order', files: 1, diagnostics: 1, errors: 0, warnings: 1 },
    ]);
  });

  it('reads the discovery blocks, skipping odd shapes', () => {
    expect(stats.discovery).toEqual({
      investigations: 4,
      cycles: 6,
      stopReasons: [
        { reason: 'evidence_sufficient', count: 2 },
        { reason: 'no_new_signal', count: 1 },
        { reason: null, count: 1 },
      ],
      // c stopped after 3 cycles, e after none.
      cyclesToSuccess: {
        count: 2,
        min: 0,
        median: 1.5,
        max: 3,
        mean: 1.5,
        histogram: [
          { value: 0, count: 1 },
          { value: 3, count: 1 },
        ],
      },
      // c: 400 / 2000 = 0.2 (the negative token count is skipped); d: 500 / 300 = 1.6667; e and h spent no focus tokens.
      forageFocusTokenRatio: { count: 2, median: 0.9333, mean: 0.9333 },
      // Cycles with a numeric newSignals: c (2, 0, 1) and d (0, 0).
      zeroSignalRate: 0.6,
    });
  });

  it('gives empty distributions for an empty corpus', () => {
    const empty = collectStats([]);
    expect(empty.files).toBe(0);
    expect(empty.replans).toEqual({ count: 0, min: null, median: null, max: null, mean: null, histogram: [] });
    expect(empty.discovery.zeroSignalRate).toBeNull();
    expect(empty.budgetUse.buckets.every((bucket) => bucket.count === 0)).toBe(true);
    const markdown = renderStatsMarkdown(empty);
    expect(codeBlocks(markdown)).toEqual([]);
    expect(markdown).toContain('No investigations.');
    expect(markdown).toContain('No spec has a discovery block.');
    expect(markdown).toContain('0 tasks, 0 of them with more than one run; 0 specs in no task');
  });
});

describe('determinism', () => {
  // collectStats does not depend on the order of its input at all: every figure is a count or a
  // distribution, and every list is sorted by its own key. The CLI passes files in expandInputs
  // order (folders and globs sorted by path), but no ordering is assumed.
  it('gives the same bytes for every order of the files', () => {
    const json = renderStatsJson(collectStats(corpus));
    const markdown = renderStatsMarkdown(collectStats(corpus));
    fc.assert(
      fc.property(fc.shuffledSubarray(corpus, { minLength: corpus.length, maxLength: corpus.length }), (shuffled) => {
        const stats = collectStats(shuffled);
        expect(renderStatsJson(stats)).toBe(json);
        expect(renderStatsMarkdown(stats)).toBe(markdown);
      }),
      { seed: 11, numRuns: 50 },
    );
    expect(renderStatsJson(collectStats([...corpus].reverse()))).toBe(json);
  });

  it('does not modify its input', () => {
    const before = JSON.stringify(corpus);
    collectStats(corpus);
    expect(JSON.stringify(corpus)).toBe(before);
  });
});

function codeBlocks(markdown: string): Code[] {
  return markdownTree(markdown).children.filter((node): node is Code => node.type === 'code');
}

describe('renderStatsJson', () => {
  it('is 2-space JSON with sorted keys and one trailing newline, round-tripping the stats', () => {
    const stats = collectStats(corpus);
    const json = renderStatsJson(stats);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.endsWith('\n\n')).toBe(false);
    expect(json.split('\n')[1]).toMatch(/^ {2}"/);
    const parsed = JSON.parse(json) as Stats;
    expect(parsed).toEqual(stats);
    const check = (value: unknown): void => {
      if (Array.isArray(value)) {
        for (const item of value) check(item);
        return;
      }
      if (value === null || typeof value !== 'object') return;
      const keys = Object.keys(value);
      expect(keys).toEqual([...keys].sort());
      Object.values(value).forEach(check);
    };
    check(parsed);
  });
});

describe('renderStatsMarkdown', () => {
  const stats = collectStats(corpus);
  const markdown = renderStatsMarkdown(stats);
  const root = markdownTree(markdown);
  const headings = root.children.filter((node): node is Heading => node.type === 'heading').map((heading) => plainText(heading));
  const tables = root.children.filter((node): node is Table => node.type === 'table');

  it('has a section per figure', () => {
    expect(headings).toEqual([
      'Investigation corpus statistics',
      'Kinds of files',
      'Verdicts',
      'Exit codes',
      'Stop reasons',
      'Budget use',
      'Replans per investigation',
      'Rules',
      'Discovery',
      'Runs of the same task',
    ]);
    expect(markdown.endsWith('\n')).toBe(true);
    expect(markdown).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('has the tables', () => {
    const byHeader = new Map(tables.map((table) => [tableRows(table)[0]?.join('|'), tableRows(table)]));
    expect(byHeader.get('Verdict|Files')).toEqual([
      ['Verdict', 'Files'],
      ['pass', '5'],
      ['fail', '4'],
    ]);
    expect(byHeader.get('Exit code|Files')?.slice(1)).toEqual([
      ['0', '5'],
      ['1', '2'],
      ['3', '1'],
      ['4', '1'],
    ]);
    expect(byHeader.get('Stop reason|Investigations|Share')?.slice(1, 3)).toEqual([
      ['goal_resolved', '4', '57.1%'],
      ['budget_exhausted', '1', '14.3%'],
    ]);
    expect(
      byHeader
        .get('Budget used|Investigations')
        ?.slice(1)
        .map((row) => row[1]),
    ).toEqual(['1', '1', '1', '1', '1', '2']);
    expect(byHeader.get('Rule|Files|Diagnostics|Errors|Warnings')?.[1]).toEqual(['dive-grounded', '2', '2', '2', '0']);
    expect(byHeader.get('Discovery stop reason|Investigations|Share')?.slice(1)).toEqual([
      ['evidence_sufficient', '2', '50%'],
      ['no_new_signal', '1', '25%'],
      ['none', '1', '25%'],
    ]);
    expect(byHeader.get('Measure|Value')).toContainEqual(['Zero-signal rate (cycles without new signals)', '0.6']);
    expect(byHeader.get('Replans|Investigations')?.slice(1)).toEqual([
      ['0', '2'],
      ['1', '3'],
      ['2', '1'],
      ['5', '1'],
    ]);
  });

  it('has a mermaid pie of stop reasons and a bar chart of budget use', () => {
    const blocks = codeBlocks(markdown);
    expect(blocks.map((block) => block.lang)).toEqual(['mermaid', 'mermaid']);
    const [pie, bars] = blocks.map((block) => block.value);
    expect(pie).toBe(
      [
        'pie showData',
        '  title Stop reasons',
        '  "goal_resolved" : 4',
        '  "budget_exhausted" : 1',
        '  "escalated" : 1',
        '  "none" : 1',
      ].join('\n'),
    );
    expect(bars).toContain('xychart-beta');
    expect(bars).toContain('x-axis ["0–25#37;", "25–50#37;", "50–75#37;", "75–100#37;", "over 100#37;", "unknown"]');
    expect(bars).toContain('bar [1, 1, 1, 1, 1, 2]');
  });

  it('keeps hostile stop reasons inside their cell and their slice', () => {
    const hostile = collectStats([outcome('x.json', { exitCode: 0, stopReason: 'a | b\n"c" `d` #e; <f>', used: 1, total: 2 })]);
    const output = renderStatsMarkdown(hostile);
    const reasons = markdownTree(output)
      .children.filter((node): node is Table => node.type === 'table')
      .find((table) => tableRows(table)[0]?.[0] === 'Stop reason');
    expect(reasons && tableRows(reasons)[1]).toEqual(['a | b "c" `d` #e; <f>', '1', '100%']);
    expect(codeBlocks(output)[0]?.value).toContain('"a #124; b #quot;c#quot; #96;d#96; #35;e#59; #lt;f#gt;" : 1');
  });
});

describe('the fixture corpus', () => {
  it('has stats for every fixture, with the discovery fixtures', () => {
    const outcomes = fixtureOutcomes();
    const stats = collectStats(outcomes);
    expect(stats.files).toBe(outcomes.length);
    expect(stats.investigations).toBe(outcomes.filter((file) => file.report !== null).length);
    expect(stats.verdicts.pass + stats.verdicts.fail).toBe(stats.files);
    expect(stats.exitCodes['3']).toBeGreaterThan(0);
    expect(stats.exitCodes['4']).toBeGreaterThan(0);
    expect(stats.discovery.investigations).toBeGreaterThan(0);
    expect(stats.budgetUse.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(stats.investigations);
    expect(renderStatsJson(collectStats([...outcomes].reverse()))).toBe(renderStatsJson(stats));
  });
});
