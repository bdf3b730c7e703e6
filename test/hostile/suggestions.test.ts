/**
 * "Did you mean" must never cost more than the compile: the banded search agrees with a plain
 * Levenshtein search, and a spec with thousands of unmapped reads over a map of thousands of
 * nodes compiles quickly, with the message work done only for the problems listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest } from '../../src/common/suggest.js';
import { createCompiler } from '../../src/index.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] as number;
}

/** The plain search: the first candidate at the smallest distance, if within a third of the name's length. */
function plainClosest(value: string, candidates: readonly string[]): string | undefined {
  const folded = value.toLowerCase();
  const exact = candidates.find((candidate) => candidate.toLowerCase() === folded);
  if (exact !== undefined) return exact;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = levenshtein(folded, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(value.length / 3)) ? best : undefined;
}

describe('suggestions', () => {
  it('the banded search finds what the plain search finds', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'D', '_', '/', 'é'), maxLength: 14 });
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 12 }), (value, candidates) => {
        expect(closest(value, candidates)).toBe(plainClosest(value, candidates));
      }),
      { seed: 20261201, numRuns: 3000 },
    );
  });

  it('5,000 blind reads over a map of 5,000 nodes compile in linear time, with at most 1,000 listed', () => {
    const blindReads = (count: number) => {
      const spec = validSpec();
      const nodes = Array.from({ length: count }, (_, index) => `src/module-${String(index).padStart(5, '0')}/index.ts`);
      spec['surfaceMap'][0].candidateNodes = nodes;
      spec['budget'] = { total: 50, used: count, unit: 'reads' };
      spec['deepDives'] = nodes.map((node: string, index: number) => ({
        ...spec['deepDives'][0],
        id: `D${index}`,
        node: node.replace('module', 'modul'),
      }));
      return spec;
    };
    const compiler = createCompiler();
    // Before the cap and the banded search this took minutes (25 million full distance computations).
    expect(
      growthRatio((count) => {
        const spec = blindReads(count);
        return () => void compiler.compile(spec);
      }, 500),
    ).toBeLessThan(LINEAR);
    const result = compiler.compile(blindReads(5000));
    expect(result.diagnostics.length).toBe(1001);
    expect(result.diagnostics.at(-1)).toMatchObject({ ruleId: 'too-many-problems', severity: 'error' });
    expect(result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'dive-grounded').length).toBeGreaterThan(0);
  });
});
