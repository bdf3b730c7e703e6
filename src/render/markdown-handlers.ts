import type { InlineCode, Nodes, PhrasingContent, Table, Text } from 'mdast';
import type { Handle, Info, State } from 'mdast-util-to-markdown';
import { visible } from '../common/visible.js';

/**
 * Faster to-markdown handlers for what reports contain: text, inline code and tables.
 *
 * remark's default text handler tests every text node against some thirty "unsafe" patterns,
 * which made reports cost milliseconds each. These handlers escape conservatively instead (CommonMark
 * allows a backslash before any ASCII punctuation): backslashes, backticks, asterisks, opening
 * brackets, opening angle brackets, ampersands, pipes, tildes and underscores at a word's edge are
 * escaped wherever they stand, and line starts get the extra care that block syntax needs. The
 * output may carry a few more backslashes than remark's minimal escaping; it parses back to the
 * same text, which the tests check with remark-parse.
 *
 * Every text and code value is first made visible and inert (`visible`): spec text cannot put a
 * terminal escape, a NUL or a bidi override into a report. The tests check that any text parses
 * back to its visible form.
 */

const INLINE_SYNTAX = /[\\`*[<&|~]/g;
/** An underscore inside a word never delimits emphasis; only one at a word's edge is escaped. */
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
const AUTOLINK_WWW = /([Ww])\.(?=[-.\w])/g;
const AUTOLINK_PROTOCOL = /([ps]):(?=\/)/g;
const AUTOLINK_EMAIL = /([+\-.\w])@(?=[-.\w])/g;

/** Text anywhere in phrasing content; `atLineStart` when nothing precedes it on its line. */
export function escapeText(value: string, atLineStart: boolean): string {
  // Reports break lines with "\n" only: a carriage return would let text overwrite its own line in a terminal.
  let escaped = visible(value.replace(/\r\n?/g, '\n'), { keepLineBreaks: true }).replace(INLINE_SYNTAX, '\\$&');
  if (escaped.includes('_')) escaped = escaped.replace(EDGE_UNDERSCORE, '\\_');
  if (escaped.includes('.') || escaped.includes(':') || escaped.includes('@')) {
    escaped = escaped.replace(AUTOLINK_WWW, '$1\\.').replace(AUTOLINK_PROTOCOL, '$1\\:').replace(AUTOLINK_EMAIL, '$1\\@');
  }
  if (!atLineStart && !escaped.includes('\n')) return escaped;
  const lines = escaped.split(/(\n)/);
  for (let index = 0; index < lines.length; index += 2) {
    const line = lines[index] as string;
    const startsLine = index > 0 || atLineStart;
    lines[index] = guardLine(line, startsLine, index + 1 < lines.length);
  }
  return lines.join('');
}

/**
 * Block syntax only starts a line: list markers, setext underlines, table delimiter rows,
 * ordered list numbers and indentation are neutralised there. Trailing spaces before a line
 * break would make a hard break, so the last one is written as a character reference.
 */
function guardLine(line: string, startsLine: boolean, beforeBreak: boolean): string {
  let result = line;
  if (startsLine) {
    const first = result.charAt(0);
    if (first === ' ' || first === '\t') result = `${first === ' ' ? '&#x20;' : '&#x9;'}${result.slice(1)}`;
    else if (first === '-' || first === '+' || first === '=' || first === ':' || first === '#' || first === '>') result = `\\${result}`;
    else {
      const ordered = /^(\d{1,9})([.)])/.exec(result);
      if (ordered) result = `${ordered[1]}\\${result.slice((ordered[1] as string).length)}`;
    }
  }
  if (beforeBreak && result.endsWith(' ')) result = `${result.slice(0, -1)}&#x20;`;
  return result;
}

const text: Handle = (node: Text, _parent, state, info: Info) => {
  const escaped = escapeText(node.value, info.before === '' || info.before === '\n' || info.before === '\r');
  // A run of # at the end of an ATX heading would be read as its closing sequence.
  return state.stack.includes('headingAtx') && escaped.endsWith('#') ? `${escaped.slice(0, -1)}\\#` : escaped;
};

/**
 * Inline code, on one line. In a table cell GFM reads "\\|" as the cell's escaped pipe even inside
 * code, so pipes are escaped there; but a backslash right before a pipe would then read as an
 * escaped backslash and the pipe as a cell delimiter, and no escaping inside one code span keeps
 * both. So the span is closed after such a backslash and a new one opened at the pipe; an empty
 * HTML comment keeps the two fences apart (adjacent backticks would merge into one run) and shows
 * nothing. The code values of the spans concatenate to the original.
 */
function codeSpan(value: string, inTable: boolean): string {
  const line = visible(value.replace(/\r\n|\r|\n/g, ' '));
  if (!inTable) return fenced(line);
  return line
    .split(/(?<=\\)(?=\|)/)
    .map((piece) => fenced(piece).replace(/\|/g, '\\|'))
    .join('<!---->');
}

/**
 * A code span whose fence is longer than any run of backticks inside it, padded with a space when
 * the value starts or ends with a backtick or a space (CommonMark strips one from each side). An
 * empty value, which no code span can hold, is written as one space.
 */
function fenced(value: string): string {
  if (value === '') return '` `';
  let longest = 0;
  let run = 0;
  for (const character of value) {
    run = character === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const padded = /^[` ]|[` ]$/.test(value) && /[^ ]/.test(value) ? ` ${value} ` : value;
  return `${fence}${padded}${fence}`;
}

const inlineCode: Handle = (node: InlineCode, _parent, state) => codeSpan(node.value, state.stack.includes('tableCell'));

/** A cell's content: text and inline code escaped for a table; other phrasing (emphasis) through remark, inside the cell's construct. */
function cell(children: PhrasingContent[], state: State, info: Info): string {
  let out = '';
  for (const child of children) {
    if (child.type === 'text') out += escapeText(child.value, false);
    else if (child.type === 'inlineCode') out += codeSpan(child.value, true);
    else if (child.type === 'html') out += child.value;
    else {
      const exit = state.enter('tableCell');
      out += state.containerPhrasing({ type: 'paragraph', children: [child] }, { ...info, before: ' ', after: ' ' });
      exit();
    }
  }
  return out;
}

/** GFM table with unaligned pipes, as remark-gfm writes it with tablePipeAlign: false. */
const table: Handle = (node: Table, _parent, state, info) => {
  const rows = node.children.map((row) => `|${row.children.map((child) => {
    const content = cell(child.children, state, info);
    return content === '' ? ' ' : ` ${content} `;
  }).join('|')}|`);
  const width = node.children[0]?.children.length ?? 0;
  rows.splice(1, 0, `|${Array.from({ length: width }, () => ' - ').join('|')}|`);
  return rows.join('\n');
};

export const fastHandlers: Partial<Record<Nodes['type'], Handle>> = { text, inlineCode, table };
