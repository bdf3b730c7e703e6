/** Ids match only when both are the same string, or the same number. */
export function idKey(value: unknown): string | undefined {
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'number' && Number.isFinite(value)) return `n:${value}`;
  return undefined;
}

/** What was recorded for the item with this id, if anything. */
export function lookup<T>(byId: ReadonlyMap<string, T>, id: unknown): T | undefined {
  const key = idKey(id);
  return key === undefined ? undefined : byId.get(key);
}
