/**
 * A record's own value for a key taken from input text, or undefined. A plain `record[key]` would
 * find inherited members: a budget unit named "constructor" or "toString" would be "allowed".
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
