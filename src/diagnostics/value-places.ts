// Where a JSON Pointer's value lies in a document's text, and which pointer a place in the text
// belongs to: what the compiler's line and column do not say, for the editor's ranges, hover and
// completion and the HTML page's highlight (the fixes' edits have their own, stricter places:
// fix-places.ts). JSON through jsonc-parser's tree, YAML through the yaml document's node ranges.
import { findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import { isMap, isScalar, isSeq, parseDocument, type Scalar } from 'yaml';
import { isIndexToken, parsePointer } from './pointer.js';

export type DocumentFormat = 'json' | 'yaml';

/** A span of the text, by UTF-16 offsets, end excluded. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Where the values pointers name are written in one text: undefined when the text has no such
 * value. The text is parsed once, on the first question, however many diagnostics ask.
 */
export function valueSpans(text: string, format: DocumentFormat): (pointer: string) => Span | undefined {
  if (format === 'json') {
    let root: ReturnType<typeof parseTree> | null = null;
    return (pointer) => {
      root ??= parseTree(text);
      const node = root === undefined ? undefined : findNodeAtLocation(root, parsePointer(pointer).map(segment));
      return node === undefined ? undefined : { start: node.offset, end: node.offset + node.length };
    };
  }
  let contents: unknown = null;
  let parsed = false;
  return (pointer) => {
    if (!parsed) {
      contents = parseDocument(text, { uniqueKeys: false }).contents;
      parsed = true;
    }
    const node = yamlNodeAt(contents, parsePointer(pointer));
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    return range === undefined ? undefined : { start: range[0], end: range[1] };
  };
}

/** A place in the text: the pointer of the value it is in (or of the member whose key it is on), as tokens. */
export interface Place {
  tokens: string[];
  /** On a key rather than on its value. */
  onKey: boolean;
}

/** The place an offset of the text lies in; undefined outside every value. */
export function placeAt(text: string, format: DocumentFormat, offset: number): Place | undefined {
  if (format === 'json') {
    const location = getLocation(text, offset);
    return { tokens: location.path.map(String), onKey: location.isAtPropertyKey };
  }
  const tokens: string[] = [];
  let node: unknown = parseDocument(text, { uniqueKeys: false }).contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((item) => covers(item.key, offset) || covers(item.value, offset));
      if (pair === undefined || !isScalar(pair.key)) return { tokens, onKey: false };
      tokens.push(String(pair.key.value));
      if (covers(pair.key, offset)) return { tokens, onKey: true };
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => covers(item, offset));
      if (index === -1) return { tokens, onKey: false };
      tokens.push(String(index));
      node = node.items[index];
    } else {
      return { tokens, onKey: false };
    }
  }
}

/** Whether a node's text holds the offset, its end too (where the cursor sits after the last character). */
function covers(node: unknown, offset: number): boolean {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range !== undefined && offset >= range[0] && offset <= range[1];
}

function segment(token: string): string | number {
  return isIndexToken(token) ? Number(token) : token;
}

/** The node of a YAML document a pointer's tokens lead to: a mapping's value by key, a sequence's item by index. */
function yamlNodeAt(root: unknown, tokens: readonly string[]): unknown {
  let node: unknown = root;
  for (const token of tokens) {
    if (isMap(node)) node = node.items.find((pair) => isScalar(pair.key) && String((pair.key as Scalar).value) === token)?.value;
    else if (isSeq(node) && isIndexToken(token)) node = node.items[Number(token)];
    else return undefined;
  }
  return node;
}
