import { investigationSchema } from './validators.js';

export interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const definitions = (investigationSchema as { $defs: Record<string, SchemaNode> }).$defs;

export const rootSchema = investigationSchema as SchemaNode;

/** The schema node with its $ref followed, or undefined for unknown parts of the document. */
export function resolveSchema(node: SchemaNode | undefined): SchemaNode | undefined {
  if (!node?.$ref) return node;
  let target = resolved.get(node.$ref);
  if (!target) resolved.set(node.$ref, (target = resolveSchema(definitions[node.$ref.replace('#/$defs/', '')]) ?? {}));
  return target;
}

const resolved = new Map<string, SchemaNode>();

/** The schema of a child value: a declared property, or the items of an array. */
export function childSchema(node: SchemaNode | undefined, token: string): SchemaNode | undefined {
  const resolved = resolveSchema(node);
  if (!resolved) return undefined;
  if (resolved.items) return resolved.items;
  return resolved.properties && Object.hasOwn(resolved.properties, token) ? resolved.properties[token] : undefined;
}
