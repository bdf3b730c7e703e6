/**
 * "Did you mean" must never cost more than the compile: the banded search agrees with a plain
 * Levenshtein search, and a spec with thousands of unmapped reads over a map of thousands of
 * nodes compiles quickly, with the message work done only for the problems listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestionFor } from '../../src/common/suggest.js';
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

/**
 * The plain search: the one candidate equal but for case, else the one at the smallest distance if
 * within a third of the name's length; nothing when two different candidates share the best place,
 * or when the name is itself the candidate found.
 */
function plainSuggestion(value: string, candidates: readonly string[]): string | undefined {
  const folded = value.toLowerCase();
  const sole = (found: readonly string[]) => (new Set(found).size === 1 && found[0] !== value ? found[0] : undefined);
  const exact = candidates.filter((candidate) => candidate.toLowerCase() === folded);
  if (exact.length > 0) return sole(exact);
  const distances = candidates.map((candidate) => levenshtein(folded, candidate.toLowerCase()));
  const best = Math.min(...distances);
  if (best > Math.max(1, Math.floor(value.length / 3))) return undefined;
  return sole(candidates.filter((_, index) => distances[index] === best));
}

describe('suggestions', () => {
  it('the banded search finds what the plain search finds, and nothing on a tie', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'D', '_', '/', 'é'), maxLength: 14 });
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 12 }), (value, candidates) => {
        expect(suggestionFor(value, candidates)).toBe(plainSuggestion(value, candidates));
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
