import { longestRun } from '../../common/text.js';
import { ACTIVE_BEYOND_C0, visible } from '../../common/visible.js';

/**
 * Untrusted text and inline code in Markdown: the report, the katas report, statistics, the
 * comparison and the job summary of `summary`. Text from input is data: it renders as the text
 * it is, never as a link, an image, a footnote, a definition or HTML, as remark (remark-parse and
 * remark-gfm) and GitHub (cmark-gfm) read it.
 *
 * Text is escaped conservatively (CommonMark allows a backslash before any ASCII punctuation):
 * backslashes, backticks, asterisks, opening brackets (links, images, footnotes, definitions),
 * opening angle brackets (HTML, autolinks), ampersands, pipes, tildes and underscores at a word's
 * edge are escaped wherever they stand, and line starts get the extra care that block syntax needs.
 * The output may carry a few more backslashes than remark's minimal escaping; it parses back to the
 * same text, which the tests check with remark-parse.
 *
 * GFM's autolink literals ("www.", "http://", "a@b", "mailto:" and "xmpp:" before an address) are
 * found in text after escapes are resolved, by remark-gfm and by GitHub alike, so no backslash
 * stops them: the text is broken where one could start by an empty HTML comment, `<!---->`, which
 * shows nothing and ends the text on either side of it (inline code uses it the same way to keep
 * two code spans apart).
 *
 * The report is also printed, into terminals and CI logs: every text and code value is first made
 * visible and inert (`visible`), a ":" that starts a line after white space is escaped (a line
 * whose start is "::" is a GitHub workflow command), and no "##[" (the runner's legacy command
 * form) is written: in text its "[" is escaped anyway, and inline code is split before it. The
 * tests check that any text parses back to its visible form, empty comments aside.
 *
 * Most report text needs none of this, so each function first asks one regular expression whether
 * anything in the value could need work, and returns plain values as they are.
 */

const INLINE_SYNTAX = /[\\`*[<&|~]/g;
/** An underscore inside a word never delimits emphasis; only one at a word's edge is escaped. */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/**
 * Where a GFM autolink literal could start, in any case: between "www" and its dot (remark links
 * "www." even with nothing after it), between a scheme and "://" (remark links http and https,
 * GitHub also ftp; any scheme is broken), and between an address's local part and the "@" of a
 * domain with a dot anywhere, even first (remark-gfm links ".@.www"; this also stops "mailto:" and
 * "xmpp:"). An "@" with no such domain after it ("pass@1") starts no address. The text is already escaped here: a domain's underscore may carry
 * a backslash. Each alternative starts with the character it matches and looks behind it after:
 * a pattern that starts with a look-behind is tried at every position of the text, some twenty
 * times slower on a long one.
 */
const AUTOLINK_START = /\.(?<=www\.)|:(?<=[a-z]:)(?=\/\/)|@(?<=[-+.\w]@)(?=(?:\\?[-.\w])*\.\\?[-\w])/gi;
/** What keeps the two sides of an autolink's start apart: an empty HTML comment. */
const TEXT_BREAK = '<!---->';
/**
 * Anything that makes text need escaping: the characters above, line breaks, the characters
 * `visible` replaces, at signs and the other autolink starts. Text without any is written as it is
 * (but for the start of a line).
 */
const TEXT_NEEDS_WORK = new RegExp(`[\\\\\`*[<&|~_@\\r\\n\\u0000-\\u001f${ACTIVE_BEYOND_C0}]|www\\.|:\\/\\/`, 'i');

/** Text anywhere in phrasing content; `atLineStart` when nothing precedes it on its line. */
export function escapeText(value: string, atLineStart: boolean): string {
  if (!TEXT_NEEDS_WORK.test(value)) return atLineStart ? guardLineStart(value) : value;
  // Reports break lines with "\n" only: a carriage return would let text overwrite its own line in a terminal.
  const lineFeeds = value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
  let escaped = visible(lineFeeds, { keepLineBreaks: true }).replace(INLINE_SYNTAX, '\\$&');
  if (escaped.includes('_')) escaped = escaped.replace(EDGE_UNDERSCORE, '\\_');
  escaped = escaped.replace(AUTOLINK_START, breakAutolink);
  if (!escaped.includes('\n')) return atLineStart ? guardLineStart(escaped) : escaped;
  return guardLines(escaped, atLineStart);
}

/** The break goes before the autolink's dot, colon or at sign. */
function breakAutolink(match: string): string {
  return `${TEXT_BREAK}${match}`;
}

/** Each line of multi-line text guarded where it starts a line, and where it ends before a break. */
function guardLines(escaped: string, atLineStart: boolean): string {
  let out = '';
  let start = 0;
  for (let end = escaped.indexOf('\n'); end !== -1; end = escaped.indexOf('\n', start)) {
    const line = escaped.slice(start, end);
    out += `${guardLineEnd(start > 0 || atLineStart ? guardLineStart(line) : line)}\n`;
    start = end + 1;
  }
  const last = escaped.slice(start);
  return out + (start > 0 || atLineStart ? guardLineStart(last) : last);
}

/**
 * Block syntax only starts a line: list markers, setext underlines, table delimiter rows, ordered
 * list numbers and indentation are neutralised there. So is a ":" there, also after white space
 * that Markdown keeps as text but the GitHub runner trims (a no-break space, an ideographic
 * space): printed, a line whose start is "::" would be a workflow command.
 */
function guardLineStart(line: string): string {
  const first = line.charCodeAt(0);
  if (first === 0x20) return `&#x20;${line.slice(1)}`;
  if (first === 0x09) return `&#x9;${line.slice(1)}`;
  // - + = : # >
  if (first === 0x2d || first === 0x2b || first === 0x3d || first === 0x3a || first === 0x23 || first === 0x3e) return `\\${line}`;
  if (first >= 0x30 && first <= 0x39) {
    const ordered = /^(\d{1,9})[.)]/.exec(line);
    if (ordered) return `${ordered[1]}\\${line.slice((ordered[1] as string).length)}`;
  }
  if (first > 0x7f) {
    const spaced = /^\s+:/u.exec(line);
    if (spaced) return `${spaced[0].slice(0, -1)}\\${line.slice(spaced[0].length - 1)}`;
  }
  return line;
}

/** Trailing spaces before a line break would make a hard break, so the last one is written as a character reference. */
function guardLineEnd(line: string): string {
  return line.endsWith(' ') ? `${line.slice(0, -1)}&#x20;` : line;
}

/** What inline code needs work for: backticks, pipes (in a table), line breaks, what `visible` replaces, and "##[". */
const CODE_NEEDS_WORK = new RegExp(`[\`|\\u0000-\\u001f${ACTIVE_BEYOND_C0}]|##\\[`);
/** Where inline code is split into two spans: before the "[" of "##[". */
const LEGACY_COMMAND_SPLIT = /(?<=##)(?=\[)/;
/** In a table, also between a backslash and the pipe after it. */
const TABLE_CELL_SPLIT = /(?<=##)(?=\[)|(?<=\\)(?=\|)/;

/**
 * Inline code, on one line. In a table cell GFM reads "\\|" as the cell's escaped pipe even inside
 * code, so pipes are escaped there; but a backslash right before a pipe would then read as an
 * escaped backslash and the pipe as a cell delimiter, and no escaping inside one code span keeps
 * both. So the span is closed after such a backslash and a new one opened at the pipe; an empty
 * HTML comment keeps the two fences apart (adjacent backticks would merge into one run) and shows
 * nothing. Nothing can be escaped inside a code span either, so "##[" is split the same way,
 * before its "[". The code values of the spans concatenate to the original.
 */
export function codeSpan(value: string, inTable: boolean): string {
  if (value !== '' && value.charCodeAt(0) !== 0x20 && value.charCodeAt(value.length - 1) !== 0x20 && !CODE_NEEDS_WORK.test(value))
    return `\`${value}\``;
  const line = visible(value.replace(/\r\n|\r|\n/g, ' '));
  const pieces = line.split(inTable ? TABLE_CELL_SPLIT : LEGACY_COMMAND_SPLIT);
  return pieces.map((piece) => (inTable ? fenced(piece).replace(/\|/g, '\\|') : fenced(piece))).join(TEXT_BREAK);
}

/**
 * A code span whose fence is longer than any run of backticks inside it, padded with a space when
 * the value starts or ends with a backtick or a space (CommonMark strips one from each side). An
 * empty value, which no code span can hold, is written as one space.
 */
function fenced(value: string): string {
  if (value === '') return '` `';
  const fence = '`'.repeat(longestRun(value, 0x60) + 1);
  const padded = /^[` ]|[` ]$/.test(value) && /[^ ]/.test(value) ? ` ${value} ` : value;
  return `${fence}${padded}${fence}`;
}
