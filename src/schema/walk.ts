import { investigationSchema } from './validators.js';

export interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  $defs?: Record<string, SchemaNode>;
}

/** The spec's schema: its declared order of fields is the order diagnostics are listed in. */
export const rootSchema = investigationSchema as SchemaNode;

/** Each root's $refs, resolved once. */
const resolvedByRoot = new Map<SchemaNode, Map<string, SchemaNode>>();

/** The schema node with its $ref followed (within `root`), or undefined for unknown parts of the document. */
export function resolveSchema(node: SchemaNode | undefined, root: SchemaNode = rootSchema): SchemaNode | undefined {
  if (!node?.$ref) return node;
  let resolved = resolvedByRoot.get(root);
  if (!resolved) resolvedByRoot.set(root, (resolved = new Map()));
  let target = resolved.get(node.$ref);
  if (!target) resolved.set(node.$ref, (target = resolveSchema(root.$defs?.[node.$ref.replace('#/$defs/', '')], root) ?? {}));
  return target;
}

/** The schema of a child value: a declared property, or the items of an array. */
export function childSchema(node: SchemaNode | undefined, token: string, root: SchemaNode = rootSchema): SchemaNode | undefined {
  const resolved = resolveSchema(node, root);
  if (!resolved) return undefined;
  if (resolved.items) return resolved.items;
  return resolved.properties && Object.hasOwn(resolved.properties, token) ? resolved.properties[token] : undefined;
}
