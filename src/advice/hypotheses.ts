import { show } from '../common/text.js';
import type { SpecView } from '../rules/spec-view.js';
import { decidingDiveName, lastDecidingDives, type StatusDrift, statusDrifts } from '../rules/support/settled.js';
import type { DeepDive, Hypothesis } from '../spec/types.js';
import type { Advice, NextHypothesis } from './types.js';

const SETTLED = new Set(['confirmed', 'invalidated']);

/**
 * Where the hypotheses stand by their deep dives, not only their statuses: each one's status as
 * its last deciding deep dive has it (its recorded status when no deep dive decided it), and the
 * statuses that disagree with their deep dives (status-drift).
 */
export interface Standing {
  /** The hypotheses, each with the status its deep dives give it. */
  hypotheses: Hypothesis[];
  drifts: StatusDrift[];
}

export function standingOf(view: SpecView, hypotheses: readonly Hypothesis[]): Standing {
  const last = lastDecidingDives(view);
  return {
    hypotheses: hypotheses.map((hypothesis) => {
      const settles = last?.get(hypothesis.id)?.settles;
      return settles === undefined ? hypothesis : { ...hypothesis, status: settles };
    }),
    drifts: statusDrifts(view),
  };
}

/** Whether a hypothesis is still to be tested: neither its status nor its deep dives settled it. */
function isOpen(hypothesis: Pick<Hypothesis, 'status'>): boolean {
  return !SETTLED.has(hypothesis.status);
}

/** The first thing to do on a draft whose statuses lag behind its deep dives: bring each one up to date. */
export function driftAdvice(drifts: readonly StatusDrift[]): Advice[] {
  return drifts.map(({ hypothesisId, status, dive }) => ({
    action: 'fix',
    message: `set the status of ${show(hypothesisId)} to ${show(dive.settles)}: ${decidingDiveName(dive)}, the last to confirm or invalidate it, ${dive.effect} it, but the status still says ${show(status)}`,
    rule: 'status-drift',
  }));
}

/**
 * The hypothesis to test next: open by its status and its deep dives, best priority first, then
 * the cheaper, then the first listed; one with no mapped node left unread is passed over for the
 * next. `hypotheses` carry the status their deep dives give them.
 */
export function nextHypothesis(
  hypotheses: readonly Hypothesis[],
  dives: readonly Pick<DeepDive, 'node'>[],
  mapped: ReadonlySet<string>,
): NextHypothesis | null {
  const read = new Set(dives.map((dive) => dive.node));
  const ranked = hypotheses
    .map((hypothesis, order) => ({ hypothesis, order }))
    .filter(({ hypothesis }) => isOpen(hypothesis))
    .sort((a, b) => a.hypothesis.priority - b.hypothesis.priority || a.hypothesis.cost - b.hypothesis.cost || a.order - b.order);
  for (const { hypothesis } of ranked) {
    const unreadNodes = [...new Set(hypothesis.candidateNodes)].filter((node) => mapped.has(node) && !read.has(node));
    if (unreadNodes.length === 0) continue;
    const { id, claim, priority, cost } = hypothesis;
    return { id, claim, priority, cost, unreadNodes };
  }
  return null;
}

/** What to do when no hypothesis is left to test: the ones still open have no mapped node unread, or none is open. */
export function nothingToTest(hypotheses: readonly Hypothesis[]): Advice {
  if (hypotheses.some(isOpen))
    return {
      action: 'map',
      message:
        'every open or active hypothesis has had each of its mapped nodes read: map more of the surface, or form new hypotheses, or stop',
      rule: 'dive-grounded',
    };
  return {
    action: 'new-hypotheses',
    message:
      'no hypothesis is left open or active: each is confirmed or invalidated; to go further, form new hypotheses from the findings, ranked, on mapped nodes, or else stop',
    rule: 'hypotheses-ranked',
  };
}
