/**
 * A fast-check arbitrary of katas reports built from a sound one: its topology widened or cut
 * (extra candidates, extra Glob and Grep scans, scans dropped), a plan over some candidates with
 * priorities of any spacing, a run of findings over the plan's targets that invalidate or not,
 * replans after some of the invalidating findings (none, one or two each, in orders that demote the
 * target or not), and a budget of any size and status. Most of these pass the katas validator and
 * many its gate; the tests keep those they need.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { baseKatasReport } from '../../src/dialects/katas/index.js';
import { projectRoot } from './cli.js';

type Report = Record<string, any>;

const own = (name: string): Report => JSON.parse(readFileSync(join(projectRoot, 'fixtures', 'katas', 'valid', `${name}.json`), 'utf8'));

/** The sound reports the mutants start from, all in the project. */
export const katasBases: readonly Report[] = [baseKatasReport(), own('mobile-checkout-flag'), own('wiki-laptop-provisioning')];

const EXTRA_CANDIDATES = ['docs/runbook.md', 'config/flags.yaml', 'README.md'];
const EXTRA_PATTERNS = [
  '**/*.md',
  '**/*',
  'config/*.yaml',
  '{docs,config}/**',
  'nothing/**/*.x',
  '*.md',
  'runbook|flags',
  '[a-z]*/**/*.go',
];

const shuffled = <T>(values: readonly T[], keys: readonly number[]): T[] =>
  values
    .map((value, index) => ({ value, key: keys[index % Math.max(keys.length, 1)] ?? 0, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ value }) => value);

interface Choices {
  base: number;
  extraCandidates: number;
  extraScans: Array<{ tool: 'Glob' | 'Grep'; pattern: number }>;
  dropScan: number;
  planSize: number;
  planKeys: number[];
  priorityGaps: number[];
  findings: Array<{ target: number; invalidates: boolean }>;
  replansPer: number[];
  orderKeys: number[];
  demote: boolean[];
  limit: number;
  spare: number;
  exhausted: boolean;
  remaining: number;
}

const choices: fc.Arbitrary<Choices> = fc.record({
  base: fc.nat(katasBases.length - 1),
  extraCandidates: fc.nat(EXTRA_CANDIDATES.length),
  extraScans: fc.array(fc.record({ tool: fc.constantFrom('Glob' as const, 'Grep' as const), pattern: fc.nat(EXTRA_PATTERNS.length - 1) }), {
    maxLength: 3,
  }),
  dropScan: fc.integer({ min: -1, max: 3 }),
  planSize: fc.integer({ min: 1, max: 7 }),
  planKeys: fc.array(fc.nat(20), { minLength: 7, maxLength: 7 }),
  priorityGaps: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 7, maxLength: 7 }),
  findings: fc.array(fc.record({ target: fc.nat(6), invalidates: fc.boolean() }), { minLength: 1, maxLength: 6 }),
  replansPer: fc.array(fc.constantFrom(0, 1, 1, 1, 2), { minLength: 6, maxLength: 6 }),
  orderKeys: fc.array(fc.nat(20), { minLength: 7, maxLength: 7 }),
  demote: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  limit: fc.integer({ min: 1, max: 64 }),
  spare: fc.nat(3),
  exhausted: fc.boolean(),
  remaining: fc.nat(2),
});

function build(c: Choices): Report {
  const report = structuredClone(katasBases[c.base] as Report);
  const topology = report['topology'];
  topology.candidates = [...topology.candidates, ...EXTRA_CANDIDATES.slice(0, c.extraCandidates)];
  topology.cheap_mapping = [
    ...topology.cheap_mapping.filter((_: unknown, index: number) => index !== c.dropScan),
    ...c.extraScans.map(({ tool, pattern }) => ({ tool, pattern: EXTRA_PATTERNS[pattern], result_count: 3, evidence_tag: '[DOC]' })),
  ];
  const targets = shuffled(topology.candidates as string[], c.planKeys).slice(0, c.planSize);
  let priority = 0;
  report['prioritized_plan'] = targets.map((target, index) => ({
    priority: (priority += c.priorityGaps[index] ?? 1),
    target,
    rationale: 'Ranked by what the mapping surfaced.',
    source: 'topology',
  }));
  const findings = c.findings.map(({ target, invalidates }, index) => ({
    id: `finding-${index + 1}`,
    target: targets[target % targets.length],
    summary: `What read ${index + 1} established.`,
    source: targets[target % targets.length],
    evidence_tag: '[CODIGO]',
    invalidates_hypothesis: invalidates,
    deep_dive_after_mapping: true,
  }));
  report['findings'] = findings;
  report['replans'] = findings.flatMap((finding, index) => {
    if (!finding.invalidates_hypothesis) return [];
    const order = shuffled(targets, c.orderKeys.slice(index));
    const demoted = c.demote[index] ? [...order.filter((target) => target !== finding.target), finding.target as string] : order;
    return Array.from({ length: c.replansPer[index] ?? 1 }, (_, turn) => ({
      trigger_finding_id: finding.id,
      invalidated_hypothesis: `The working hypothesis before ${finding.id}.`,
      new_plan_order: turn === 0 ? demoted : [...demoted].reverse(),
      evidence_tag: '[CODIGO]',
    }));
  });
  const budget = report['budget'];
  budget.files = { limit: c.limit, used: Math.min(c.limit, findings.length + c.spare) };
  budget.queries = { limit: 20, used: Math.min(20, topology.cheap_mapping.length + c.spare) };
  budget.status = c.exhausted ? 'exhausted_with_pending' : 'complete';
  if (c.exhausted) budget.files.used = c.limit;
  budget.pending_questions = c.exhausted ? ['Who owns what the budget did not reach?'] : [];
  report['risks'].remaining = report['risks'].remaining.slice(0, c.remaining);
  return report;
}

/** Katas reports built from the project's sound ones (see the top of this file). */
export const katasReports: fc.Arbitrary<Report> = choices.map(build);
