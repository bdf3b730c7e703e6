import type { Discovery } from '../../spec/types.js';

/**
 * A discovery block that fits the base spec and passes every discovery rule: a first cycle on
 * `toFixed` finds nothing new, a refined second cycle on `roundMoney` and `Decimal` finds the helper.
 * Each rule's examples add a fresh copy to the base spec and change one thing.
 */
export function exampleDiscovery(): Discovery {
  return {
    limits: { maxCycles: 3, cycleTokenBudget: 4000, topK: 3, focusK: 2, deepenHops: 2, noNewSignalCycles: 2 },
    cycles: [
      {
        cycle: 1,
        keywords: ['toFixed'],
        events: [
          {
            phase: 'forage',
            keyword: 'toFixed',
            candidates: 1,
            filesRead: 0,
            tokens: 250,
            wallTimeMs: 90,
            files: ['billing/invoice/total.ts'],
          },
          { phase: 'focus', candidates: 1, filesRead: 1, tokens: 1400, wallTimeMs: 800, files: ['billing/invoice/total.ts'] },
        ],
        newSignals: 0,
      },
      {
        cycle: 2,
        keywords: ['roundMoney', 'Decimal'],
        events: [
          {
            phase: 'forage',
            keyword: 'roundMoney',
            candidates: 2,
            filesRead: 0,
            tokens: 300,
            wallTimeMs: 110,
            files: ['billing/money/decimal.ts', 'billing/invoice/total.spec.ts'],
          },
          {
            phase: 'forage',
            keyword: 'Decimal',
            candidates: 1,
            filesRead: 0,
            tokens: 200,
            wallTimeMs: 70,
            files: ['billing/money/decimal.ts'],
          },
          { phase: 'focus', candidates: 1, filesRead: 1, tokens: 1600, wallTimeMs: 900, files: ['billing/money/decimal.ts'] },
          { phase: 'deepen', candidates: 1, filesRead: 1, tokens: 900, wallTimeMs: 500, files: ['billing/invoice/total.spec.ts'], hops: 1 },
        ],
        newSignals: 2,
      },
    ],
    stop: {
      reason: 'evidence_sufficient',
      evidence: 'Cycle 2 found roundMoney() in decimal.ts and the spec that pins half-even rounding.',
    },
  };
}
