import { resolveSchema, rootSchema, type SchemaNode } from '../schema/walk.js';

/**
 * The spec with every object's keys in the order the schema declares them, followed by any other
 * keys in their original order. Values are left as they are; the input is never modified.
 */
export function normalizeInvestigation(data: Record<string, unknown>): Record<string, unknown> {
  return reorder(data, rootSchema) as Record<string, unknown>;
}

function reorder(value: unknown, schemaNode: SchemaNode | undefined): unknown {
  const node = resolveSchema(schemaNode);
  if (Array.isArray(value)) return value.map((item) => reorder(item, node?.items));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  const known = node?.properties ?? {};
  const put = (key: string, child: SchemaNode | undefined): void => {
    Object.defineProperty(result, key, { value: reorder(source[key], child), enumerable: true, writable: true, configurable: true });
  };
  for (const key of Object.keys(known)) if (Object.hasOwn(source, key)) put(key, known[key]);
  for (const key of Object.keys(source)) if (!Object.hasOwn(known, key)) put(key, undefined);
  return result;
}
