import { resolveSchema, rootSchema, type SchemaNode } from '../schema/walk.js';

/**
 * The spec with the keys of every object the schema describes in the order it declares them,
 * followed by any other keys in their original order. Values are shared, not copied, and never
 * modified: the input stays as it was. An object or array already in that order is returned as it
 * is, so that a spec written in the schema's order (the usual case) costs no copy at all.
 */
export function normalizeInvestigation(data: Record<string, unknown>): Record<string, unknown> {
  return reorder(data, rootSchema) as Record<string, unknown>;
}

function reorder(value: unknown, schemaNode: SchemaNode | undefined): unknown {
  const node = resolveSchema(schemaNode);
  if (!node || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = resolveSchema(node.items);
    if (!items?.properties) return value;
    let changed: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = reorder(value[index], items);
      if (item !== value[index]) (changed ??= value.slice())[index] = item;
    }
    return changed ?? value;
  }
  const known = node.properties;
  if (!known) return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  const children = new Map<string, unknown>();
  for (const key of keys) {
    if (!Object.hasOwn(known, key)) continue;
    const child = reorder(source[key], known[key]);
    if (child !== source[key]) children.set(key, child);
  }
  if (children.size === 0 && inDeclaredOrder(keys, known)) return value;
  const result: Record<string, unknown> = {};
  for (const key in known) if (Object.hasOwn(source, key)) result[key] = children.has(key) ? children.get(key) : source[key];
  for (const key of keys) {
    if (Object.hasOwn(known, key)) continue;
    // A plain assignment of "__proto__" would replace the prototype; a definition keeps it data.
    if (key === '__proto__') Object.defineProperty(result, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else result[key] = source[key];
  }
  return result;
}

/** Whether the declared keys come first, in the declared order, and every other key after them. */
function inDeclaredOrder(keys: readonly string[], known: Record<string, unknown>): boolean {
  const declared = orderOf(known);
  let last = -1;
  let unknownSeen = false;
  for (const key of keys) {
    const position = declared.get(key);
    if (position === undefined) {
      unknownSeen = true;
    } else {
      if (unknownSeen || position < last) return false;
      last = position;
    }
  }
  return true;
}

const orders = new WeakMap<object, Map<string, number>>();

function orderOf(known: Record<string, unknown>): Map<string, number> {
  let order = orders.get(known);
  if (!order) orders.set(known, (order = new Map(Object.keys(known).map((key, index) => [key, index]))));
  return order;
}
