import { escapeFor } from './untrusted/index.js';

/** Most code points of the source shown in one frame. */
const FRAME_WIDTH = 100;

export interface Frame {
  text: string;
  /** Where the caret goes under `text`, in code points; absent without a column. */
  caret?: number;
}

/**
 * A file's source, and one-line code frames cut from it. Lines are found by a cursor that moves
 * forward through the text (diagnostics come in document order), never by splitting it: a file of
 * sixteen million blank lines costs no array of sixteen million strings. A frame costs work in
 * proportion to its window, not to its line: a minified spec is one long line, and every
 * diagnostic on it gets a frame. Windows are found in UTF-16 units, stepping whole code points, so a
 * cut never splits a surrogate pair; only the window is then made visible.
 */
export class SourceLines {
  /** Per line, where its content starts and ends once blanks (spaces, tabs) are trimmed: found once. */
  private readonly trimmed = new Map<number, { first: number; afterLast: number }>();
  /** A 1-based line, the offset where it starts, and its text once read. */
  private cursor: { line: number; offset: number; text?: string } = { line: 1, offset: 0 };

  constructor(private readonly source: string) {}

  /** A 1-based line's text without its line break, or undefined past the last line. */
  private lineText(line: number): string | undefined {
    if (line === this.cursor.line && this.cursor.text !== undefined) return this.cursor.text;
    if (line < this.cursor.line) this.cursor = { line: 1, offset: 0 };
    let { line: current, offset } = this.cursor;
    const source = this.source;
    while (current < line) {
      while (offset < source.length && !isBreak(source.charCodeAt(offset))) offset++;
      if (offset >= source.length) return undefined;
      offset += source.charCodeAt(offset) === 13 && source.charCodeAt(offset + 1) === 10 ? 2 : 1;
      current++;
    }
    let end = offset;
    while (end < source.length && !isBreak(source.charCodeAt(end))) end++;
    const text = source.slice(offset, end);
    this.cursor = { line: current, offset, text };
    return text;
  }

  /**
   * The frame of a 1-based line, cut to a window around a 1-based column in UTF-16 units (0: no
   * caret), or undefined past the last line. Indentation carries no information in a one-line
   * frame, so leading and trailing blanks are dropped, but never past the caret.
   */
  frame(line: number, column: number): Frame | undefined {
    const text = this.lineText(line);
    if (text === undefined) return undefined;
    const { first, afterLast } = this.trim(line - 1, text);
    const target = column >= 1 ? pointStart(text, Math.min(column - 1, text.length)) : undefined;
    const start = target === undefined ? first : Math.min(first, target);
    const end = Math.max(start, afterLast);
    const focus = target ?? start;
    const windowStart = Math.min(back(text, focus, FRAME_WIDTH / 2, start), back(text, end, FRAME_WIDTH, start));
    const windowEnd = forward(text, windowStart, FRAME_WIDTH, end);
    const cutStart = windowStart > start;
    const shown = `${cutStart ? '…' : ''}${display(text.slice(windowStart, windowEnd))}${windowEnd < end ? '…' : ''}`;
    if (target === undefined) return { text: shown };
    // Past the window only blanks remain (or nothing, past the line's end): one column each.
    const caret =
      target <= windowEnd
        ? codePoints(display(text.slice(windowStart, target)))
        : codePoints(display(text.slice(windowStart, windowEnd))) + target - windowEnd;
    return { text: shown, caret: caret + (cutStart ? 1 : 0) };
  }

  private trim(index: number, text: string): { first: number; afterLast: number } {
    let found = this.trimmed.get(index);
    if (found === undefined) {
      let first = 0;
      while (first < text.length && isBlank(text.charCodeAt(first))) first++;
      let afterLast = text.length;
      while (afterLast > 0 && isBlank(text.charCodeAt(afterLast - 1))) afterLast--;
      found = { first, afterLast };
      this.trimmed.set(index, found);
    }
    return found;
  }
}

/**
 * Source text as a frame shows it: a tab is one space, so that the caret stays aligned whatever the
 * tab stops, then as any piece of a log line (a frame starts its line after the indentation, so a
 * source line "::add-mask::x" would be a workflow command). The text before the caret is shown the
 * same way from the same start, so the caret counts the stand-ins too.
 */
function display(text: string): string {
  return escapeFor.terminal(text.replace(/\t/g, ' '));
}

function isBreak(code: number): boolean {
  return code === 10 || code === 13;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The start of the code point holding UTF-16 unit `index`. */
function pointStart(text: string, index: number): number {
  return index > 0 && index < text.length && isLow(text.charCodeAt(index)) && isHigh(text.charCodeAt(index - 1)) ? index - 1 : index;
}

/** `count` code points back from `from`, not below `floor`. */
function back(text: string, from: number, count: number, floor: number): number {
  let index = from;
  for (let stepped = 0; stepped < count && index > floor; stepped++) index = pointStart(text, index - 1);
  return Math.max(index, floor);
}

/** `count` code points on from `from`, not past `ceiling`. */
function forward(text: string, from: number, count: number, ceiling: number): number {
  let index = from;
  for (let stepped = 0; stepped < count && index < ceiling; stepped++)
    index += isHigh(text.charCodeAt(index)) && isLow(text.charCodeAt(index + 1)) ? 2 : 1;
  return Math.min(index, ceiling);
}

function codePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) if (!(isHigh(text.charCodeAt(index)) && isLow(text.charCodeAt(index + 1)))) count++;
  return count;
}
