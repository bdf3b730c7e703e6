// The top-level keys a document's first bytes show, read without parsing it: enough to see that a
// file found in a folder is a spec (its `goal`, `budget`, … or a katas report's `schema`) before
// it is read whole. Approximate by design, and never wrong in the way that costs: a key missed
// only sends the file to a full parse, and a key seen where a parser would see none leaves the
// file to be judged as it would be without this (see src/run/file-kind.ts).

/**
 * The keys at the top level of `head` (the start of a JSON or YAML text; `complete` when it is
 * the whole text), each with its value when that is a string written simply on the same line
 * (`"schema": "…"`, `schema: …`), else undefined. Null when the text opens with anything but a
 * JSON object or a YAML block mapping (a list, a scalar, a flow mapping in YAML syntax): no key
 * can be read from it without a parser.
 */
export function headKeys(head: string, complete: boolean): Record<string, string | undefined> | null {
  const text = head.startsWith('\uFEFF') ? head.slice(1) : head;
  const first = /\S/.exec(text);
  if (first === null) return null;
  const found = first[0] === '{' ? jsonKeys(text, first.index) : yamlKeys(complete ? text : text.slice(0, text.lastIndexOf('\n') + 1));
  return found === null ? null : Object.fromEntries(found);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The keys at depth 1 of a JSON object, in order; a string cut off by the end of the head ends the scan. */
function jsonKeys(text: string, start: number): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  let depth = 0;
  let expectKey = false;
  let key: string | null = null;
  let valueNext = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index] as string;
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue;
    const atValue = valueNext;
    valueNext = false;
    if (char === '"') {
      const end = stringEnd(text, index);
      if (end < 0) break;
      const value = unescaped(text.slice(index + 1, end));
      if (depth === 1 && expectKey) {
        key = value;
        found.set(key, undefined);
        expectKey = false;
      } else if (depth === 1 && atValue && key !== null) {
        found.set(key, value);
      }
      index = end;
    } else if (char === ':') {
      valueNext = depth === 1 && key !== null && !expectKey;
    } else if (char === '{' || char === '[') {
      depth++;
      if (depth === 1) expectKey = char === '{';
    } else if (char === '}' || char === ']') {
      depth--;
    } else if (char === ',' && depth === 1) {
      expectKey = true;
      key = null;
    }
  }
  return found;
}

/** The index of the quote that closes the string opening at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === QUOTE) return index;
  }
  return -1;
}

function unescaped(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * A YAML block mapping's keys: the lines that start at column 0 with `key:` (plain, or in double
 * or single quotes), up to the end of the first document. Comments, blank and indented lines are
 * passed over; a column-0 line of another shape (a list item, a flow collection, an anchor or tag
 * on a key) ends the scan, and so null when it is the first line of content.
 */
function yamlKeys(text: string): Map<string, string | undefined> | null {
  const found = new Map<string, string | undefined>();
  let started = false;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#') || line.startsWith(' ') || line.startsWith('\t') || line.startsWith('%')) continue;
    if (line.startsWith('---') || line.startsWith('...')) {
      if (started || line.startsWith('...')) break;
      // A value on the document's first line (`--- |`, `--- [a]`) is no mapping.
      if (/^---[ \t]+[^#\s]/.test(line)) return null;
      continue;
    }
    const entry = YAML_KEY.exec(line);
    if (entry === null) return started ? found : null;
    started = true;
    const key =
      entry[1] !== undefined ? unescaped(entry[1]) : entry[2] !== undefined ? entry[2].replaceAll("''", "'") : (entry[3] as string);
    found.set(key, yamlValue(entry[4] ?? ''));
  }
  return found;
}

/** `key:` at column 0, the key double-quoted (1), single-quoted (2) or plain (3), then the rest of the line (4). */
const YAML_KEY =
  /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{}[\],&*!|>%@`?:-][^\s:]*(?:[ \t]+[^\s:#]+)*|-[^\s:][^\s:]*))[ \t]*:(?:[ \t]+(.*))?$/;

/** A value written simply on the key's line: plain, or quoted without escapes; undefined for anything else. */
function yamlValue(rest: string): string | undefined {
  const value = rest.replace(/(?:^|[ \t]+)#.*$/, '').trim();
  if (value === '') return undefined;
  const quoted = /^"([^"\\]*)"$|^'([^']*)'$/.exec(value);
  if (quoted !== null) return quoted[1] ?? quoted[2];
  return /^[^\s#'"{}[\],&*!|>%@`]/.test(value) ? value : undefined;
}
