import { round4 } from '../common/numbers.js';

/** The k values of pass@k and pass^k when none are given (`stats --k`). */
export const DEFAULT_K: readonly number[] = [1, 3, 5];

/** Most k values one run of `stats` takes: each one adds two columns to the table of tasks. */
export const MAX_K_VALUES = 10;

/**
 * pass@k: the chance that at least one of k runs, drawn without replacement from n runs of which c
 * passed, passes. The unbiased estimator of Chen et al. (2021), 1 − C(n−c, k) / C(n, k), as the
 * product ∏ (1 − k/i) for i from n−c+1 to n, which neither overflows nor loses digits to
 * factorials. Rounded to 4 decimals; null when k > n (k runs cannot be drawn).
 */
export function passAtK(n: number, c: number, k: number): number | null {
  if (!validCounts(n, c, k)) return null;
  if (n - c < k) return 1;
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return round4(1 - allFail);
}

/**
 * pass^k: the chance that all of k runs, drawn without replacement, pass (the τ-bench paper's
 * pass^k): C(c, k) / C(n, k), as the product ∏ (c−i) / (n−i) for i from 0 to k−1. Rounded to 4
 * decimals; null when k > n.
 */
export function passHatK(n: number, c: number, k: number): number | null {
  if (!validCounts(n, c, k)) return null;
  if (c < k) return 0;
  let allPass = 1;
  for (let i = 0; i < k; i++) allPass *= (c - i) / (n - i);
  return round4(allPass);
}

/** Whole numbers with 0 <= c <= n and 1 <= k <= n. */
function validCounts(n: number, c: number, k: number): boolean {
  return Number.isSafeInteger(n) && Number.isSafeInteger(c) && Number.isSafeInteger(k) && c >= 0 && c <= n && k >= 1 && k <= n;
}
