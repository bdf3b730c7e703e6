import { suggestionFor } from '../../common/suggest.js';
import type { DeepDive } from '../../spec/types.js';
import type { SpecView } from '../spec-view.js';

/** The effect of deep dive a status needs: a confirmed hypothesis needs one that confirms it. */
export const EVIDENCE_FOR_STATUS: ReadonlyMap<string, string> = new Map([
  ['confirmed', 'confirms'],
  ['invalidated', 'invalidates'],
]);

/** A deep dive that names a hypothesis the spec does not rank. */
type Dangling = Pick<DeepDive, 'hypothesisId'> & Partial<Pick<DeepDive, 'node'>>;

/**
 * The hypotheses a deep dive naming an unknown one may have been meant for: those whose candidate
 * nodes include the node it read, or, when none does, every hypothesis. A rule that concludes from
 * the absence of a dive ("no deep dive confirms H2") stays quiet about these, as it does when a
 * dive is unreadable: the misspelt id is the one mistake, reported by dive-selective.
 */
export function possibleHypotheses(view: SpecView, dive: Dangling): string[] {
  const byNode = hypothesesReading(view, dive.node);
  return byNode.length > 0 ? byNode : [...view.ids('hypotheses')];
}

/**
 * The one hypothesis such a dive was most likely meant for: the only one whose candidate nodes
 * include its node, else the one id closest to what it wrote among those (or among all, when
 * none lists the node); undefined when no single one stands out.
 */
export function intendedHypothesis(view: SpecView, dive: Dangling): { id: string; byNode: boolean } | undefined {
  const byNode = hypothesesReading(view, dive.node);
  if (byNode.length === 1) return { id: byNode[0] as string, byNode: true };
  const id = suggestionFor(dive.hypothesisId, byNode.length > 0 ? byNode : view.ids('hypotheses'));
  return id === undefined ? undefined : { id, byNode: false };
}

function hypothesesReading(view: SpecView, node: string | undefined): string[] {
  if (typeof node !== 'string') return [];
  return view
    .items('hypotheses', ['id', 'candidateNodes'])
    .filter(({ value }) => value.candidateNodes.includes(node))
    .map(({ value }) => value.id);
}
