/** A place in a spec: the keys and indexes from its root to a value. */
export type Path = Array<string | number>;

/** Every place in `value` that holds a string, in document order. */
export function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** Puts `value` at `path` inside `target`, whose containers on the way exist. */
export function setAt(target: unknown, path: Path, value: unknown): void {
  let current = target as Record<string | number, unknown>;
  for (const token of path.slice(0, -1)) current = current[token] as Record<string | number, unknown>;
  current[path[path.length - 1] as string | number] = value;
}
