import { records, strings } from '../common/guards.js';

export interface ConvertedReasoning {
  hypotheses: Array<Record<string, unknown>>;
  deepDives: Array<Record<string, unknown>>;
  replanLog: Array<Record<string, unknown>>;
  /** The hypothesis in force when the report ends, and its status. */
  last: { id: string; status: string };
}

/** The replans that followed one finding (or, for a trigger that names none, one replan alone). */
interface Turn {
  /** The index of the trigger finding; the number of findings when it names none, so it comes last. */
  at: number;
  known: boolean;
  trigger: unknown;
  replans: Array<Record<string, unknown>>;
}

function turnsOf(replans: ReadonlyArray<Record<string, unknown>>, findings: ReadonlyArray<Record<string, unknown>>): Turn[] {
  const indexOf = new Map<unknown, number>();
  findings.forEach((finding, index) => {
    if (typeof finding['id'] === 'string' && !indexOf.has(finding['id'])) indexOf.set(finding['id'], index);
  });
  const turns: Turn[] = [];
  const byFinding = new Map<number, Turn>();
  for (const replan of replans) {
    const trigger = replan['trigger_finding_id'];
    const at = indexOf.get(trigger);
    const turn = at === undefined ? undefined : byFinding.get(at);
    if (turn !== undefined) turn.replans.push(replan);
    else {
      const fresh: Turn = { at: at ?? findings.length, known: at !== undefined, trigger, replans: [replan] };
      if (at !== undefined) byFinding.set(at, fresh);
      turns.push(fresh);
    }
  }
  // Stable: equal places keep the report's order.
  return turns.sort((a, b) => a.at - b.at);
}

const orderOf = (replan: Record<string, unknown>): string[] => [...new Set(strings(replan['new_plan_order']))];

/**
 * The hypotheses, deep dives and replans a katas report's reasoning comes to. The report's
 * hypothesis is H1, over the plan's targets in priority order; each replan is a turn to a new
 * working hypothesis (H2, H3, …) over the targets of its new order, and the replans that followed
 * the same finding are one turn. Each finding is a deep dive of the hypothesis in force when it
 * was read: it invalidates that hypothesis when the report says it invalidated; otherwise it
 * confirms it, unless another finding invalidated it, beside which it is neutral. A hypothesis is
 * invalidated, confirmed or, with no finding read for it, open. Each turn is a replan of the
 * hypothesis its trigger finding invalidated, after that finding's deep dive.
 */
export function reasoningOf(
  report: Record<string, unknown>,
  targets: readonly string[],
  findings: ReadonlyArray<Record<string, unknown>>,
): ConvertedReasoning {
  const turns = turnsOf(records(report['replans']), findings);
  const testedBy = findings.map((_, index) => 1 + turns.filter((turn) => turn.at < index).length);
  const invalidated = new Set(findings.flatMap((finding, index) => (finding['invalidates_hypothesis'] === true ? [testedBy[index]] : [])));
  const read = new Set(testedBy);
  const statusOf = (number: number): string => (invalidated.has(number) ? 'invalidated' : read.has(number) ? 'confirmed' : 'open');
  const hypotheses = [
    { id: 'H1', claim: report['hypothesis'], priority: 1, cost: 1, status: statusOf(1), candidateNodes: [...new Set(targets)] },
    ...turns.map((turn, index) => {
      const order = orderOf(turn.replans[turn.replans.length - 1] as Record<string, unknown>);
      const after = turn.known
        ? `finding ${String(turn.trigger)}`
        : `a replan that names no finding (${JSON.stringify(turn.trigger) ?? 'none'})`;
      return {
        id: `H${index + 2}`,
        claim: `After ${after} invalidated H${index + 1}, the targets in the new order settle the objective: ${order.join(', ')}.`,
        priority: index + 2,
        cost: 1,
        status: statusOf(index + 2),
        candidateNodes: order.length > 0 ? order : [...new Set(targets)],
      };
    }),
  ];
  const deepDives = findings.map((finding, index) => {
    const tested = testedBy[index] as number;
    return {
      id: `D${index + 1}`,
      hypothesisId: `H${tested}`,
      node: finding['target'],
      tool: 'Read',
      finding: finding['summary'],
      effect: finding['invalidates_hypothesis'] === true ? 'invalidates' : invalidated.has(tested) ? 'neutral' : 'confirms',
      provenance: finding['evidence_tag'],
    };
  });
  const replanLog = turns.map((turn, index) => ({
    trigger: 'hypothesis_invalidated',
    hypothesisId: `H${index + 1}`,
    decision: `Turn to H${index + 2} and ${turn.replans.map((replan) => `read in the new order: ${orderOf(replan).join(', ')}`).join('; then ')}.`,
    evidence: turn.replans.map((replan) => `${String(replan['invalidated_hypothesis'])} ${String(replan['evidence_tag'])}`).join(' '),
    ...(turn.known ? { afterDeepDive: `D${turn.at + 1}` } : {}),
  }));
  const lastId = turns.length + 1;
  return { hypotheses, deepDives, replanLog, last: { id: `H${lastId}`, status: statusOf(lastId) } };
}
