import type { Brief, CausalReview, EvidenceItem, Hypothesis } from '../../spec/types.js';
import type { ExampleSpec } from '../rule.js';

/**
 * The brief rules' examples: the base spec plus an evidence registry and two versions of H2's
 * working brief, the second modifying a finding of the first and adding one, with H2's causal
 * review. It passes the whole gate; each failing example breaks one thing of it.
 */
export function withBriefs(spec: ExampleSpec): { h2: Hypothesis & { causalReview: CausalReview }; first: Brief; second: Brief } {
  const evidence: EvidenceItem[] = [
    { id: 'E000001', node: 'billing/money/decimal.ts', summary: 'roundMoney() rounds half-even to two places.', provenance: '[CODIGO]' },
    { id: 'E000002', node: 'billing/invoice/total.spec.ts', summary: 'The spec pins 2.675 to 2.68.', provenance: '[DOC]' },
  ];
  spec['evidence'] = evidence;
  const h2 = spec.hypotheses[1] as Hypothesis;
  const first: Brief = {
    formatVersion: 1,
    findings: [
      {
        id: 'F1',
        direction: 'support',
        text: 'roundMoney() rounds half-even.',
        scope: 'billing/money/decimal.ts',
        evidenceRefs: ['E000001'],
      },
    ],
    uncertainties: ['Whether invoice totals go through roundMoney() at all.'],
    nextQuestion: 'Does the invoice spec pin half-even rounding?',
    changes: [],
  };
  const second: Brief = {
    formatVersion: 1,
    findings: [
      {
        id: 'F1',
        direction: 'support',
        text: 'roundMoney() rounds half-even to two places, and invoice totals use it.',
        scope: 'billing/money and billing/invoice',
        evidenceRefs: ['E000001', 'E000002'],
      },
      {
        id: 'F2',
        direction: 'support',
        text: 'The invoice spec pins 2.675 to 2.68.',
        scope: 'billing/invoice/total.spec.ts',
        evidenceRefs: ['E000002'],
      },
    ],
    uncertainties: [],
    nextQuestion: 'None: the rounding path is settled.',
    changes: [
      { findingId: 'F1', kind: 'modified', reason: 'The invoice spec shows totals go through roundMoney().', evidenceRefs: ['E000002'] },
    ],
    note: 'Settled by D2 and D3.',
  };
  const causalReview: CausalReview = { support: ['E000001', 'E000002'], against: [] };
  h2.briefs = [first, second];
  h2.causalReview = causalReview;
  return { h2: h2 as Hypothesis & { causalReview: CausalReview }, first, second };
}
