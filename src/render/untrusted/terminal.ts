import { codePointShown, visible } from '../../common/visible.js';

/** A ":" at the start, after white space as the runner trims it (JavaScript's \s is a superset of .NET's). */
const LEADING_COLON = /^(\s*):/u;
const COLON_SHOWN = codePointShown(':');
const LEGACY_COMMAND = '##[';
const LEGACY_COMMAND_SHOWN = `##${codePointShown('[')}`;

/**
 * Untrusted text as a piece of a line printed on a terminal or in a CI log: the text formats,
 * every line on standard error, the listings of `briefs`, `compare`, `next`, `config` and `test`.
 *
 * Controls, separators and bidi controls become visible stand-ins (`visible`), so the piece stays
 * on its line and cannot move the cursor, colour the terminal or reorder the text. Then the two
 * ways the GitHub runner reads a log line as a workflow command are closed, keeping the text's
 * information as `visible` does, a character shown as its code point:
 *
 * - A line whose start, after white space, is "::" (`::add-mask::…`): a ":" that starts the piece,
 *   after any white space, becomes "⟨U+003A⟩". Not only "::": a piece ":" followed by the tool's
 *   ":line:col" would make one. A piece in the middle of a line keeps its colons.
 * - "##[" anywhere in a line (the legacy form, `##[add-mask]…`): its "[" becomes "⟨U+005B⟩".
 */
export function terminalText(text: string): string {
  const shown = visible(text);
  const colon = LEADING_COLON.exec(shown);
  const opened = colon === null ? shown : `${colon[1]}${COLON_SHOWN}${shown.slice(colon[0].length)}`;
  return opened.includes(LEGACY_COMMAND) ? opened.replaceAll(LEGACY_COMMAND, LEGACY_COMMAND_SHOWN) : opened;
}
