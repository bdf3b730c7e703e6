/**
 * The trace rules match deep dives with reads one to one and find the dives written out of the
 * reads' order: linear work, up to a logarithm, whatever the order (checked as growth: four times
 * the dives cost about four times the time, not sixteen).
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/index.js';
import type { TraceEvidence } from '../../src/trace/evidence.js';
import type { TraceCall } from '../../src/trace/types.js';
import { bareTrace } from '../support/bare-trace.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';

const compiler = createCompiler();

/** A spec of `count` deep dives of distinct nodes, and a trace that maps them all, then reads them in the reverse order. */
function reversedReads(count: number): { spec: Record<string, any>; trace: TraceEvidence } {
  const nodes = Array.from({ length: count }, (_, index) => `src/f${index}.ts`);
  const spec = validSpec();
  spec['surfaceMap'][0].candidateNodes = nodes;
  spec['deepDives'] = nodes.map((node, index) => ({ ...spec['deepDives'][0], id: `D${index}`, node }));
  spec['budget'] = { total: count, used: count, unit: 'reads' };
  const base = { status: 'ok' as const, sidechain: false, timestamp: '2026-03-02T10:00:00Z' };
  const calls: TraceCall[] = [
    { ...base, id: 'm', tool: 'Glob', kind: 'map', line: 1, query: '**', surfaced: nodes.map((node) => `/w/${node}`) },
    ...[...nodes]
      .reverse()
      .map((node, index): TraceCall => ({ ...base, id: `r${index}`, tool: 'Read', kind: 'read', line: index + 2, target: `/w/${node}` })),
  ];
  const trace = bareTrace(calls);
  return { spec, trace: { trace, root: '/w', shown: 'trace.jsonl' } };
}

describe('the matching of dives and reads', () => {
  it('every dive but one out of order: found, and reported up to the cap, in linear time', () => {
    const { spec, trace } = reversedReads(3000);
    const order = compiler.compile(spec, { trace }).diagnostics.filter((diagnostic) => diagnostic.ruleId === 'trace-order');
    expect(order.length).toBeGreaterThan(900);
    expect(order[0]?.message).toContain('"D2999", written after it, stands for an earlier read');
    expect(
      growthRatio((n) => {
        const input = reversedReads(n);
        return () => compiler.compile(input.spec, { trace: input.trace });
      }, 2000),
    ).toBeLessThan(LINEAR);
  });
});
