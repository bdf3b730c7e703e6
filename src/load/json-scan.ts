/**
 * Scans over JSON text, in time linear in its length and without recursion: it counts members,
 * finds a repeated key, finds where given pointers start (text JSON.parse has accepted), measures
 * nesting before anything parses it, and finds a top-level member of text too deep to parse
 * (checked valid by isJsonText). Containers of no interest are skipped by bracket matching.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * The number of colons outside strings, which in valid JSON is the number of object members.
 * JSON.parse keeps the last of two equal keys without a word, so fewer parsed members than colons
 * means a key was repeated. Both searches only move forward: linear even with millions of strings.
 */
export function countMemberSeparators(text: string): number {
  let count = 0;
  let at = 0;
  let colon = text.indexOf(':');
  for (;;) {
    const quote = text.indexOf('"', at);
    const end = quote === -1 ? text.length : quote;
    while (colon !== -1 && colon < end) {
      count++;
      colon = text.indexOf(':', colon + 1);
    }
    if (quote === -1) return count;
    at = stringEnd(text, quote);
    if (colon !== -1 && colon < at) colon = text.indexOf(':', at);
  }
}

/** The first key repeated within one object: its offset, the first occurrence's offset, and the key. */
export interface RepeatedKey {
  key: string;
  offset: number;
  firstOffset: number;
}

export function findRepeatedKey(text: string): RepeatedKey | undefined {
  let found: RepeatedKey | undefined;
  const value = (start: number): number => {
    const at = skipSpace(text, start);
    const code = text.charCodeAt(at);
    if (code === OPEN_BRACE) {
      const seen = new Map<string, number>();
      return members(text, at, (key, keyOffset, valueStart) => {
        const first = seen.get(key);
        if (first !== undefined && found === undefined) found = { key, offset: keyOffset, firstOffset: first };
        if (first === undefined) seen.set(key, keyOffset);
        return found === undefined ? value(valueStart) : skipValue(text, valueStart);
      });
    }
    if (code === OPEN_BRACKET)
      return items(text, at, (_index, itemStart) => (found === undefined ? value(itemStart) : skipValue(text, itemStart)));
    return skipValue(text, at);
  };
  value(0);
  return found;
}

/**
 * The text of the value of `key` in the top-level object of valid JSON text (the last, when the
 * key is repeated, as JSON.parse keeps it), found without descending into any value; undefined
 * when the text is not an object or has no such key. For text too deep to parse.
 */
export function topLevelMember(text: string, key: string): string | undefined {
  const open = skipSpace(text, 0);
  if (text.charCodeAt(open) !== OPEN_BRACE) return undefined;
  let found: string | undefined;
  members(text, open, (name, _keyOffset, valueStart) => {
    const end = skipValue(text, valueStart);
    if (name === key) found = text.slice(valueStart, end);
    return end;
  });
  return found;
}

interface Wanted {
  children: Map<string, Wanted>;
  /** Where the member it names starts: its key; for an array item, the item. */
  offset?: number;
  /** Where its value is written, from its first character to just after its last. */
  value?: { start: number; end: number };
}

/**
 * The pointers (as their reference tokens) as a tree of the members they name, each marked with
 * where it was found: one pass over the text, descending only into the members the pointers name.
 * Of a key written twice, the first is kept.
 */
function findWanted(text: string, pointers: ReadonlyArray<readonly string[]>): Wanted {
  const root: Wanted = { children: new Map() };
  for (const tokens of pointers) {
    let node = root;
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) node.children.set(token, (child = { children: new Map() }));
      node = child;
    }
  }
  const value = (start: number, wanted: Wanted): number => {
    const at = skipSpace(text, start);
    const end = valueEnd(at, wanted);
    wanted.value ??= { start: at, end };
    return end;
  };
  const valueEnd = (at: number, wanted: Wanted): number => {
    if (wanted.children.size === 0) return skipValue(text, at);
    const code = text.charCodeAt(at);
    if (code === OPEN_BRACE) {
      return members(text, at, (key, keyOffset, valueStart) => {
        const child = wanted.children.get(key);
        if (!child) return skipValue(text, valueStart);
        child.offset ??= keyOffset;
        return value(valueStart, child);
      });
    }
    if (code === OPEN_BRACKET) {
      return items(text, at, (index, itemStart) => {
        const child = wanted.children.get(String(index));
        if (!child) return skipValue(text, itemStart);
        child.offset ??= itemStart;
        return value(itemStart, child);
      });
    }
    return skipValue(text, at);
  };
  root.offset = skipSpace(text, 0);
  value(0, root);
  return root;
}

/**
 * For each pointer (as its reference tokens), the offset where the member it names starts (its
 * key; for an array item, the item), or that of its nearest existing ancestor. One pass over the
 * text, descending only into the members the pointers name.
 */
export function locatePointers(text: string, pointers: ReadonlyArray<readonly string[]>): number[] {
  const root = findWanted(text, pointers);
  return pointers.map((tokens) => {
    let node = root;
    let offset = root.offset as number;
    for (const token of tokens) {
      const child = node.children.get(token);
      if (child?.offset === undefined) break;
      offset = child.offset;
      node = child;
    }
    return offset;
  });
}

/**
 * For each pointer (as its reference tokens), where the value it names is written: from its first
 * character to just after its last (a string's quotes included), or undefined when the text has no
 * such value. As locatePointers, one pass, in memory that grows with the pointers, not the text.
 */
export function locateValues(text: string, pointers: ReadonlyArray<readonly string[]>): Array<{ start: number; end: number } | undefined> {
  const root = findWanted(text, pointers);
  return pointers.map((tokens) => {
    let node: Wanted | undefined = root;
    for (const token of tokens) node = node?.children.get(token);
    return node?.value;
  });
}

/** Walks the members of the object at `open`; `visit` gets each key and where its value starts, and returns where the value ends. */
function members(text: string, open: number, visit: (key: string, keyOffset: number, valueStart: number) => number): number {
  let at = skipSpace(text, open + 1);
  if (text.charCodeAt(at) === CLOSE_BRACE) return at + 1;
  for (;;) {
    const keyEnd = stringEnd(text, at);
    const key = decodeString(text, at, keyEnd);
    const colon = skipSpace(text, keyEnd);
    at = skipSpace(text, visit(key, at, skipSpace(text, colon + 1)));
    if (text.charCodeAt(at) !== COMMA) return at + 1;
    at = skipSpace(text, at + 1);
  }
}

/** Walks the items of the array at `open`; `visit` gets each index and where the item starts, and returns where it ends. */
function items(text: string, open: number, visit: (index: number, itemStart: number) => number): number {
  let at = skipSpace(text, open + 1);
  if (text.charCodeAt(at) === CLOSE_BRACKET) return at + 1;
  for (let index = 0; ; index++) {
    at = skipSpace(text, visit(index, at));
    if (text.charCodeAt(at) !== COMMA) return at + 1;
    at = skipSpace(text, at + 1);
  }
}

/** Where the value starting at `start` ends: strings and containers by matching, scalars at the next delimiter. */
function skipValue(text: string, start: number): number {
  const code = text.charCodeAt(start);
  if (code === QUOTE) return stringEnd(text, start);
  if (code !== OPEN_BRACE && code !== OPEN_BRACKET) {
    let at = start;
    while (at < text.length && !isDelimiter(text.charCodeAt(at))) at++;
    return at;
  }
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const current = text.charCodeAt(at);
    if (current === QUOTE) at = stringEnd(text, at) - 1;
    else if (current === OPEN_BRACE || current === OPEN_BRACKET) depth++;
    else if ((current === CLOSE_BRACE || current === CLOSE_BRACKET) && --depth === 0) return at + 1;
  }
  return text.length;
}

/** The offset just after the string whose opening quote is at `open`. */
function stringEnd(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at + 1;
  }
  return text.length;
}

function decodeString(text: string, open: number, end: number): string {
  const raw = text.slice(open + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/** The offset of the first character at or after `start` that is not JSON white space. */
export function skipSpace(text: string, start: number): number {
  let at = start;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return at;
    at++;
  }
}

function isDelimiter(code: number): boolean {
  return (
    code === COMMA ||
    code === CLOSE_BRACE ||
    code === CLOSE_BRACKET ||
    code === 32 ||
    code === 10 ||
    code === 13 ||
    code === 9 ||
    code === COLON
  );
}

/** How deeply JSON text nests objects and arrays: the deepest level (the outermost is 1), and where the first container past a limit opens. */
export interface Nesting {
  deepest: number;
  /** The offset of the bracket that opens the first container nested `limit` + 1 levels deep; undefined when none is. */
  pastLimit: number | undefined;
}

/**
 * The nesting of JSON text, counted on the text before it is parsed, so that a document too deep
 * for the code that walks it is refused before anything builds or walks it, at a place a message
 * can name. Exact for valid JSON; for other text a count that JSON.parse then refuses. Strings are
 * skipped whole, so brackets inside them do not count.
 */
export function measureNesting(text: string, limit: number): Nesting {
  let depth = 0;
  let deepest = 0;
  let pastLimit: number | undefined;
  for (let at = 0; at < text.length; at++) {
    const current = text.charCodeAt(at);
    if (current === QUOTE) at = stringEnd(text, at) - 1;
    else if (current === OPEN_BRACE || current === OPEN_BRACKET) {
      if (++depth > deepest) deepest = depth;
      if (depth > limit && pastLimit === undefined) pastLimit = at;
    } else if (current === CLOSE_BRACE || current === CLOSE_BRACKET) depth--;
  }
  return { deepest, pastLimit };
}
