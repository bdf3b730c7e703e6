import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { baseTrace, exampleEvidence } from '../src/rules/examples/base-trace.js';
import type { ExampleSpec } from '../src/rules/rule.js';
import type { TraceEvidence } from '../src/trace/evidence.js';
import { matchReads } from '../src/trace/match.js';
import type { TraceCall } from '../src/trace/types.js';
import { bareTrace } from './support/bare-trace.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';

const gate = createCompiler();

/**
 * One deep dive, one read: the matching every trace output reads (src/trace/match.ts), as a
 * function and through the gate on the project's own transcript, where a record that invents a
 * repeat read, reorders its reads or over-counts them fails.
 */

/** Evidence whose successful reads are of `targets`, in that time order, under /work. */
function evidence(targets: readonly string[]): TraceEvidence {
  const calls: TraceCall[] = targets.map((target, index) => ({
    id: `r${index}`,
    tool: 'Read',
    kind: 'read',
    status: 'ok',
    line: index + 1,
    sidechain: false,
    target: `/work/${target}`,
  }));
  const trace = bareTrace(calls);
  return { trace, root: '/work', shown: 'trace.jsonl' };
}

describe('matchReads', () => {
  it('gives the k-th dive of a node its k-th read: a dive past its node reads has none, a read past its dives is left out', () => {
    const matching = matchReads(evidence(['a', 'b', 'a']), ['a', 'a', 'a', 'c']);
    expect(matching.dives.map((dive) => [dive.read?.line, dive.nth, dive.readsOfNode])).toEqual([
      [1, 1, 2],
      [3, 2, 2],
      [undefined, 3, 2],
      [undefined, 1, 0],
    ]);
    expect(matching.unrecorded.map((read) => read.line)).toEqual([2]);
    expect(matching.outOfOrder).toEqual([]);
  });

  it('names the dive written out of the order of the reads, and the one it contradicts', () => {
    // The last read written first: the other two are in order, and the first dive contradicts the second.
    expect(matchReads(evidence(['a', 'b', 'c']), ['c', 'a', 'b']).outOfOrder).toEqual([{ dive: 0, contradicts: 1 }]);
    // The first read written last: it contradicts the dive before it.
    expect(matchReads(evidence(['a', 'b', 'c']), ['b', 'c', 'a']).outOfOrder).toEqual([{ dive: 2, contradicts: 1 }]);
  });

  it('out of order: the fewest dives whose removal leaves the rest in time order, each contradicting one of the rest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 40 }),
        (reads, dives) => {
          const matching = matchReads(
            evidence(reads.map((node) => `n${node}`)),
            dives.map((node) => `n${node}`),
          );
          const place = (index: number): number => (matching.dives[index]?.read?.line as number) - 1;
          const read = matching.dives.filter((dive) => dive.read !== undefined).map((dive) => dive.index);
          const out = new Set(matching.outOfOrder.map(({ dive }) => dive));
          const kept = read.filter((index) => !out.has(index)).map(place);
          expect(kept).toEqual([...kept].sort((a, b) => a - b));
          expect(out.size).toBe(read.length - longestIncreasing(read.map(place)));
          for (const { dive, contradicts } of matching.outOfOrder) {
            expect(out.has(contradicts)).toBe(false);
            expect(dive < contradicts).toBe(place(dive) > place(contradicts));
          }
          // One read a dive: no read taken twice, and every read is either taken or left out.
          const taken = matching.dives.flatMap((dive) => (dive.read === undefined ? [] : [dive.read.line]));
          expect(new Set(taken).size).toBe(taken.length);
          expect(taken.length + matching.unrecorded.length).toBe(reads.length);
        },
      ),
      { seed: 20261207, numRuns: 300 },
    );
  });
});

/** The length of a longest strictly increasing subsequence, by the quadratic textbook method. */
function longestIncreasing(values: readonly number[]): number {
  const best = values.map(() => 1);
  for (let i = 0; i < values.length; i++)
    for (let j = 0; j < i; j++)
      if ((values[j] as number) < (values[i] as number)) best[i] = Math.max(best[i] as number, (best[j] as number) + 1);
  return Math.max(0, ...best);
}

describe('a record judged against the trace of what the agent did', () => {
  const truth = validSpec() as ExampleSpec;
  const evidence = exampleEvidence(baseTrace(truth));
  const dives = truth.deepDives;
  type Edit = { kind: 'duplicate' | 'drop' | 'swap' | 'renode'; at: number; to: number } | { kind: 'recount'; by: number };
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({
      kind: fc.constantFrom('duplicate', 'drop', 'swap', 'renode') as fc.Arbitrary<'duplicate' | 'drop' | 'swap' | 'renode'>,
      at: fc.nat(20),
      to: fc.nat(20),
    }),
    fc.record({ kind: fc.constant('recount' as const), by: fc.integer({ min: -2, max: 2 }) }),
  );

  it("passes the trace rules exactly when the record has one dive a read, in the reads' order, and counts them", () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), (edits) => {
        const spec = validSpec() as ExampleSpec;
        for (const change of edits) {
          const list = spec.deepDives;
          if (change.kind === 'recount') {
            spec.budget.used = Math.max(0, spec.budget.used + change.by);
            continue;
          }
          if (list.length === 0) continue;
          const at = change.at % list.length;
          const to = change.to % list.length;
          if (change.kind === 'duplicate') list.splice(at, 0, { ...(list[at] as (typeof list)[number]), id: `X${list.length}` });
          else if (change.kind === 'drop') list.splice(at, 1);
          else if (change.kind === 'swap') [list[at], list[to]] = [list[to] as (typeof list)[number], list[at] as (typeof list)[number]];
          else (list[at] as { node: string }).node = (dives[to % dives.length] as { node: string }).node;
        }
        const faithful =
          spec.budget.used === dives.length &&
          spec.deepDives.length === dives.length &&
          spec.deepDives.every((dive, index) => dive.node === dives[index]?.node);
        const found = gate
          .compile(spec, { trace: evidence })
          .diagnostics.filter((d) => ['trace-dive-observed', 'trace-order', 'trace-budget'].includes(d.ruleId));
        expect(found.length === 0, JSON.stringify({ edits, found: found.map((d) => [d.ruleId, d.path]) })).toBe(faithful);
      }),
      { seed: 20261207, numRuns: 400 },
    );
  });
});

const root = new URL('..', import.meta.url).pathname;
const SPEC = join(root, 'fixtures/traces/transcript-small.spec.yaml');
const TRACE = 'fixtures/traces/transcript-small.jsonl';
const scratch = mkdtempSync(join(tmpdir(), 'trace-matching-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function judged(name: string, edit: (text: string) => string): Promise<Array<[string, string]>> {
  const path = join(scratch, `${name}.yaml`);
  const text = readFileSync(SPEC, 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(path, edited);
  const run = await runInProcess([path, '--trace', TRACE, '--json'], { cwd: root });
  return JSON.parse(run.stdout).data.files[0].diagnostics.map((d: { ruleId: string; path: string }) => [d.ruleId, d.path]);
}

const dives = (text: string): string => text.slice(text.indexOf('  - id: D1'), text.indexOf('replanLog'));

describe("a record checked against the project's transcript, one dive a read", () => {
  it('inventing a repeat read of a node read once, and counting it, fails trace-dive-observed and trace-budget', async () => {
    const rules = await judged('repeat', (text) => {
      const first = dives(text).slice(0, dives(text).indexOf('  - id: D2'));
      return text.replace('replanLog', `${first.replace('id: D1', 'id: D3')}replanLog`).replace('  used: 2', '  used: 3');
    });
    expect(rules).toEqual([
      ['trace-budget', '/budget/used'],
      ['trace-dive-observed', '/deepDives/2/node'],
    ]);
  });

  it('writing the second read first fails trace-order', async () => {
    const rules = await judged('reordered', (text) => {
      const all = dives(text);
      const second = all.slice(all.indexOf('  - id: D2'));
      return text.replace(all, `${second}${all.slice(0, all.indexOf('  - id: D2'))}`);
    });
    expect(rules).toContainEqual(['trace-order', '/deepDives/0/node']);
  });

  it('counting more reads than the trace shows fails trace-budget', async () => {
    expect(await judged('overcounted', (text) => text.replace('  used: 2', '  used: 3'))).toEqual([
      ['budget-accounting', '/budget/used'],
      ['trace-budget', '/budget/used'],
    ]);
  });
});
