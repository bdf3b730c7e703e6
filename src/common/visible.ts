/**
 * Untrusted text (spec values, keys, paths, messages that quote them) made visible and inert for
 * every human sink: a terminal, a CI log, a Markdown report. Whatever the text holds, what it
 * prints stays on the lines the tool lays out and cannot move the cursor, colour a terminal, inject
 * a GitHub workflow command on a line of its own, or reorder the text around it. The mapping keeps
 * information: each character is replaced by a visible stand-in, never dropped.
 *
 * - C0 controls U+0000–U+001F, line feed and carriage return included, and DEL U+007F become
 *   their Unicode Control Pictures U+2400–U+241F and U+2421: NUL "␀", TAB "␉", LF "␊", CR "␍",
 *   ESC "␛", DEL "␡".
 * - C1 controls U+0080–U+009F (NEL U+0085 and CSI U+009B among them), the line and paragraph
 *   separators U+2028 and U+2029, and the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E and
 *   U+2066–U+2069 become their code point in angle brackets, "⟨U+202E⟩".
 *
 * Sinks that lay out lines themselves (a Markdown paragraph, a GitHub annotation whose "\n" the
 * runner shows as a line break once escaped) pass `keepLineBreaks`: "\n" and "\r" then stay as
 * they are, and the sink decides what a line break becomes. Where alignment matters (the caret
 * under a code frame), the sink turns tabs into spaces before calling this. Everything else,
 * printable text and other invisible characters such as zero-width spaces, passes unchanged. The
 * mapping is idempotent, and text that needs none is returned as it is, without a copy.
 */

/** The characters past C0 that a terminal or an editor acts on, as a character-class body: DEL, C1, separators, bidi controls. */
export const ACTIVE_BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

const UNSAFE = new RegExp(`[\\u0000-\\u001f${ACTIVE_BEYOND_C0}]`, 'g');
const UNSAFE_BUT_LINE_BREAKS = new RegExp(`[\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f${ACTIVE_BEYOND_C0}]`, 'g');

export interface VisibleOptions {
  /** Keep "\n" and "\r" as they are, for sinks that lay out lines themselves. */
  keepLineBreaks?: boolean;
}

export function visible(text: string, options: VisibleOptions = {}): string {
  const unsafe = options.keepLineBreaks === true ? UNSAFE_BUT_LINE_BREAKS : UNSAFE;
  unsafe.lastIndex = 0;
  if (!unsafe.test(text)) return text;
  return text.replace(unsafe, standIn);
}

/** The visible stand-in of one unsafe character. */
function standIn(character: string): string {
  const code = character.charCodeAt(0);
  if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return codePointShown(character);
}

/**
 * A character shown as its code point in angle brackets, "⟨U+003A⟩": the stand-in for a character
 * that is printable but must not act where it stands (a C1 control, a bidi control, or the ":" that
 * would start a GitHub workflow command).
 */
export function codePointShown(character: string): string {
  return `⟨U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}⟩`;
}
