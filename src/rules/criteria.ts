/**
 * The acceptance-gate criteria of the method, in the order the report's checklist lists them.
 * A criterion with a `block` is about an optional block of the spec and is listed only when the spec has it.
 */
export const criteria = [
  { id: 'typed-scratchpad', name: 'typed scratchpad', title: 'Typed scratchpad: every field present with its type' },
  { id: 'hard-budget', name: 'hard budget', title: 'Hard budget fixed up front and spent one deep dive at a time' },
  { id: 'cheap-map', name: 'cheap map', title: 'Cheap surface map first, with no budget spent' },
  { id: 'ranked-hypotheses', name: 'ranked hypotheses', title: 'Hypotheses ranked by value and cost before the first deep dive' },
  { id: 'selective-deep-dive', name: 'selective deep dive', title: 'Selective deep dives, only on mapped nodes' },
  { id: 'evidence', name: 'evidence', title: 'Every hypothesis status backed by a deep dive' },
  { id: 'typed-replan', name: 'typed replan', title: 'Re-plan only when evidence invalidates a hypothesis' },
  { id: 'stop-reason', name: 'stop reason', title: 'Stop reason recorded and partial coverage declared' },
  { id: 'provenance', name: 'provenance', title: 'Every finding names its node and carries a provenance tag' },
  {
    id: 'discovery',
    name: 'discovery',
    block: 'discovery',
    title: 'Progressive discovery within its limits, refined between cycles, stopped for a reason',
  },
  { id: 'briefs', name: 'working briefs', block: 'briefs', title: 'Working briefs well-formed, with every change explained' },
  {
    id: 'trace',
    name: 'trace',
    block: 'trace',
    title: "The record matches the agent's own trace: every map call, read and unit of budget observed, in order",
  },
  { id: 'method', name: 'method', title: 'No blocked anti-pattern anywhere in the spec' },
] as const;

export type CriterionId = (typeof criteria)[number]['id'];
