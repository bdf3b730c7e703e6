import { resolveSchema, rootSchema, type SchemaNode } from '../schema/walk.js';

/** What reordering needs of a schema node, worked out once: its declared keys in order, with their schemas. */
interface Layout {
  /** Declared key -> its position and the layout of its value. */
  keys: Map<string, { position: number; layout: Layout | undefined }>;
  /** The layout of an array's items, when they are objects the schema describes. */
  items: Layout | undefined;
}

const layouts = new Map<SchemaNode, Layout | undefined>();

function layoutOf(schemaNode: SchemaNode | undefined): Layout | undefined {
  const node = resolveSchema(schemaNode);
  if (!node) return undefined;
  if (layouts.has(node)) return layouts.get(node);
  const layout: Layout = { keys: new Map(), items: undefined };
  // Set before recursing: a schema that refers to itself reuses the layout being built.
  layouts.set(node, layout);
  for (const [position, key] of Object.keys(node.properties ?? {}).entries()) {
    layout.keys.set(key, { position, layout: layoutOf(node.properties?.[key]) });
  }
  layout.items = node.items && resolveSchema(node.items)?.properties ? layoutOf(node.items) : undefined;
  const useful = layout.keys.size > 0 || layout.items !== undefined;
  layouts.set(node, useful ? layout : undefined);
  return useful ? layout : undefined;
}

/**
 * The spec with the keys of every object the schema describes in the order it declares them,
 * followed by any other keys in their original order. Values are shared, not copied, and never
 * modified: the input stays as it was. An object or array already in that order is returned as it
 * is, so that a spec written in the schema's order (the usual case) costs no copy at all.
 */
export function normalizeInvestigation(data: Record<string, unknown>): Record<string, unknown> {
  return reorder(data, layoutOf(rootSchema)) as Record<string, unknown>;
}

function reorder(value: unknown, layout: Layout | undefined): unknown {
  if (!layout || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = layout.items;
    if (!items) return value;
    let changed: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = reorder(value[index], items);
      if (item !== value[index]) (changed ??= value.slice())[index] = item;
    }
    return changed ?? value;
  }
  const source = value as Record<string, unknown>;
  let children: Map<string, unknown> | undefined;
  let ordered = true;
  let last = -1;
  let unknownSeen = false;
  for (const key of Object.keys(source)) {
    const declared = layout.keys.get(key);
    if (declared === undefined) {
      unknownSeen = true;
      continue;
    }
    if (unknownSeen || declared.position < last) ordered = false;
    last = declared.position;
    const child = reorder(source[key], declared.layout);
    if (child !== source[key]) (children ??= new Map()).set(key, child);
  }
  if (ordered && children === undefined) return value;
  const result: Record<string, unknown> = {};
  for (const key of layout.keys.keys()) if (Object.hasOwn(source, key)) result[key] = children?.has(key) ? children.get(key) : source[key];
  for (const key of Object.keys(source)) {
    if (layout.keys.has(key)) continue;
    // A plain assignment of "__proto__" would replace the prototype; a definition keeps it data.
    if (key === '__proto__')
      Object.defineProperty(result, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else result[key] = source[key];
  }
  return result;
}
