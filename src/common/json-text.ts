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
  const text = `${JSON.stringify(value, null, 2)}\n`;
  const inert = UNSAFE_IN_JSON.test(text) ? text.replace(UNSAFE_IN_JSON, escapeCharacter) : text;
  return inert.includes(LEGACY_COMMAND) ? inert.replaceAll(LEGACY_COMMAND, '##\\u005b') : inert;
}

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
