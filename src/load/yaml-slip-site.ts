import type { CST, Document, ErrorCode } from 'yaml';
import { show } from '../common/text.js';
import { type InputProblem, inputProblem } from './input-error.js';
import type { LineIndex, Position } from './text-position.js';

/** Where the yaml library stopped, with what a hint may look at to name the slip in the author's terms. */
export interface SlipSite {
  readonly text: string;
  readonly lines: LineIndex;
  readonly document: Document.Parsed;
  /** The concrete syntax tree, as the parser left it: exact up to the slip. */
  readonly tokens: readonly CST.Token[];
  readonly error: { readonly code: ErrorCode; readonly message: string; readonly pos: readonly [number, number] };
}

/** One line of the text, without its line break. */
export interface SourceLine {
  /** 1-based, as editors count. */
  readonly number: number;
  readonly start: number;
  readonly content: string;
  /** Spaces before its first other character. */
  readonly indent: number;
}

/** What a line of a block collection starts with: its indentation, a list item's "- ", a plain key. */
export interface LineShape {
  /** Column (0-based) of the line's first character that is no space. */
  readonly indent: number;
  /** Column (0-based) of a list item's dash, when the line starts with "- ". */
  readonly dash: number | undefined;
  readonly key: string | undefined;
  /** Column (0-based) where the item's or the key's value starts; the text after it is `value`. */
  readonly valueColumn: number;
  readonly value: string;
}

/** A plain key and its colon, followed by a space or the end of the line: what an author writes for a key. */
const PLAIN_KEY = /^([A-Za-z_$][\w$.-]*)[ \t]*:(?:[ \t]+|$)/;

const DASH = /^-(?: +|$)/;

/** Where a line's text starts, its dash and plain key if it has them, and the value after them. */
export function shapeOf(content: string): LineShape {
  const indent = content.length - content.trimStart().length;
  let column = indent;
  let dash: number | undefined;
  const dashMatch = DASH.exec(content.slice(column));
  if (dashMatch !== null) {
    dash = column;
    column += dashMatch[0].length;
  }
  const keyMatch = PLAIN_KEY.exec(content.slice(column));
  const key = keyMatch?.[1];
  if (keyMatch) column += keyMatch[0].length;
  return { indent, dash, key, valueColumn: column, value: content.slice(column).trimEnd() };
}

/** The line that holds `offset`: breaks are "\n", "\r\n" or a lone "\r", as LineIndex counts them. */
export function lineAt(site: SlipSite, offset: number): SourceLine {
  const before = offset === 0 ? -1 : Math.max(site.text.lastIndexOf('\n', offset - 1), site.text.lastIndexOf('\r', offset - 1));
  const start = before + 1;
  let end = start;
  while (end < site.text.length && site.text[end] !== '\n' && site.text[end] !== '\r') end++;
  const content = site.text.slice(start, end);
  return { number: site.lines.position(start).line, start, content, indent: content.length - content.trimStart().length };
}

/** The line that holds the library's error. */
export function errorLine(site: SlipSite): SourceLine {
  return lineAt(site, Math.min(site.error.pos[0], site.text.length));
}

/** The lines above `line`, nearest first, past blank lines and lines that hold only a comment. */
export function* linesAbove(site: SlipSite, line: SourceLine): Generator<SourceLine> {
  let start = line.start;
  while (start > 0) {
    // Step back over the break before `start` ("\r\n" counts once).
    let end = start - 1;
    if (site.text[end] === '\n' && site.text[end - 1] === '\r') end--;
    const above = lineAt(site, end);
    start = above.start;
    const trimmed = above.content.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) yield above;
  }
}

/** The nearest line below `line` that is neither blank nor a comment. */
export function lineBelow(site: SlipSite, line: SourceLine): SourceLine | undefined {
  let start = line.start + line.content.length;
  while (start < site.text.length) {
    start += site.text.startsWith('\r\n', start) ? 2 : 1;
    const below = lineAt(site, start);
    const trimmed = below.content.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) return below;
    start = below.start + below.content.length;
  }
  return undefined;
}

export function at(line: SourceLine, column0: number): Position {
  return { line: line.number, column: column0 + 1 };
}

export function yamlSlip(message: string, position: Position): InputProblem {
  return inputProblem('YAML_SYNTAX', `invalid YAML: ${message}`, position);
}

export function spaces(count: number): string {
  return `${count} ${count === 1 ? 'space' : 'spaces'}`;
}

/** "the value of "finding"" or, for a list item's own text, "the list item". */
export function valueName(shape: LineShape): string {
  return shape.key === undefined ? 'the list item' : `the value of ${show(shape.key)}`;
}
