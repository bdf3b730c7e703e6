import type { Investigation } from '../../spec/types.js';

/**
 * A spec that passes every rule of the gate preset. Each rule's examples start from a fresh copy
 * of it and change one thing, and `explain` prints the result.
 */
export function baseSpec(): Investigation {
  return {
    goal: 'Find where the billing service rounds invoice totals.',
    budget: { total: 6, used: 3, unit: 'reads' },
    surfaceMap: [
      {
        id: 'map-round',
        tool: 'rg',
        query: 'round|toFixed|Decimal',
        candidateNodes: ['billing/invoice/total.ts', 'billing/money/decimal.ts', 'billing/legacy/round.js'],
        evidence: 'Rounding helpers cluster under billing/money and the invoice folder.',
      },
      {
        id: 'map-tests',
        tool: 'Glob',
        query: 'billing/**/*.spec.ts',
        candidateNodes: ['billing/invoice/total.spec.ts'],
        evidence: 'The invoice total has its own spec file next to it.',
      },
    ],
    hypotheses: [
      {
        id: 'H1',
        claim: 'Invoice totals are rounded in the invoice module.',
        priority: 1,
        cost: 1,
        status: 'invalidated',
        candidateNodes: ['billing/invoice/total.ts'],
      },
      {
        id: 'H2',
        claim: 'Rounding is delegated to the shared decimal helper.',
        priority: 2,
        cost: 1,
        status: 'confirmed',
        candidateNodes: ['billing/money/decimal.ts'],
      },
      {
        id: 'H3',
        claim: 'A legacy rounding path still runs for old invoices.',
        priority: 3,
        cost: 2,
        status: 'open',
        candidateNodes: ['billing/legacy/round.js'],
      },
    ],
    deepDives: [
      {
        id: 'D1',
        hypothesisId: 'H1',
        node: 'billing/invoice/total.ts',
        tool: 'Read',
        finding: 'total.ts sums lines and calls roundMoney() from the decimal helper.',
        effect: 'invalidates',
        provenance: '[CÓDIGO]',
      },
      {
        id: 'D2',
        hypothesisId: 'H2',
        node: 'billing/money/decimal.ts',
        tool: 'Read',
        finding: 'roundMoney() rounds half-even to two places.',
        effect: 'confirms',
        provenance: '[CODIGO]',
      },
      {
        id: 'D3',
        hypothesisId: 'H2',
        node: 'billing/invoice/total.spec.ts',
        tool: 'Read',
        finding: 'The spec pins half-even rounding of 2.675 to 2.68.',
        effect: 'confirms',
        provenance: '[DOC]',
      },
    ],
    replanLog: [
      {
        trigger: 'hypothesis_invalidated',
        hypothesisId: 'H1',
        decision: 'Promote H2: the invoice module delegates rounding.',
        evidence: 'D1 shows total.ts calling roundMoney().',
        afterDeepDive: 'D1',
      },
    ],
    stopCondition: { reason: 'goal_resolved', evidence: 'D2 and D3 confirm where and how totals are rounded.' },
    deliverable: 'Invoice totals are rounded half-even by roundMoney() in billing/money/decimal.ts.',
    risks: ['H3 stays open: billing/legacy/round.js was not read and may still round old invoices.'],
  };
}
