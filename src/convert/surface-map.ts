import { globMatcher } from '../common/glob-pattern.js';
import { plural } from '../common/text.js';

/** How a map entry's candidate nodes were found: see surfaceMapOf. */
export type Surfaced = 'matched' | 'inferred' | 'unknown';

export interface ConvertedMap {
  entries: Array<Record<string, unknown>>;
  /** The scans no candidate can be tied to, as the report has them: they have no map entry. */
  unlisted: Array<Record<string, unknown>>;
}

/** The steps of glob matching one conversion may take (a few tenths of a second); the Globs past it are not matched. */
const MATCHING_BUDGET = 50_000_000;

/**
 * The surface map of a katas report's cheap mapping. The report lists the candidates of all its
 * scans together, so each entry holds what can be told of its own scan, and says how in
 * `x-surfaced`: a Glob holds the candidates its pattern matches (`matched`, tried on the path and
 * on the path below the scope); the other scans (Grep, whose pattern is matched against contents,
 * or a Glob past what the matcher understands or past the matching budget) hold the candidates no Glob matches, which only
 * they can have surfaced: `inferred` when one scan is left to have surfaced them, `unknown` when
 * several are and the report does not say which found which. A scan with nothing to hold (a Glob
 * that matches no candidate, or a Grep when every candidate matches a Glob) has no entry, as a map
 * entry that surfaced nothing has no place in a spec; it is kept under `x-katas`.
 */
export function surfaceMapOf(scans: ReadonlyArray<Record<string, unknown>>, candidates: readonly string[], scope: unknown): ConvertedMap {
  const below = typeof scope === 'string' && scope.trim() !== '' ? `${scope.replace(/\/+$/, '')}/` : undefined;
  // Each match costs the pattern's tokens times the path's length, tried twice at most.
  const pathCost = candidates.reduce((sum, candidate) => sum + 2 * (candidate.length + 1), 0);
  let left = MATCHING_BUDGET;
  const matchedBy = scans.map((scan) => {
    const pattern = scan['pattern'];
    if (scan['tool'] !== 'Glob' || typeof pattern !== 'string') return undefined;
    const matches = globMatcher(pattern);
    if (matches === undefined || matches.size * pathCost > left) return undefined;
    left -= matches.size * pathCost;
    return candidates.filter(
      (candidate) => matches(candidate) || (below !== undefined && candidate.startsWith(below) && matches(candidate.slice(below.length))),
    );
  });
  const covered = new Set(matchedBy.flatMap((matched) => matched ?? []));
  const residual = candidates.filter((candidate) => !covered.has(candidate));
  const unmatched = matchedBy.filter((matched) => matched === undefined).length;
  const entries: Array<Record<string, unknown>> = [];
  const unlisted: Array<Record<string, unknown>> = [];
  scans.forEach((scan, index) => {
    const matched = matchedBy[index];
    const nodes = matched ?? residual;
    if (nodes.length === 0) {
      unlisted.push(scan);
      return;
    }
    const surfaced: Surfaced = matched !== undefined ? 'matched' : unmatched === 1 ? 'inferred' : 'unknown';
    entries.push({
      id: `M${index + 1}`,
      tool: scan['tool'],
      query: scan['pattern'],
      candidateNodes: [...nodes],
      evidence: `${typeof scan['result_count'] === 'number' ? plural(scan['result_count'], 'result') : `${String(scan['result_count'])} results`} ${String(scan['evidence_tag'])}; ${HOW[surfaced](unmatched)}`,
      'x-surfaced': surfaced,
    });
  });
  return { entries, unlisted };
}

const HOW: Record<Surfaced, (unmatched: number) => string> = {
  matched: () => 'the candidates listed are those its pattern matches.',
  inferred: () =>
    'the report does not say which candidates it surfaced; those listed match no Glob pattern, so this scan, the only other, surfaced them.',
  unknown: (unmatched) =>
    `the report does not say which candidates it surfaced; those listed match no Glob pattern, and one of these ${unmatched} scans surfaced each.`,
};
