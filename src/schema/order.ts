import { compareAtOnePlace, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { parsePointer } from '../diagnostics/pointer.js';
import { childSchema, resolveSchema, rootSchema, type SchemaNode } from './walk.js';

type OrderKey = Array<number | string>;

/**
 * Sorts diagnostics in the order a reader meets them in a document: fields in the order its schema
 * (`root`, the spec's by default) declares them (goal, budget, surfaceMap, ...), array items by
 * index, unknown keys last by name;
 * then errors before warnings, then by rule id and message.
 */
export function sortInDocumentOrder(diagnostics: Diagnostic[], root: SchemaNode = rootSchema): Diagnostic[] {
  const keys = new Map<string, OrderKey>();
  const keyOf = (path: string): OrderKey => {
    let key = keys.get(path);
    if (!key) keys.set(path, (key = orderKey(path, root)));
    return key;
  };
  return diagnostics.sort((a, b) => compareKeys(keyOf(a.path), keyOf(b.path)) || compareAtOnePlace(a, b));
}

const UNKNOWN_KEY = 1_000_000;

function orderKey(path: string, root: SchemaNode): OrderKey {
  const key: OrderKey = [];
  let node: SchemaNode | undefined = root;
  for (const token of parsePointer(path)) {
    const resolved = resolveSchema(node, root);
    const declared = resolved?.properties ? Object.keys(resolved.properties).indexOf(token) : -1;
    if (resolved?.items && /^\d+$/.test(token)) key.push(Number(token));
    else if (declared >= 0) key.push(declared);
    else key.push(UNKNOWN_KEY, token);
    node = childSchema(node, token, root);
  }
  return key;
}

function compareKeys(a: OrderKey, b: OrderKey): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return compareStrings(String(x), String(y));
  }
  return a.length - b.length;
}
