/**
 * Rules whose work grew with the square of the input: every one now does linear work (checked as
 * growth: four times the input costs about four times the time, not sixteen), and every message
 * stays short whatever the values it names.
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/index.js';
import { withBriefs } from '../../src/rules/briefs/examples.js';
import { exampleDiscovery } from '../../src/rules/discovery/example.js';
import type { ExampleSpec } from '../../src/rules/rule.js';
import { traceEvidence } from '../../src/trace/evidence.js';
import { readTrace } from '../../src/trace/read-trace.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';

const compiler = createCompiler();

function openHypotheses(count: number): Record<string, any> {
  const spec = validSpec();
  const ids = Array.from({ length: count }, (_, index) => `H${index + 10}`);
  spec['hypotheses'].push(...ids.map((id, index) => ({ ...spec['hypotheses'][2], id, priority: 4 + index })));
  spec['risks'] = [
    'H3 is open.',
    ...ids.map((id, index) => (index === 7 ? 'nothing about it' : `${id} was not settled: the budget ran out.`)),
  ];
  return spec;
}

function longBriefs(count: number): ExampleSpec {
  const spec = validSpec() as ExampleSpec;
  const { h2 } = withBriefs(spec);
  const findings = Array.from({ length: count }, (_, index) => ({
    id: `F${index}`,
    direction: 'support' as const,
    text: `finding ${index}`,
    scope: 'billing',
    evidenceRefs: ['E000001'],
  }));
  h2.briefs![0]!.findings = findings;
  h2.briefs![1]!.findings = findings.map((finding, index) => (index === 5 ? { ...finding, id: 'renamed' } : finding));
  h2.briefs![1]!.changes = [];
  return spec;
}

function repeatedCycles(count: number): Record<string, any> {
  const spec = validSpec();
  const discovery = exampleDiscovery();
  const cycle = discovery.cycles[0]!;
  discovery.limits.maxCycles = count;
  // Every keyword set differs from all earlier ones, except the last, which repeats the first.
  discovery.cycles = Array.from({ length: count }, (_, index) => ({
    ...cycle,
    keywords: index === count - 1 ? ['b', 'a'] : index === 0 ? ['a', 'b'] : ['a', `k${index}`],
    cycle: index + 1,
  }));
  spec['discovery'] = discovery;
  return spec;
}

function testsFirst(count: number): Record<string, any> {
  const spec = validSpec();
  const discovery = exampleDiscovery();
  const files = Array.from({ length: count }, (_, index) => `src/file${index}.ts`);
  discovery.cycles = [
    {
      cycle: 1,
      keywords: ['x'],
      newSignals: 1,
      events: [
        { phase: 'forage', keyword: 'x', candidates: 3, filesRead: 0, tokens: 1, wallTimeMs: 1, files },
        ...Array.from({ length: count }, () => ({
          phase: 'focus' as const,
          candidates: 1,
          filesRead: 1,
          tokens: 1,
          wallTimeMs: 1,
          files: ['test/a.test.ts'],
        })),
      ],
    },
  ];
  spec['discovery'] = discovery;
  return spec;
}

/**
 * A hook trace of `count` find calls, each in its own folder and surfacing `paths` files there,
 * and a spec whose surface map records each call by its command line with three of its names:
 * the shape that cost map entries x calls x each call's size.
 */
function findCalls(count: number, paths = 20) {
  const command = (index: number): string => `find src/d${index} -name '*.ts'`;
  const lines = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      hook_event_name: 'PostToolUse',
      cwd: '/repo',
      tool_name: 'Bash',
      tool_input: { command: command(index) },
      tool_response: { stdout: Array.from({ length: paths }, (_, file) => `src/d${index}/f${file}.ts`).join('\n'), stderr: '' },
      tool_use_id: `find-${index}`,
    }),
  );
  const evidence = traceEvidence(readTrace([Buffer.from(lines.join('\n'))]), 'trace.jsonl', '/repo');
  const spec = validSpec();
  spec['surfaceMap'] = Array.from({ length: count }, (_, index) => ({
    id: `M${index + 1}`,
    tool: 'find',
    query: index % 2 === 0 ? command(index) : `src/d${index}`,
    candidateNodes: [`src/d${index}/f0.ts`, `src/d${index}/f1.ts`, index === 7 ? 'src/d7/never.ts' : `src/d${index}/f2.ts`],
    evidence: 'find returned 20 names.',
  }));
  return { spec, evidence };
}

describe('linear trace rules', () => {
  it('trace-map-observed: as many map entries as find calls, each call surfacing many paths', () => {
    const { spec, evidence } = findCalls(300);
    const found = compiler
      .compile(spec, { trace: evidence })
      .diagnostics.filter((diagnostic) => diagnostic.ruleId === 'trace-map-observed')
      .map((diagnostic) => diagnostic.path);
    expect(found).toEqual(['/surfaceMap/7/candidateNodes/2']);
    expect(
      growthRatio((n) => {
        const { spec, evidence } = findCalls(n);
        // A copy of the evidence each run: the index of its calls is made again, and measured.
        return () => compiler.compile(spec, { trace: { ...evidence } });
      }, 400),
    ).toBeLessThan(LINEAR);
  });
});

describe('linear trace reading', () => {
  /** One find call of `count` start points, a redirection after each, whose output is a path under each and a line under none. */
  function manyStartPoints(count: number): Buffer {
    const points = Array.from({ length: count }, (_, index) => `dir${index}`);
    const payload = {
      hook_event_name: 'PostToolUse',
      cwd: '/repo',
      tool_name: 'Bash',
      tool_input: { command: `find ${points.map((point) => `${point} 2>&1`).join(' ')} -name '*.ts' | sort | head -n 100000` },
      tool_response: { stdout: points.map((point) => `${point}/a.ts\nelsewhere/${point}.ts`).join('\n'), stderr: '' },
      tool_use_id: 'find',
    };
    return Buffer.from(JSON.stringify(payload));
  }

  it('a find of thousands of start points, each line of its output checked against them all', () => {
    const [call] = readTrace([manyStartPoints(2000)]).calls;
    expect(call).toMatchObject({ kind: 'map', surfacedCount: 2000, unreadLines: 2000 });
    expect(
      growthRatio((n) => {
        const bytes = manyStartPoints(n);
        return () => readTrace([bytes]);
      }, 3000),
    ).toBeLessThan(LINEAR);
  });
});

describe('linear rules', () => {
  it('coverage-declared: open hypotheses against as many risks', () => {
    const result = compiler.compile(openHypotheses(2000));
    expect(
      result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'coverage-declared').map((diagnostic) => diagnostic.path),
    ).toEqual(['/hypotheses/10/id']);
    expect(
      growthRatio((n) => {
        const spec = openHypotheses(n);
        return () => compiler.compile(spec);
      }, 2500),
    ).toBeLessThan(LINEAR);
  });

  it('coverage-declared: ids with punctuation are still found', () => {
    const spec = validSpec();
    spec['hypotheses'][2].id = 'H-3 (cache)';
    spec['risks'] = ['We did not settle H-3 (cache) before the budget ran out.'];
    expect(compiler.compile(spec).diagnostics.filter((diagnostic) => diagnostic.ruleId === 'coverage-declared')).toEqual([]);
    spec['risks'] = ['We did not settle H-3 (cache)x before the budget ran out.'];
    expect(compiler.compile(spec).diagnostics.filter((diagnostic) => diagnostic.ruleId === 'coverage-declared')).toHaveLength(1);
  });

  it('brief-history: two briefs of many findings', () => {
    const result = compiler.compile(longBriefs(500));
    expect(
      result.diagnostics.some((diagnostic) => diagnostic.ruleId === 'brief-history' && diagnostic.path.endsWith('/findings/5/id')),
    ).toBe(true);
    expect(
      growthRatio((n) => {
        const spec = longBriefs(n);
        return () => compiler.compile(spec);
      }, 2500),
    ).toBeLessThan(LINEAR);
  });

  it("discovery-refine: many cycles, the last foraging the first one's keywords in another order", () => {
    expect(
      compiler
        .compile(repeatedCycles(600))
        .diagnostics.filter((diagnostic) => diagnostic.ruleId === 'discovery-refine')
        .map((diagnostic) => diagnostic.path),
    ).toEqual(['/discovery/cycles/599/keywords']);
    expect(
      growthRatio((n) => {
        const spec = repeatedCycles(n);
        return () => compiler.compile(spec);
      }, 2500),
    ).toBeLessThan(LINEAR);
  });

  it('discovery-focus-priority: many production candidates and many focus events on tests', () => {
    const messages = compiler
      .compile(testsFirst(500))
      .diagnostics.filter((diagnostic) => diagnostic.ruleId === 'discovery-focus-priority')
      .map((diagnostic) => diagnostic.message);
    expect(messages.length).toBeGreaterThan(490);
    expect(messages[0]).toContain('and 490 more');
    expect(Math.max(...messages.map((message) => message.length))).toBeLessThan(1000);
    expect(
      growthRatio((n) => {
        const spec = testsFirst(n);
        return () => compiler.compile(spec);
      }, 1000),
    ).toBeLessThan(LINEAR);
  });
});

describe('short messages', () => {
  it('a value of a million characters is named, not copied, in every message', () => {
    const spec = validSpec();
    const huge = 'x'.repeat(1_000_000);
    spec['deepDives'].forEach((dive: { hypothesisId: string }) => (dive.hypothesisId = huge));
    spec['hypotheses'][0].status = huge;
    const result = compiler.compile(spec);
    expect(result.diagnostics.length).toBeGreaterThan(3);
    for (const diagnostic of result.diagnostics) expect(diagnostic.message.length, diagnostic.ruleId).toBeLessThan(1200);
    expect(result.diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toContain('(1,000,000 characters)');
  });

  it('ten thousand leaders of the ranking are listed as ten and a count', () => {
    const spec = validSpec();
    spec['hypotheses'].push(...Array.from({ length: 10_000 }, (_, index) => ({ ...spec['hypotheses'][0], id: `L${index}`, priority: 1 })));
    spec['deepDives'][0].hypothesisId = 'H2';
    const quiet = createCompiler({ rules: { 'hypothesis-status': 'off' } });
    const message = quiet.compile(spec).diagnostics.find((diagnostic) => diagnostic.ruleId === 'dive-order')?.message ?? '';
    expect(message).toContain('and 9,991 more');
    expect(message.length).toBeLessThan(600);
  });
});
