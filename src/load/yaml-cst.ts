import { CST } from 'yaml';

/**
 * Every token of the concrete syntax tree, parents before children, in document order. A loop
 * over a stack, not recursion: the tree is as deep as the parser let it be.
 */
export function* allTokens(tokens: readonly CST.Token[]): Generator<CST.Token> {
  const stack = [...tokens].reverse();
  for (let token = stack.pop(); token !== undefined; token = stack.pop()) {
    yield token;
    const children = childrenOf(token);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as CST.Token);
  }
}

function childrenOf(token: CST.Token): CST.Token[] {
  if (token.type === 'document') return token.value ? [token.value] : [];
  if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
    const children: CST.Token[] = [];
    for (const item of token.items as CST.CollectionItem[]) {
      if (item.key) children.push(item.key);
      if (item.value) children.push(item.value);
    }
    return children;
  }
  return [];
}

/** A block sequence open where a line starts: what a list item written there may belong to. */
export interface OpenList {
  /** Offset of the dash of its last item before the line. */
  readonly dash: number;
  /** The key whose value it is, and where that key starts; none for a list in a list. */
  readonly owner: { readonly name: string; readonly offset: number } | undefined;
  /** The first key of its items, when they are mappings (`- id: H1`); undefined for items of text. */
  readonly firstKey: string | undefined;
}

/**
 * The block sequences open just before `offset`, outermost first: from the document down, the
 * last item of each collection that starts before `offset`, as far as the nesting goes.
 */
export function openLists(tokens: readonly CST.Token[], offset: number): OpenList[] {
  const lists: OpenList[] = [];
  const document = tokens.find((token): token is CST.Document => token.type === 'document');
  let node = document?.value;
  let owner: OpenList['owner'];
  while (node !== undefined) {
    if (node.type === 'block-seq') {
      const item = lastBefore(node.items, offset);
      const dash = item?.start.find((token) => token.type === 'seq-item-ind');
      if (item === undefined || dash === undefined) break;
      lists.push({ dash: dash.offset, owner, firstKey: firstKeyOf(node.items[0]?.value) });
      owner = undefined;
      node = item.value;
    } else if (node.type === 'block-map') {
      const item = lastBefore(node.items, offset);
      if (item === undefined) break;
      const name = scalarText(item.key);
      owner = name === undefined || !item.key ? undefined : { name, offset: item.key.offset };
      node = item.value;
    } else break;
  }
  return lists;
}

function lastBefore<Item extends CST.CollectionItem>(items: readonly Item[], offset: number): Item | undefined {
  let found: Item | undefined;
  for (const item of items) {
    const start = itemStart(item);
    if (start === undefined) continue;
    if (start >= offset) break;
    found = item;
  }
  return found;
}

/** Where an item starts: its first indicator, anchor or tag, else its key, else its value. */
function itemStart(item: CST.CollectionItem): number | undefined {
  const mark = item.start.find((token) => token.type !== 'space' && token.type !== 'newline' && token.type !== 'comment');
  return mark?.offset ?? item.key?.offset ?? item.sep?.[0]?.offset ?? item.value?.offset;
}

function firstKeyOf(token: CST.Token | undefined): string | undefined {
  return token?.type === 'block-map' ? scalarText(token.items[0]?.key) : undefined;
}

/** The text of a plain or quoted scalar token; undefined for anything else. */
function scalarText(token: CST.Token | null | undefined): string | undefined {
  if (!token || (token.type !== 'scalar' && token.type !== 'single-quoted-scalar' && token.type !== 'double-quoted-scalar'))
    return undefined;
  return CST.resolveAsScalar(token)?.value;
}

/** A flow collection (`[a, b]`, `{a: 1}`): where it opens and, if it does, closes. */
export interface FlowPlace {
  readonly open: number;
  readonly opener: '[' | '{';
  /** Offset of its closing bracket; undefined when the parser found none. */
  readonly close: number | undefined;
}

/** The flow collections of the tree, in document order. */
function flowCollections(tokens: readonly CST.Token[]): FlowPlace[] {
  const places: FlowPlace[] = [];
  for (const token of allTokens(tokens)) {
    if (token.type !== 'flow-collection') continue;
    const opener = token.start.source === '{' ? '{' : '[';
    const closer = opener === '{' ? '}' : ']';
    places.push({ open: token.start.offset, opener, close: token.end.find((end) => end.source === closer)?.offset });
  }
  return places;
}

/** The innermost flow collection that opens before `offset` and does not close before it. */
export function flowAround(tokens: readonly CST.Token[], offset: number): FlowPlace | undefined {
  let found: FlowPlace | undefined;
  for (const place of flowCollections(tokens)) {
    if (place.open >= offset) break;
    if (place.close === undefined || place.close >= offset) found = place;
  }
  return found;
}

/** The scalar, alias or collection token that starts at `offset`. */
export function tokenAt(tokens: readonly CST.Token[], offset: number): CST.Token | undefined {
  for (const token of allTokens(tokens)) {
    if (token.offset === offset && token.type !== 'document') return token;
  }
  return undefined;
}
