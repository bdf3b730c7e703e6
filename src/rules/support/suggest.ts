import { show } from './text.js';

/** The closest candidate to a misspelt name, or undefined when none is close enough. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const folded = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === folded) return candidate;
    const distance = levenshtein(folded, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(1, Math.floor(value.length / 3));
  return bestDistance <= tolerance ? best : undefined;
}

/** " Did you mean "x"?" or nothing. */
export function didYouMean(value: string, candidates: Iterable<string>): string {
  const suggestion = closest(value, candidates);
  return suggestion === undefined || suggestion === value ? '' : ` Did you mean ${show(suggestion)}?`;
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
