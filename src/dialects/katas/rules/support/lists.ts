import { childPointer } from '../../../../diagnostics/pointer.js';
import type { Holder } from '../../view.js';
import { integerOf, isText, type KatasContext, type Texts, textItems } from './read.js';

/**
 * What one part of the report says that rules of other parts check against: the candidates, the
 * plan, the findings. Read quietly (the part's own rule reports its problems), and marked
 * `complete` only when every entry could be read: a rule concludes from a list only when it is
 * whole, so that one mistake gives one diagnostic. Under Python reading an incomplete list is
 * always reported by its own rule, so skipping a conclusion never turns a failing verdict into a pass.
 */

/** What a dimension of the budget says was spent, and where. */
export function spentOn(context: KatasContext, dimension: 'files' | 'queries' | 'minutes'): { used: number; path: string } | undefined {
  const { view } = context;
  const budget = view.object(view.root, 'budget');
  const spend = budget === undefined ? undefined : view.object(budget, dimension);
  const used = integerOf(context, spend, 'used');
  return spend === undefined || used === undefined ? undefined : { used, path: childPointer(spend.path, 'used') };
}

/** topology.candidates. */
export function candidatesOf(context: KatasContext): Texts | undefined {
  const { view } = context;
  const topology = view.object(view.root, 'topology');
  const list = topology === undefined ? undefined : view.list(topology, 'candidates');
  return list === undefined ? undefined : textItems(context, list);
}

export interface Plan {
  /** The steps' targets, once each, in the list's order. */
  targets: ReadonlySet<string>;
  /** Each target's position in the original plan order, by priority (its first step's, should it have several). */
  rank: ReadonlyMap<string, number>;
  complete: boolean;
}

/** prioritized_plan: complete when every step has a text target and a priority of at least 1. */
export function planOf(context: KatasContext): Plan | undefined {
  const { view, policy } = context;
  const list = view.list(view.root, 'prioritized_plan');
  if (list === undefined) return undefined;
  const steps: Array<{ target: string; priority: number }> = [];
  let complete = true;
  for (const step of view.records(view.root, 'prioritized_plan')) {
    const target = view.field(step, 'target');
    const priority = integerOf(context, step, 'priority');
    if (isText(policy, target) && priority !== undefined && priority >= 1) steps.push({ target, priority });
    else complete = false;
  }
  const byPriority = steps.map((step, index) => ({ ...step, index })).sort((a, b) => a.priority - b.priority || a.index - b.index);
  const rank = new Map<string, number>();
  for (const [position, { target }] of byPriority.entries()) if (!rank.has(target)) rank.set(target, position);
  return {
    targets: new Set(steps.map((step) => step.target)),
    rank,
    complete: complete && steps.length === list.value.length,
  };
}

export interface Finding {
  holder: Holder;
  id: string;
  invalidates: boolean;
  /** The target, when it is a text. */
  target: string | undefined;
}

export interface Findings {
  entries: Finding[];
  /** Whether each id invalidates the hypothesis; a repeated id takes its last finding's flag, as in Python. */
  invalidates: Map<string, boolean>;
  complete: boolean;
}

/** findings: complete when every finding has a text id and a boolean invalidates_hypothesis. */
export function findingsOf(context: KatasContext): Findings | undefined {
  const { view, policy } = context;
  const list = view.list(view.root, 'findings');
  if (list === undefined) return undefined;
  const entries: Finding[] = [];
  for (const holder of view.records(view.root, 'findings')) {
    const id = view.field(holder, 'id');
    const invalidates = view.field(holder, 'invalidates_hypothesis');
    const target = view.field(holder, 'target');
    if (isText(policy, id) && typeof invalidates === 'boolean')
      entries.push({ holder, id, invalidates, target: isText(policy, target) ? target : undefined });
  }
  return {
    entries,
    invalidates: new Map(entries.map((entry) => [entry.id, entry.invalidates])),
    complete: entries.length === list.value.length,
  };
}
