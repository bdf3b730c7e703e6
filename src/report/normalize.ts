import { resolveSchema, rootSchema, type SchemaNode } from '../schema/walk.js';

/**
 * The spec with the keys of every object the schema describes in the order it declares them,
 * followed by any other keys in their original order. Values are shared, not copied, and never
 * modified: the input stays as it was.
 */
export function normalizeInvestigation(data: Record<string, unknown>): Record<string, unknown> {
  return reorder(data, rootSchema) as Record<string, unknown>;
}

function reorder(value: unknown, schemaNode: SchemaNode | undefined): unknown {
  const node = resolveSchema(schemaNode);
  if (!node || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = resolveSchema(node.items);
    return items?.properties ? value.map((item) => reorder(item, items)) : value;
  }
  const known = node.properties;
  if (!known) return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key in known) if (Object.hasOwn(source, key)) result[key] = reorder(source[key], known[key]);
  for (const key of Object.keys(source)) {
    if (Object.hasOwn(known, key)) continue;
    // A plain assignment of "__proto__" would replace the prototype; a definition keeps it data.
    if (key === '__proto__') Object.defineProperty(result, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else result[key] = source[key];
  }
  return result;
}
