import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { discoverySection, phaseSummary } from '../src/render/discovery-section.js';
import { discoveryMetrics } from '../src/report/discovery-metrics.js';
import { exampleDiscovery } from '../src/rules/discovery/example.js';
import { discoveryRules } from '../src/rules/discovery/index.js';
import { isTestFile } from '../src/rules/discovery/support.js';
import { validSpec } from './support/specs.js';

type Spec = ReturnType<typeof validSpec>;
type Expected = Array<[ruleId: string, path: string]>;

const gate = createCompiler();

function diagnose(spec: Spec): Expected {
  return gate.compile(spec).diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path]);
}

/** The base spec with the example discovery block: two cycles, refined keywords, evidence_sufficient. */
function withDiscovery(mutate: (spec: Spec, discovery: any) => void = () => {}): Spec {
  const spec = validSpec();
  spec['discovery'] = exampleDiscovery();
  mutate(spec, spec['discovery']);
  return spec;
}

function barrenCycle(cycle: number, keyword: string): any {
  return {
    cycle,
    keywords: [keyword],
    events: [
      { phase: 'forage', keyword, candidates: 1, filesRead: 0, tokens: 100, wallTimeMs: 10, files: ['billing/legacy/round.js'] },
      { phase: 'focus', candidates: 1, filesRead: 1, tokens: 500, wallTimeMs: 50, files: ['billing/legacy/round.js'] },
    ],
    newSignals: 0,
  };
}

describe('a valid discovery block', () => {
  it('passes the whole gate with no diagnostic', () => {
    const result = gate.compile(withDiscovery());
    expect(result.diagnostics).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
  it('accepts extension keys inside the block', () => {
    expect(
      diagnose(withDiscovery((_s, d) => ((d['x-run'] = 7), (d.cycles[0]['x-note'] = 'cold cache'), (d.cycles[1].events[0]['x-ms'] = 3)))),
    ).toEqual([]);
  });
  it('registers the five rules in catalog order', () => {
    expect(discoveryRules.map((rule) => rule.meta.id)).toEqual([
      'discovery-limits',
      'discovery-phases',
      'discovery-refine',
      'discovery-stop',
      'discovery-focus-priority',
    ]);
    expect(discoveryRules.every((rule) => rule.meta.criterion === 'discovery')).toBe(true);
  });
});

const cases: Array<{ rule: string; title: string; mutate: (spec: Spec, discovery: any) => void; expected: Expected }> = [
  // discovery-limits
  {
    rule: 'discovery-limits',
    title: 'more cycles than maxCycles',
    mutate: (_s, d) => (d.limits.maxCycles = 1),
    expected: [['discovery-limits', '/discovery/cycles/1']],
  },
  {
    rule: 'discovery-limits',
    title: 'more cycles than maxCycles, stopped with max_cycles: one diagnostic',
    mutate: (_s, d) => ((d.limits.maxCycles = 1), (d.stop.reason = 'max_cycles')),
    expected: [['discovery-limits', '/discovery/cycles/1']],
  },
  {
    rule: 'discovery-limits',
    title: 'a cycle over its token budget',
    mutate: (_s, d) => (d.limits.cycleTokenBudget = 2000),
    expected: [['discovery-limits', '/discovery/cycles/1']],
  },
  {
    rule: 'discovery-limits',
    title: 'forage keeps more than topK',
    mutate: (_s, d) => (d.limits.topK = 1),
    expected: [['discovery-limits', '/discovery/cycles/1/events/0/candidates']],
  },
  {
    rule: 'discovery-limits',
    title: 'focusK judges filesRead, which is 1 in every focus',
    mutate: (_s, d) => (d.limits.focusK = 1),
    expected: [],
  },
  {
    rule: 'discovery-limits',
    title: 'focus reads more than focusK (2 of 1)',
    mutate: (_s, d) => ((d.limits.focusK = 1), (d.cycles[0].events[1].filesRead = 2)),
    expected: [['discovery-limits', '/discovery/cycles/0/events/1/filesRead']],
  },
  {
    rule: 'discovery-limits',
    title: 'deepen follows more hops than deepenHops',
    mutate: (_s, d) => (d.limits.deepenHops = 0),
    expected: [['discovery-limits', '/discovery/cycles/1/events/3/hops']],
  },
  {
    rule: 'discovery-limits',
    title: 'a deepen event without hops is not judged on hops',
    mutate: (_s, d) => ((d.limits.deepenHops = 0), delete d.cycles[1].events[3].hops),
    expected: [],
  },
  // discovery-phases
  {
    rule: 'discovery-phases',
    title: 'focus before forage',
    mutate: (_s, d) => d.cycles[0].events.reverse(),
    expected: [['discovery-phases', '/discovery/cycles/0/events/0/phase']],
  },
  {
    rule: 'discovery-phases',
    title: 'deepen before focus: only the first event out of order',
    mutate: (_s, d) => {
      const [a, b, focus, deepen] = d.cycles[1].events;
      d.cycles[1].events = [a, b, deepen, focus];
    },
    expected: [['discovery-phases', '/discovery/cycles/1/events/2/phase']],
  },
  {
    rule: 'discovery-phases',
    title: 'a second focus',
    mutate: (_s, d) => d.cycles[0].events.push({ ...d.cycles[0].events[1] }),
    expected: [['discovery-phases', '/discovery/cycles/0/events/2/phase']],
  },
  {
    rule: 'discovery-phases',
    title: 'forage after focus',
    mutate: (_s, d) => d.cycles[1].events.push({ ...d.cycles[1].events[0] }),
    expected: [['discovery-phases', '/discovery/cycles/1/events/4/phase']],
  },
  {
    rule: 'discovery-phases',
    title: 'a cycle without focus',
    mutate: (_s, d) => d.cycles[0].events.pop(),
    expected: [['discovery-phases', '/discovery/cycles/0/events']],
  },
  {
    rule: 'discovery-phases',
    title: 'a cycle with no events',
    mutate: (_s, d) => (d.cycles[0].events = []),
    expected: [['discovery-phases', '/discovery/cycles/0/events']],
  },
  {
    rule: 'discovery-phases',
    title: 'a cycle without forage',
    mutate: (_s, d) => (d.cycles[0].events = [d.cycles[0].events[1]]),
    expected: [['discovery-phases', '/discovery/cycles/0/events']],
  },
  {
    rule: 'discovery-phases',
    title: 'forage reads a file',
    mutate: (_s, d) => (d.cycles[1].events[1].filesRead = 1),
    expected: [['discovery-phases', '/discovery/cycles/1/events/1/filesRead']],
  },
  {
    rule: 'discovery-phases',
    title: 'a skipped cycle number',
    mutate: (_s, d) => (d.cycles[1].cycle = 3),
    expected: [['discovery-phases', '/discovery/cycles/1/cycle']],
  },
  {
    rule: 'discovery-phases',
    title: 'numbering from 2: one diagnostic',
    mutate: (_s, d) => ((d.cycles[0].cycle = 2), (d.cycles[1].cycle = 3)),
    expected: [['discovery-phases', '/discovery/cycles/0/cycle']],
  },
  {
    rule: 'discovery-phases',
    title: 'a repeated cycle number',
    mutate: (_s, d) => (d.cycles[1].cycle = 1),
    expected: [['discovery-phases', '/discovery/cycles/1/cycle']],
  },
  // discovery-refine
  {
    rule: 'discovery-refine',
    title: 'the same keywords in another order are the same set',
    mutate: (_s, d) => (d.cycles[1].keywords = ['toFixed']),
    expected: [['discovery-refine', '/discovery/cycles/1/keywords']],
  },
  {
    rule: 'discovery-refine',
    title: 'a repeated keyword is still the same set',
    mutate: (_s, d) => (d.cycles[1].keywords = ['toFixed', 'toFixed']),
    expected: [['discovery-refine', '/discovery/cycles/1/keywords']],
  },
  {
    rule: 'discovery-refine',
    title: 'a superset is a refinement',
    mutate: (_s, d) => (d.cycles[1].keywords = ['toFixed', 'roundMoney']),
    expected: [],
  },
  {
    rule: 'discovery-refine',
    title: 'a third cycle going back to the first keywords',
    mutate: (_s, d) => {
      d.cycles.push({ ...barrenCycle(3, 'toFixed'), newSignals: 1 });
    },
    expected: [['discovery-refine', '/discovery/cycles/2/keywords']],
  },
  // discovery-stop
  {
    rule: 'discovery-stop',
    title: 'no_new_signal after a cycle with new signals',
    mutate: (_s, d) => (d.stop.reason = 'no_new_signal'),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'no_new_signal after fewer cycles than noNewSignalCycles',
    mutate: (_s, d) => ((d.stop.reason = 'no_new_signal'), (d.cycles[1].newSignals = 0), (d.limits.noNewSignalCycles = 3)),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'no_new_signal after enough barren cycles',
    mutate: (_s, d) => ((d.stop.reason = 'no_new_signal'), (d.cycles[1].newSignals = 0)),
    expected: [],
  },
  {
    rule: 'discovery-stop',
    title: 'no_new_signal with an earlier cycle that found something',
    mutate: (_s, d) => ((d.stop.reason = 'no_new_signal'), d.cycles.push(barrenCycle(3, 'legacy'))),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'budget_exhausted in reads: maxCycles × cycleTokenBudget not reached',
    mutate: (_s, d) => (d.stop.reason = 'budget_exhausted'),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'budget_exhausted in reads: maxCycles × cycleTokenBudget reached',
    mutate: (_s, d) => (
      (d.stop.reason = 'budget_exhausted'),
      (d.limits.maxCycles = 2),
      (d.limits.cycleTokenBudget = 3000),
      (d.cycles[0].events[1].tokens = 2750)
    ),
    expected: [],
  },
  {
    rule: 'discovery-stop',
    title: 'budget_exhausted in tokens: budget.total not reached',
    mutate: (s, d) => {
      s.budget = { total: 9000, used: 3000, unit: 'tokens' };
      s.deepDives.forEach((dive: any) => (dive.tokens = 1000));
      d.stop.reason = 'budget_exhausted';
    },
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'budget_exhausted in tokens: budget.total reached',
    mutate: (s, d) => {
      s.budget = { total: 4650, used: 3000, unit: 'tokens' };
      s.deepDives.forEach((dive: any) => (dive.tokens = 1000));
      d.stop.reason = 'budget_exhausted';
    },
    expected: [],
  },
  {
    rule: 'discovery-stop',
    title: 'max_cycles short of the limit',
    mutate: (_s, d) => (d.stop.reason = 'max_cycles'),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'max_cycles at the limit',
    mutate: (_s, d) => ((d.stop.reason = 'max_cycles'), (d.limits.maxCycles = 2)),
    expected: [],
  },
  {
    rule: 'discovery-stop',
    title: 'evidence_sufficient after a barren cycle',
    mutate: (_s, d) => (d.cycles[1].newSignals = 0),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  {
    rule: 'discovery-stop',
    title: 'evidence_sufficient with no cycle',
    mutate: (_s, d) => (d.cycles = []),
    expected: [['discovery-stop', '/discovery/stop/reason']],
  },
  // discovery-focus-priority
  {
    rule: 'discovery-focus-priority',
    title: 'focus reads a spec file while the production candidate waits',
    mutate: (_s, d) => {
      d.cycles[1].events.pop();
      d.cycles[1].events[2].files = ['billing/invoice/total.spec.ts'];
    },
    expected: [['discovery-focus-priority', '/discovery/cycles/1/events/2/files/0']],
  },
  {
    rule: 'discovery-focus-priority',
    title: 'every test file read early is reported',
    mutate: (_s, d) => {
      d.cycles[1].events[0].files = [
        'billing/money/decimal.ts',
        'billing/invoice/total.spec.ts',
        'billing/__tests__/round.ts',
        'billing/legacy/round.js',
      ];
      d.cycles[1].events[0].candidates = 3;
      d.cycles[1].events[2].files = ['billing/invoice/total.spec.ts', 'billing/money/decimal.ts', 'billing/__tests__/round.ts'];
    },
    expected: [
      ['discovery-focus-priority', '/discovery/cycles/1/events/2/files/0'],
      ['discovery-focus-priority', '/discovery/cycles/1/events/2/files/2'],
    ],
  },
  {
    rule: 'discovery-focus-priority',
    title: 'a test read in focus is fine when deepen reads the remaining production candidate',
    mutate: (_s, d) => {
      d.cycles[1].events[2].files = ['billing/invoice/total.spec.ts'];
      d.cycles[1].events[3].files = ['billing/money/decimal.ts'];
    },
    expected: [],
  },
  {
    rule: 'discovery-focus-priority',
    title: 'a test read in focus is fine when forage found only tests',
    mutate: (_s, d) => {
      d.cycles[0].events[0].files = ['billing/invoice/total.spec.ts'];
      d.cycles[0].events[1].files = ['billing/invoice/total.spec.ts'];
    },
    expected: [],
  },
];

describe.each(cases)('$rule: $title', ({ mutate, expected }) => {
  it('reports exactly the expected diagnostics', () => {
    expect(diagnose(withDiscovery(mutate))).toEqual(expected);
  });
});

describe('severities and messages', () => {
  it('focus priority is a warning in the gate, so the gate still passes', () => {
    const result = gate.compile(withDiscovery((_s, d) => (d.cycles[0].events[1].files = ['billing/invoice/tests/total.ts'])));
    // cycle 1 foraged only total.ts; focus read a test instead
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.path])).toEqual([
      ['discovery-focus-priority', 'warning', '/discovery/cycles/0/events/1/files/0'],
    ]);
    expect(result.diagnostics[0]?.message).toContain('the scorer put tests first');
    expect(result.exitCode).toBe(0);
  });
  it('say what is wrong and how to fix it', () => {
    const messages = (mutate: (spec: Spec, discovery: any) => void) =>
      gate.compile(withDiscovery(mutate)).diagnostics.map((d) => d.message);
    expect(messages((_s, d) => (d.limits.maxCycles = 1))[0]).toMatch(/2 cycles but limits.maxCycles is 1; stop at the limit/);
    expect(messages((_s, d) => d.cycles[0].events.reverse())[0]).toMatch(/a focus event comes as the first event/);
    expect(messages((_s, d) => (d.cycles[1].keywords = ['toFixed']))[0]).toMatch(
      /same keywords as cycle 1 \("toFixed"\).*refine the keywords/,
    );
    expect(messages((_s, d) => (d.stop.reason = 'budget_exhausted'))[0]).toMatch(
      /spent 4650 of 12000 tokens \(maxCycles × cycleTokenBudget\)/,
    );
    expect(messages((_s, d) => (d.cycles[1].newSignals = 0))[0]).toMatch(
      /evidence_sufficient, but the last cycle \(2\) found no new signal/,
    );
    expect(messages((_s, d) => (d.stop.reason = 'no_new_signal'))[0]).toMatch(
      /cycle 2 found 2 new signals and it is the last cycle, where noNewSignalCycles asks for 2 in a row.*evidence_sufficient/,
    );
  });
});

describe('test and spec files', () => {
  it.each([
    ['src/test/java/App.java', true],
    ['tests/conftest.py', true],
    ['web/__tests__/app.tsx', true],
    ['spec/models/user_spec.rb', true],
    ['billing/total.spec.ts', true],
    ['billing/total.test.js', true],
    ['pkg/parse_test.go', true],
    ['lib\\Tests\\Case.cs', true],
    ['src/testing/helpers.ts', false],
    ['src/spec-view.ts', false],
    ['docs/latest.md', false],
    ['contest.py', false],
    ['billing/specification.md', false],
  ])('%s is a test file: %s', (path, expected) => {
    expect(isTestFile(path)).toBe(expected);
  });
});

describe('odd shapes', () => {
  const odd: unknown[] = [
    'discovery',
    42,
    null,
    [],
    {},
    { limits: 'none', cycles: {}, stop: [] },
    {
      limits: { maxCycles: 0, cycleTokenBudget: -1, topK: 1.5, focusK: '2', deepenHops: null, noNewSignalCycles: true },
      cycles: [],
      stop: { reason: 'done', evidence: '' },
    },
    { ...exampleDiscovery(), cycles: [null, 3, 'cycle', []] },
    {
      ...exampleDiscovery(),
      cycles: [
        {
          cycle: 1,
          keywords: [1],
          events: [{ phase: 'browse', candidates: -1, filesRead: 'x', tokens: NaN, wallTimeMs: 1, files: 'a', hops: -2 }],
          newSignals: -1,
        },
      ],
    },
    { ...exampleDiscovery(), cycles: [{ cycle: 1, keywords: ['a'], events: null, newSignals: 0 }] },
    { ...exampleDiscovery(), stop: { reason: 'evidence_sufficient' } },
  ];
  it.each(odd.map((value, index) => [index, value] as const))('shape %i never throws and only the schema speaks', (_index, value) => {
    const spec = validSpec();
    spec['discovery'] = value;
    const result = gate.compile(spec);
    expect(result.exitCode).toBe(1);
    expect(result.diagnostics.every((d) => d.ruleId === 'schema')).toBe(true);
    expect(() => discoveryMetrics(value)).not.toThrow();
    expect(() => discoverySection(value, discoveryMetrics(value) ?? emptyMetrics)).not.toThrow();
  });
  it('an absent block is fine, and has no metrics', () => {
    expect(diagnose(validSpec())).toEqual([]);
    expect(discoveryMetrics(undefined)).toBeNull();
  });
});

const emptyMetrics = discoveryMetrics({})!;

describe('discovery metrics', () => {
  it('sums the example block', () => {
    expect(discoveryMetrics(exampleDiscovery())).toEqual({
      cycles: 2,
      cyclesToSuccess: 2,
      forageFocusTokenRatio: 0.25,
      filesReadByPhase: { forage: 0, focus: 2, deepen: 1 },
      tokensByPhase: { forage: 750, focus: 3000, deepen: 900 },
      zeroSignal: false,
    });
  });
  it('has no cycles to success unless evidence sufficed, and rounds the ratio to 4 decimals', () => {
    const discovery: any = exampleDiscovery();
    discovery.stop.reason = 'no_new_signal';
    discovery.cycles.forEach((cycle: any) => (cycle.newSignals = 0));
    discovery.cycles[0].events[1].tokens = 1500;
    const metrics = discoveryMetrics(discovery);
    expect(metrics?.cyclesToSuccess).toBeNull();
    expect(metrics?.zeroSignal).toBe(true);
    expect(metrics?.forageFocusTokenRatio).toBe(0.2419);
  });
  it('is null without a block, and robust to odd shapes', () => {
    expect(discoveryMetrics(null)).toBeNull();
    expect(discoveryMetrics('x')).toBeNull();
    expect(discoveryMetrics([])).toBeNull();
    expect(discoveryMetrics({})).toEqual({
      cycles: 0,
      cyclesToSuccess: null,
      forageFocusTokenRatio: null,
      filesReadByPhase: { forage: 0, focus: 0, deepen: 0 },
      tokensByPhase: { forage: 0, focus: 0, deepen: 0 },
      zeroSignal: true,
    });
    expect(
      discoveryMetrics({
        cycles: [
          null,
          {
            newSignals: '3',
            events: [
              null,
              { phase: 'focus', tokens: '5', filesRead: 2 },
              { phase: 'forage', tokens: 3, filesRead: -1 },
              { phase: 'browse', tokens: 9 },
            ],
          },
        ],
        stop: { reason: 'evidence_sufficient' },
      }),
    ).toEqual({
      cycles: 2,
      cyclesToSuccess: 2,
      forageFocusTokenRatio: null,
      filesReadByPhase: { forage: 0, focus: 2, deepen: 0 },
      tokensByPhase: { forage: 3, focus: 0, deepen: 0 },
      zeroSignal: true,
    });
  });
});

describe('the discovery section', () => {
  const markdown = (discovery: unknown): string =>
    unified()
      .use(remarkGfm)
      .use(remarkStringify)
      .stringify({ type: 'root', children: discoverySection(discovery, discoveryMetrics(discovery) ?? emptyMetrics) });

  it('folds runs of a phase', () => {
    expect(phaseSummary(['forage', 'forage', 'focus', 'deepen'])).toBe('forage ×2 → focus → deepen');
    expect(phaseSummary([])).toBe('');
  });

  it('renders the metrics, the stop reason and a table of cycles', () => {
    expect(markdown(exampleDiscovery())).toBe(EXPECTED_SECTION);
  });

  it('renders a block without cycles, and odd values, without throwing', () => {
    const empty = markdown({ limits: {}, cycles: [], stop: { reason: 'no_new_signal', evidence: 'Nothing\nat all.' } });
    expect(empty).toContain('* Stop reason: `no_new_signal` (Nothing at all.)');
    expect(empty).toContain('No discovery cycles.');
    const odd = markdown({ cycles: [null, { cycle: 'x', keywords: [1, 'a|b'], events: [null, { phase: 7 }] }] });
    expect(odd).toContain('| x     | `1`, `a\\|b` | ? → 7  | 0      | 0          |             |');
  });
});

const EXPECTED_SECTION = `## Discovery

* Stop reason: \`evidence_sufficient\` (Cycle 2 found roundMoney() in decimal.ts and the spec that pins half-even rounding.)
* Cycles: 2
* Cycles to success: 2
* Tokens by phase: forage 750, focus 3000, deepen 900
* Forage/focus token ratio: 0.25
* Files read by phase: forage 0, focus 2, deepen 1
* Zero signal: no

| Cycle | Keywords                | Phases                     | Tokens | Files read | New signals |
| ----- | ----------------------- | -------------------------- | ------ | ---------- | ----------- |
| 1     | \`toFixed\`               | forage → focus             | 1650   | 1          | 0           |
| 2     | \`roundMoney\`, \`Decimal\` | forage ×2 → focus → deepen | 3000   | 2          | 2           |
`;
