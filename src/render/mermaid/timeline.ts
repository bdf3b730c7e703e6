import { records } from '../../common/guards.js';
import { escapeFor } from '../untrusted/index.js';
import { type Chart, effectClass } from './chart.js';
import { idKey, lookup } from './ids.js';

/** How a dive's label shows the budget: whether the unit is tokens, and the text for an amount spent so far. */
export interface BudgetLabel {
  tokens: boolean;
  spent(amount: string): string;
}

/**
 * Draws the deep dives and the replans, and chains them in the order they happened: each dive to
 * the next, with the replans that followed a dive (in log order) between it and the next dive; the
 * edge into a replan is dotted. Returns the last step of the chain, for the stop to follow.
 */
export function drawTimeline(
  chart: Chart,
  spec: Record<string, unknown>,
  hypothesisNodes: ReadonlyMap<string, string>,
  budget: BudgetLabel,
): string | undefined {
  const dives = records(spec['deepDives']);
  const diveNodes = drawDives(chart, dives, hypothesisNodes, budget);
  const replansAfter = drawReplans(chart, spec, dives, hypothesisNodes);

  let last: string | undefined;
  diveNodes.forEach((dive, index) => {
    if (last !== undefined) chart.edge(last, dive);
    last = dive;
    for (const replan of replansAfter.get(index) ?? []) {
      chart.edge(last, replan, 'dotted');
      last = replan;
    }
  });
  return last;
}

/** One node per dive, in document order, linked from its hypothesis and labelled with the budget spent so far. */
function drawDives(
  chart: Chart,
  dives: ReadonlyArray<Record<string, unknown>>,
  hypothesisNodes: ReadonlyMap<string, string>,
  budget: BudgetLabel,
): string[] {
  let spentTokens: number | null = 0;
  return dives.map((dive, index) => {
    let spent: string;
    if (budget.tokens) {
      const diveTokens = dive['tokens'];
      spentTokens = spentTokens !== null && typeof diveTokens === 'number' && Number.isFinite(diveTokens) ? spentTokens + diveTokens : null;
      spent = spentTokens === null ? '?' : String(spentTokens);
    } else {
      spent = String(index + 1);
    }
    const effect = dive['effect'];
    const node = chart.node(
      [
        `${escapeFor.mermaidLabel(dive['id'], 24)} · ${escapeFor.mermaidLabel(effect, 16)} · ${budget.spent(spent)}`,
        escapeFor.mermaidLabel(dive['node']),
        escapeFor.mermaidLabel(dive['finding'], undefined, ''),
      ],
      effectClass(effect),
    );
    const from = lookup(hypothesisNodes, dive['hypothesisId']);
    if (from !== undefined) chart.edge(from, node);
    return node;
  });
}

/**
 * One node per replan. A replan follows its `afterDeepDive` dive when that names a drawn dive, else
 * the last dive that invalidates its hypothesis; returns, per dive index, the replans that follow
 * it. A replan that follows no dive hangs, dotted, from its hypothesis.
 */
function drawReplans(
  chart: Chart,
  spec: Record<string, unknown>,
  dives: ReadonlyArray<Record<string, unknown>>,
  hypothesisNodes: ReadonlyMap<string, string>,
): Map<number, string[]> {
  const diveIndexes = new Map<string, number>();
  const lastInvalidating = new Map<string, number>();
  dives.forEach((dive, index) => {
    const key = idKey(dive['id']);
    if (key !== undefined && !diveIndexes.has(key)) diveIndexes.set(key, index);
    const hypothesisKey = idKey(dive['hypothesisId']);
    if (hypothesisKey !== undefined && dive['effect'] === 'invalidates') lastInvalidating.set(hypothesisKey, index);
  });

  const replansAfter = new Map<number, string[]>();
  for (const replan of records(spec['replanLog'])) {
    const node = chart.node(
      [
        `Replan · ${escapeFor.mermaidLabel(replan['hypothesisId'], 24)} · ${escapeFor.mermaidLabel(replan['trigger'], 24)}`,
        escapeFor.mermaidLabel(replan['decision'], undefined, ''),
      ],
      'replan',
    );
    const after = lookup(diveIndexes, replan['afterDeepDive']) ?? lookup(lastInvalidating, replan['hypothesisId']);
    if (after !== undefined) {
      const following = replansAfter.get(after) ?? [];
      following.push(node);
      replansAfter.set(after, following);
      continue;
    }
    const hypothesis = lookup(hypothesisNodes, replan['hypothesisId']);
    if (hypothesis !== undefined) chart.edge(hypothesis, node, 'dotted');
  }
  return replansAfter;
}
