/** Lower priority first; a priority that is not a finite number goes last. */
export function comparePriority(a: unknown, b: unknown): number {
  const x = typeof a === 'number' && Number.isFinite(a) ? a : Number.POSITIVE_INFINITY;
  const y = typeof b === 'number' && Number.isFinite(b) ? b : Number.POSITIVE_INFINITY;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The entries by their `priority` field (see comparePriority), equal priorities in list order. */
export function inPriorityOrder<T extends Record<string, unknown>>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => comparePriority(a.entry['priority'], b.entry['priority']) || a.index - b.index)
    .map(({ entry }) => entry);
}
