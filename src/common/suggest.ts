import { show } from './text.js';

/**
 * Past these sizes no suggestion is looked for: a name longer than a path, or more candidates than
 * a real spec maps, would make the search cost more than the whole compile.
 */
const MAX_NAME_LENGTH = 200;
const MAX_CANDIDATES = 1000;

/** The closest candidate to a misspelt name, or undefined when none is close enough. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const folded = value.toLowerCase();
  const pool = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
  for (const candidate of pool) if (candidate.toLowerCase() === folded) return candidate;
  if (value.length > MAX_NAME_LENGTH || pool.length > MAX_CANDIDATES) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(value.length / 3));
  for (const candidate of pool) {
    const distance = boundedDistance(folded, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance || (distance === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** " Did you mean "x"?" or nothing. */
export function didYouMean(value: string, candidates: Iterable<string>): string {
  const suggestion = closest(value, candidates);
  return suggestion === undefined || suggestion === value ? '' : ` Did you mean ${show(suggestion)}?`;
}

/**
 * The Levenshtein distance of two strings when it is at most `limit`, else `limit + 1`: only the
 * diagonal band of width 2 x limit is filled, and a row whose best cell exceeds the limit ends it.
 */
function boundedDistance(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const beyond = limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j <= limit ? j : beyond;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current[from - 1] = from === 1 && i <= limit ? i : beyond;
    let rowBest = current[from - 1] as number;
    for (let j = from; j <= to; j++) {
      const substitution = (previous[j - 1] as number) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(substitution, (previous[j] ?? beyond) + 1, (current[j - 1] as number) + 1, beyond);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (to < b.length) current[to + 1] = beyond;
    if (rowBest > limit) return beyond;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length] ?? beyond, beyond);
}
