import { show } from './text.js';

/**
 * Past these sizes no suggestion is looked for: a name longer than a path, or more candidates than
 * a real spec maps, would make the search cost more than the whole compile.
 */
const MAX_NAME_LENGTH = 200;
const MAX_CANDIDATES = 1000;

/**
 * The one candidate closest to a misspelt name, compared without case (so a difference of case
 * alone ranks first): what every "did you mean" offers. Undefined when the name is itself a
 * candidate, when none is within a third of its length, or when two or more are equally close (H5
 * among H1 to H4): a guess between equals would send the reader the wrong way as often as not.
 */
export function suggestionFor(value: string, candidates: Iterable<string>): string | undefined {
  const { best, tied } = closestOf(value, candidates);
  return tied || best === value ? undefined : best;
}

/**
 * The candidate at the smallest distance within the bound, and whether another, different one is
 * as close. A match but for case is looked for first, even past the bounds of the search.
 */
function closestOf(value: string, candidates: Iterable<string>): { best: string | undefined; tied: boolean } {
  const folded = value.toLowerCase();
  const pool = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
  let best: string | undefined;
  let tied = false;
  for (const candidate of pool) {
    if (candidate.toLowerCase() !== folded) continue;
    if (best === undefined) best = candidate;
    else if (candidate !== best) tied = true;
  }
  if (best !== undefined || value.length > MAX_NAME_LENGTH || pool.length > MAX_CANDIDATES) return { best, tied };
  let bestDistance = Math.max(1, Math.floor(value.length / 3));
  for (const candidate of pool) {
    const distance = boundedDistance(folded, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance || (distance === bestDistance && best === undefined)) {
      best = candidate;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance && candidate !== best) {
      tied = true;
    }
  }
  return { best, tied };
}

/**
 * What to suggest for a value outside a short list of allowed values: the closest one, else the
 * one value that starts like it, so that a shortened "[CODE]" still finds "[CODIGO]", else the one
 * value that shares most words with it, so that "resolved" finds "goal_resolved". Values equally
 * close end the search with no suggestion: what only breaks their tie is no better a guess.
 */
export function suggestAllowed(value: string, allowed: readonly string[]): string | undefined {
  const { best, tied } = closestOf(value, allowed);
  if (best !== undefined) return tied || best === value ? undefined : best;
  return soleLongestPrefix(value, allowed) ?? soleWordOverlap(value, allowed);
}

/**
 * The candidate sharing the most whole words with the value (words split at anything but letters
 * and digits, and between a lower-case letter and a capital), when no other shares as many.
 */
function soleWordOverlap(value: string, candidates: readonly string[]): string | undefined {
  if (value.length > MAX_NAME_LENGTH || candidates.length > MAX_CANDIDATES) return undefined;
  const words = new Set(wordsOf(value));
  let best: string | undefined;
  let bestCount = 0;
  let tied = false;
  for (const candidate of candidates) {
    const count = new Set(wordsOf(candidate).filter((word) => words.has(word))).size;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
      tied = false;
    } else if (count === bestCount && count > 0) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}

function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The candidate sharing the longest case-folded prefix with the value, when that prefix is at
 * least half of the value and no other candidate shares one as long.
 */
function soleLongestPrefix(value: string, candidates: readonly string[]): string | undefined {
  if (value.length > MAX_NAME_LENGTH || candidates.length > MAX_CANDIDATES) return undefined;
  const folded = value.toLowerCase();
  let best: string | undefined;
  let bestLength = Math.ceil(folded.length / 2) - 1;
  let tied = false;
  for (const candidate of candidates) {
    const length = sharedPrefixLength(folded, candidate.toLowerCase());
    if (length > bestLength) {
      best = candidate;
      bestLength = length;
      tied = false;
    } else if (length === bestLength && best !== undefined) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}

function sharedPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

/** " Did you mean "x"?" or nothing. */
export function didYouMean(value: string, candidates: Iterable<string>): string {
  return offerSuggestion(suggestionFor(value, candidates));
}

/** " Did you mean "x"?" for a suggestion already found, or nothing. */
export function offerSuggestion(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` Did you mean ${show(suggestion)}?`;
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

/**
 * Whether writing `replacement` for `value` only corrects its spelling: the two are the same once
 * case, accents and punctuation are set aside ("grep" and "Grep", "[CÓDIGO]" and "[CODIGO]"), or,
 * for a word of five letters or more, one letter apart ("confrims" and "confirms"). Anything else
 * ("[CODE]" for "[CODIGO]", "resolved" for "goal_resolved") may change what the value means.
 */
export function onlySpellingDiffers(value: string, replacement: string): boolean {
  const a = spellingKey(value);
  const b = spellingKey(replacement);
  if (a === b) return true;
  return Math.min(a.length, b.length) >= 5 && (boundedDistance(a, b, 1) <= 1 || swapsTwoNeighbours(a, b));
}

/** Whether `b` is `a` with two neighbouring characters swapped ("confrims", "confirms"). */
function swapsTwoNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let first = 0;
  while (first < a.length && a[first] === b[first]) first++;
  return first < a.length - 1 && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
}

/** A text with case, accents and everything but letters and digits set aside. */
function spellingKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
