import { ACTIVE_BEYOND_C0 } from './visible.js';

/**
 * Characters JSON.stringify leaves raw that a terminal or an editor acts on: DEL and the C1
 * controls (U+0085 NEL, U+009B CSI), the line and paragraph separators, and the bidi controls.
 */
const UNSAFE_IN_JSON = new RegExp(`[${ACTIVE_BEYOND_C0}]`, 'g');
/**
 * What the GitHub runner reads anywhere in a log line as a workflow command. JSON text holds it
 * only inside a string (a bracket of its own follows a space, a colon, a comma or another
 * bracket), where the escape of its "[" is the same data.
 */
const LEGACY_COMMAND = '##[';

/**
 * A value as two-space JSON with one trailing newline, every character above and the "[" of "##["
 * written as a `\uXXXX` escape: the same data for any JSON reader, and nothing for a terminal or
 * the runner to act on when the text is printed. No line of it can start with "::": each starts with white
 * space and a quote, a bracket, a brace, a digit or a literal. This is the JSON row of the rule
 * for untrusted text (src/render/untrusted/), kept here for the layers below the renderers.
 */
export function jsonText(value: unknown): string {
  // The newline is joined before the search, which flattens the text once: joined after, a large
  // report would be copied whole a second time when it is written.
  return inert(`${JSON.stringify(value, null, 2)}\n`);
}

/** Characters of text gathered into one piece before it is handed on. */
const PIECE = 1 << 16;
/**
 * A value weighing less (in members, and in 32 characters of a string) is written by one
 * JSON.stringify call, a larger one walked member by member: a piece is then bounded by the
 * largest small value in it, a deep dive or a diagnostic, however deep the report lies (in an
 * envelope, say), rather than by the report.
 */
const SMALL = 2048;
/** Below this depth everything is left to JSON.stringify, which says so of a cycle rather than overflowing the stack. */
const MAX_WALKED_DEPTH = 64;

/**
 * The same characters as jsonText, as pieces of about 64 KiB made one after another: a report of
 * 50 MB is written without ever being one string beside its data. A piece ends only between two
 * values or punctuation, never inside a string, so each is made inert on its own. For data as
 * JSON reads it, and values with a `toJSON` (their own or inherited, such as a Date): those are
 * written whole by JSON.stringify, which calls it with the key "" rather than the property's name.
 */
export function* jsonPieces(value: unknown): Generator<string, void, undefined> {
  let pending = '';
  for (const token of tokensOf(value, '', 0)) {
    pending += token;
    if (pending.length >= PIECE) {
      yield inert(pending);
      pending = '';
    }
  }
  yield inert(`${pending}\n`);
}

function* tokensOf(value: unknown, indent: string, depth: number): Generator<string, void, undefined> {
  if (depth === MAX_WALKED_DEPTH || !isWalked(value) || isSmall(value)) {
    const text = JSON.stringify(value, null, 2);
    // JSON text holds no raw line break inside a string, so each one starts a line to indent.
    yield indent === '' || !text.includes('\n') ? text : text.replaceAll('\n', `\n${indent}`);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    yield '[\n';
    for (let index = 0; index < value.length; index++) {
      yield index === 0 ? inner : `,\n${inner}`;
      const item: unknown = value[index];
      if (isOmitted(item)) yield 'null';
      else yield* tokensOf(item, inner, depth + 1);
    }
    return yield `\n${indent}]`;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (isOmitted(member)) continue;
    yield `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
    first = false;
    yield* tokensOf(member, inner, depth + 1);
  }
  yield first ? '{}' : `\n${indent}}`;
}

/** An array, or an object of Object's own prototype (or none) with no toJSON: walked here rather than by JSON.stringify. */
function isWalked(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object' || 'toJSON' in value) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether the value weighs less than SMALL: looks at no more of it than that. */
function isSmall(value: object): boolean {
  let left = SMALL;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    left -= typeof item === 'string' ? 1 + (item.length >> 5) : 1;
    if (item !== null && typeof item === 'object') {
      const members = Array.isArray(item) ? item : Object.values(item);
      if (members.length > left) return false;
      for (const member of members) pending.push(member);
    }
    if (left < 0) return false;
  }
  return true;
}

/** What JSON leaves out of an object and writes as null in an array. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Every character above escaped, and the "[" of "##[". */
function inert(text: string): string {
  const escaped = UNSAFE_IN_JSON.test(text) ? text.replace(UNSAFE_IN_JSON, escapeCharacter) : text;
  return escaped.includes(LEGACY_COMMAND) ? escaped.replaceAll(LEGACY_COMMAND, '##\\u005b') : escaped;
}

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
