import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import type { SpecView } from '../spec-view.js';

/** The effects of a deep dive that settle its hypothesis, and the status each settles it to. */
const SETTLING_EFFECTS: ReadonlyMap<string, string> = new Map([
  ['confirms', 'confirmed'],
  ['invalidates', 'invalidated'],
]);

/** The statuses of a hypothesis still being tested. */
const UNSETTLED_STATUSES: ReadonlySet<string> = new Set(['open', 'active']);

/** The last deep dive of a hypothesis that confirmed or invalidated it: the evidence's last word on it. */
export interface DecidingDive {
  /** Its id, when the schema accepted one. */
  id: string | undefined;
  index: number;
  effect: string;
  /** The status it settles its hypothesis to: "confirmed" or "invalidated". */
  settles: string;
}

/** A deep dive as a message names it: by its id, or by its place when the schema rejected the id. */
export function decidingDiveName(dive: DecidingDive): string {
  return dive.id === undefined ? `the deep dive at /deepDives/${dive.index}` : `deep dive ${show(dive.id)}`;
}

const DIVE_READS = ['hypothesisId', 'effect'] as const;

/**
 * The last deciding deep dive of each hypothesis id, in the order the deep dives are listed (the
 * order they happened). Undefined when the schema rejected a hypothesis or effect of some deep
 * dive: an unreadable one may be the last word, so nothing can be concluded.
 */
export function lastDecidingDives(view: SpecView): ReadonlyMap<string, DecidingDive> | undefined {
  if (!view.isComplete('deepDives', DIVE_READS)) return undefined;
  const ids = new Map(view.items('deepDives', ['id']).map(({ value, index }) => [index, value.id]));
  const last = new Map<string, DecidingDive>();
  for (const { value, index } of view.items('deepDives', DIVE_READS)) {
    const settles = SETTLING_EFFECTS.get(value.effect);
    if (settles !== undefined) last.set(value.hypothesisId, { id: ids.get(index), index, effect: value.effect, settles });
  }
  return last;
}

/** A hypothesis whose status disagrees with its last deciding deep dive, in the cases `status-drift` reports. */
export interface StatusDrift {
  hypothesisId: string;
  /** The pointer to its status. */
  path: string;
  status: string;
  dive: DecidingDive;
}

/**
 * Every hypothesis whose status disagrees with its last deciding deep dive: still open or active
 * though that dive settled it, or settled the other way. A settled status that no deep dive of its
 * effect backs at all is left out: that is `hypothesis-status`'s finding, not a drift.
 */
export function statusDrifts(view: SpecView): StatusDrift[] {
  const last = lastDecidingDives(view);
  if (last === undefined) return [];
  const backed = new Set<string>();
  for (const { value } of view.items('deepDives', DIVE_READS)) {
    const settles = SETTLING_EFFECTS.get(value.effect);
    if (settles !== undefined) backed.add(`${value.hypothesisId}\u0000${settles}`);
  }
  // A deep dive of an id that two hypotheses share belongs to neither for sure: hypotheses-ranked reports the duplicate.
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { value } of view.items('hypotheses', ['id'])) (seen.has(value.id) ? shared : seen).add(value.id);
  const drifts: StatusDrift[] = [];
  for (const { value, path } of view.items('hypotheses', ['id', 'status'])) {
    if (shared.has(value.id)) continue;
    const dive = last.get(value.id);
    if (dive === undefined || dive.settles === value.status) continue;
    const lagging = UNSETTLED_STATUSES.has(value.status);
    const overturned = [...SETTLING_EFFECTS.values()].includes(value.status) && backed.has(`${value.id}\u0000${value.status}`);
    if (lagging || overturned) drifts.push({ hypothesisId: value.id, path: childPointer(path, 'status'), status: value.status, dive });
  }
  return drifts;
}
