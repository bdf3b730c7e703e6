import { ACTIVE_BEYOND_C0, visible } from '../common/visible.js';

/**
 * Text and inline code escaped for a Markdown report.
 *
 * Text is escaped conservatively (CommonMark allows a backslash before any ASCII punctuation):
 * backslashes, backticks, asterisks, opening brackets, opening angle brackets, ampersands, pipes,
 * tildes and underscores at a word's edge are escaped wherever they stand, and line starts get the
 * extra care that block syntax needs. The output may carry a few more backslashes than remark's
 * minimal escaping; it parses back to the same text, which the tests check with remark-parse.
 *
 * Every text and code value is first made visible and inert (`visible`): spec text cannot put a
 * terminal escape, a NUL or a bidi override into a report. The tests check that any text parses
 * back to its visible form.
 *
 * Most report text needs none of this, so each function first asks one regular expression whether
 * anything in the value could need work, and returns plain values as they are.
 */

const INLINE_SYNTAX = /[\\`*[<&|~]/g;
/** An underscore inside a word never delimits emphasis; only one at a word's edge is escaped. */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** What GFM would read as the start of a literal autolink: "www.", "http:/", "https:/", "a@b". */
const AUTOLINK = /([Ww])\.(?=[-.\w])|([ps]):(?=\/)|([+\-.\w])@(?=[-.\w])/g;
/**
 * Anything that makes text need escaping: the characters above, line breaks, the characters
 * `visible` replaces, at signs and the other autolink starts. Text without any is written as it is
 * (but for the start of a line).
 */
const TEXT_NEEDS_WORK = new RegExp(`[\\\\\`*[<&|~_@\\r\\n\\u0000-\\u001f${ACTIVE_BEYOND_C0}]|[Ww]\\.[-.\\w]|[ps]:\\/`);

/** Text anywhere in phrasing content; `atLineStart` when nothing precedes it on its line. */
export function escapeText(value: string, atLineStart: boolean): string {
  if (!TEXT_NEEDS_WORK.test(value)) return atLineStart ? guardLineStart(value) : value;
  // Reports break lines with "\n" only: a carriage return would let text overwrite its own line in a terminal.
  const lineFeeds = value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
  let escaped = visible(lineFeeds, { keepLineBreaks: true }).replace(INLINE_SYNTAX, '\\$&');
  if (escaped.includes('_')) escaped = escaped.replace(EDGE_UNDERSCORE, '\\_');
  escaped = escaped.replace(AUTOLINK, escapeAutolink);
  if (!escaped.includes('\n')) return atLineStart ? guardLineStart(escaped) : escaped;
  return guardLines(escaped, atLineStart);
}

/** The backslash goes before the autolink's dot, colon or at sign; the character before it stays. */
function escapeAutolink(_match: string, www: string | undefined, protocol: string | undefined, email: string | undefined): string {
  if (www !== undefined) return `${www}\\.`;
  if (protocol !== undefined) return `${protocol}\\:`;
  return `${email as string}\\@`;
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
 * list numbers and indentation are neutralised there.
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
  return line;
}

/** Trailing spaces before a line break would make a hard break, so the last one is written as a character reference. */
function guardLineEnd(line: string): string {
  return line.endsWith(' ') ? `${line.slice(0, -1)}&#x20;` : line;
}

/** What inline code needs work for: backticks, pipes (in a table), line breaks and what `visible` replaces. */
const CODE_NEEDS_WORK = new RegExp(`[\`|\\u0000-\\u001f${ACTIVE_BEYOND_C0}]`);

/**
 * Inline code, on one line. In a table cell GFM reads "\\|" as the cell's escaped pipe even inside
 * code, so pipes are escaped there; but a backslash right before a pipe would then read as an
 * escaped backslash and the pipe as a cell delimiter, and no escaping inside one code span keeps
 * both. So the span is closed after such a backslash and a new one opened at the pipe; an empty
 * HTML comment keeps the two fences apart (adjacent backticks would merge into one run) and shows
 * nothing. The code values of the spans concatenate to the original.
 */
export function codeSpan(value: string, inTable: boolean): string {
  if (value !== '' && value.charCodeAt(0) !== 0x20 && value.charCodeAt(value.length - 1) !== 0x20 && !CODE_NEEDS_WORK.test(value))
    return `\`${value}\``;
  const line = visible(value.replace(/\r\n|\r|\n/g, ' '));
  if (!inTable || !line.includes('|')) return fenced(line);
  let out = '';
  let start = 0;
  for (let pipe = line.indexOf('\\|'); pipe !== -1; pipe = line.indexOf('\\|', start)) {
    out += `${fenced(line.slice(start, pipe + 1)).replace(/\|/g, '\\|')}<!---->`;
    start = pipe + 1;
  }
  return out + fenced(line.slice(start)).replace(/\|/g, '\\|');
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

/** The length of the longest run of one UTF-16 code unit in a string. */
export function longestRun(value: string, code: number): number {
  let longest = 0;
  let run = 0;
  for (let index = value.indexOf(String.fromCharCode(code)); index !== -1 && index < value.length; index++) {
    run = value.charCodeAt(index) === code ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
