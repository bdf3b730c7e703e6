import { ACTIVE_BEYOND_C0 } from './visible.js';

/**
 * Characters JSON.stringify leaves raw that a terminal or an editor acts on: DEL and the C1
 * controls (U+0085 NEL, U+009B CSI), the line and paragraph separators, and the bidi controls.
 */
const UNSAFE_IN_JSON = new RegExp(`[${ACTIVE_BEYOND_C0}]`, 'g');

/**
 * A value as two-space JSON with one trailing newline, every character above written as a
 * `\uXXXX` escape: the same data for any JSON reader, and nothing for a terminal to act on when a
 * person prints the file.
 */
export function jsonText(value: unknown): string {
  // The newline is joined before the search, which flattens the text once: joined after, a large
  // report would be copied whole a second time when it is written.
  const text = `${JSON.stringify(value, null, 2)}\n`;
  return UNSAFE_IN_JSON.test(text) ? text.replace(UNSAFE_IN_JSON, escapeCharacter) : text;
}

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
