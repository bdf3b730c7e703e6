/**
 * The linear JSON scans against an independent oracle: jsonc-parser's syntax tree. For random
 * documents, every pointer (and pointers that run past the document) locates where the tree says,
 * members are counted exactly, and a repeated key is found with both of its places.
 */
import fc from 'fast-check';
import { type Node, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { countMemberSeparators, findRepeatedKey, locatePointers, locateValues } from '../../src/load/json-scan.js';
import { measureShape } from '../../src/load/shape.js';
import { growthRatio, LINEAR } from '../support/scaling.js';

/** The offset jsonc-parser's tree gives for a pointer: the member's key, the item, or the nearest existing ancestor. */
function treeOffset(root: Node, tokens: readonly string[]): number {
  let node = root;
  let offset = root.offset;
  for (const token of tokens) {
    let next: Node | undefined;
    if (node.type === 'object') {
      const property = node.children?.find((child) => child.children?.[0]?.value === token);
      next = property?.children?.[1];
      if (property) offset = property.offset;
    } else if (node.type === 'array' && /^\d+$/.test(token)) {
      next = node.children?.[Number(token)];
      if (next) offset = next.offset;
    }
    if (!next) break;
    node = next;
  }
  return offset;
}

/** Where jsonc-parser's tree writes the value a pointer names, or undefined when there is none. */
function treeValue(root: Node, tokens: readonly string[]): { start: number; end: number } | undefined {
  let node: Node | undefined = root;
  for (const token of tokens) {
    if (node?.type === 'object') node = node.children?.find((child) => child.children?.[0]?.value === token)?.children?.[1];
    else if (node?.type === 'array' && /^\d+$/.test(token)) node = node.children?.[Number(token)];
    else node = undefined;
  }
  return node === undefined ? undefined : { start: node.offset, end: node.offset + node.length };
}

function pointersOf(value: unknown, prefix: string[] = []): string[][] {
  const found: string[][] = [prefix, [...prefix, 'missing'], [...prefix, '7']];
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...pointersOf(item, [...prefix, String(index)])));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) found.push(...pointersOf(item, [...prefix, key]));
  return found;
}

const keys = fc.oneof(fc.constantFrom('a', 'b', 'goal', '', 'a/b', 'x"y', 'k\\', 'é', '0'), fc.string({ maxLength: 4 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 6 }),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
})).value;
const spacing = fc.constantFrom(undefined, 2, '\t', ' \r\n ');

describe('linear JSON scans', () => {
  it("locate every pointer where jsonc-parser's tree does", () => {
    fc.assert(
      fc.property(json, spacing, (value, space) => {
        const text = JSON.stringify(value, null, space);
        const pointers = pointersOf(value);
        const tree = parseTree(text) as Node;
        expect(locatePointers(text, pointers)).toEqual(pointers.map((tokens) => treeOffset(tree, tokens)));
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });

  it("find every pointer's value where jsonc-parser's tree does, and none where it has none", () => {
    fc.assert(
      fc.property(json, spacing, (value, space) => {
        const text = JSON.stringify(value, null, space);
        const pointers = pointersOf(value);
        const tree = parseTree(text) as Node;
        expect(locateValues(text, pointers)).toEqual(pointers.map((tokens) => treeValue(tree, tokens)));
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });

  it('count one separator per member, whatever the strings hold', () => {
    fc.assert(
      fc.property(json, spacing, (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(countMemberSeparators(text)).toBe(measureShape(value).members);
        expect(findRepeatedKey(text)).toBeUndefined();
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });

  it('find a repeated key and both of its places, also behind escapes', () => {
    const text = '{"a": {"x\\u0041": 1, "b": [{"c": 1, "c": 2}]}, "xA": 3}';
    expect(findRepeatedKey(text)).toEqual({ key: 'c', offset: text.lastIndexOf('"c"'), firstOffset: text.indexOf('"c"') });
    const escaped = '{"k\\u0041": 1, "kA": 2}';
    expect(findRepeatedKey(escaped)).toEqual({ key: 'kA', offset: escaped.indexOf('"kA"'), firstOffset: 1 });
  });

  it('stay linear on a million strings and a million members', () => {
    const strings = (count: number) => JSON.stringify({ risks: Array.from({ length: count }, () => 'r') });
    const members = (count: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`x-${index}`, index])));
    for (const shape of [strings, members]) {
      const scan = (count: number) => {
        const text = shape(count);
        return () => {
          countMemberSeparators(text);
          findRepeatedKey(text);
          locatePointers(text, [['risks', String(count - 1)], [`x-${count - 1}`]]);
          locateValues(text, [['risks', String(count - 1)], [`x-${count - 1}`]]);
        };
      };
      // The quadratic scan this replaces took minutes at a million: the test's timeout guards that size.
      scan(1_000_000)();
      expect(growthRatio(scan, 62_500)).toBeLessThan(LINEAR);
    }
  });
});
