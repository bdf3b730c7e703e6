import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { yamlFixPlaces } from '../diagnostics/fix-places.js';
import { parsePointer } from '../diagnostics/pointer.js';
import type { LineIndex, Locator } from './text-position.js';
import { type AliasTargets, keyString } from './yaml-data.js';

/**
 * Where a pointer's value starts in the YAML text: the key of the member it names (the item, in
 * a sequence), or its nearest existing ancestor. A pointer that goes through an alias continues in
 * the node the alias names. Each mapping's keys are indexed on its first lookup, so that locating
 * every member of a mapping of 40,000 keys costs one pass over them, not one pass per lookup.
 */
export function yamlLocator(document: Document.Parsed, aliasTargets: AliasTargets, lines: LineIndex): Locator {
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
  const resolve = (node: unknown): unknown => (isAlias(node) ? aliasTargets.get(node) : node);
  const indexOf = (map: YAMLMap): Map<string, Pair> => {
    let index = indexes.get(map);
    if (index) return index;
    index = new Map();
    for (const pair of map.items as Pair[]) {
      const key = resolve(pair.key);
      const text = isScalar(key) ? keyString(key.value) : undefined;
      if (text !== undefined && !index.has(text)) index.set(text, pair);
    }
    indexes.set(map, index);
    return index;
  };
  const locator: Locator = (pointer) => {
    let node = resolve(document.contents);
    let offset = rangeStart(node);
    for (const token of parsePointer(pointer)) {
      let next: unknown;
      if (isMap(node)) {
        const pair = indexOf(node).get(token);
        if (pair) {
          offset = rangeStart(pair.key) ?? offset;
          next = pair.value;
        }
      } else if (isSeq(node) && /^\d+$/.test(token)) {
        const item: unknown = node.items[Number(token)];
        offset = rangeStart(isPair(item) ? item.key : item) ?? offset;
        next = item;
      } else if (isPair(node)) {
        // A pair in a flow sequence (`[a: 1]`) is a mapping of that one pair.
        const key = resolve(node.key);
        if (isScalar(key) && keyString(key.value) === token) next = node.value;
      }
      next = resolve(next);
      if (next === undefined || next === null) break;
      node = next;
    }
    return offset === undefined ? undefined : lines.position(offset);
  };
  locator.fixPlace = yamlFixPlaces(document.contents);
  return locator;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | undefined)?.range?.[0];
}
