import { RegressionUsageError } from './errors.js';

interface Shard {
  /** 1-based index of this shard. */
  index: number;
  count: number;
}

/** Parses "i/n" (whole numbers, 1 <= i <= n); anything else throws a RegressionUsageError. */
function parseShard(spec: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(spec);
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new RegressionUsageError(
      'BAD_SHARD',
      `invalid shard ${JSON.stringify(spec)}: use i/n with whole numbers 1 <= i <= n, for example 2/4`,
    );
  }
  return { index, count };
}

/**
 * This shard's share of a sorted file list, round-robin: file k (0-based) goes to shard
 * (k mod n) + 1. The shards 1/n ... n/n are disjoint and together hold every file.
 */
export function selectShard<T>(files: readonly T[], spec: string): T[] {
  const { index, count } = parseShard(spec);
  return files.filter((_file, k) => k % count === index - 1);
}
