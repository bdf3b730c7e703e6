// Where a value shown as code in the record's tables may break across lines. The page's style
// once let code break anywhere, so a table squeezed a column to one character: `D1` stood as `D`
// over `1`, and `todo-app/package.json` as `todo-` / `app/packag` / `e.json`. Now an id never
// breaks, and a path, pattern or command line breaks at its spaces and after each `/` that ends a
// segment (a <wbr>), the way a reader splits it, and nowhere else: a segment with a character a
// browser breaks after on its own (`-`, `|`) is held in one piece (class `segment`). Only a value
// with a run too long for any column (class `long`) breaks anywhere, as a last resort.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { say } from './text.js';

/**
 * The longest run of characters with no break that a column is widened to hold (some 300 pixels
 * of the page's code font): a longer one may break anywhere.
 */
const LONGEST_RUN = 40;

/** The most segments of a value given their own break: a value of a million slashes is not a million elements. */
const MAX_SEGMENTS = 128;

/** Characters no browser breaks a line after inside a word: a segment of only these needs no hold. */
const UNBROKEN = /^[\p{L}\p{N}._/*~]*$/u;

/** Characters a line breaks at in code, as a browser breaks it. */
const SPACES = /[ \t\n\r\f]+/;

/** An id (`D1`, `H2`): one piece, never broken, unless it is too long for any column. */
export function idCode(value: unknown): ElementContent {
  const text = say(value);
  if (text.length > LONGEST_RUN && text.split(SPACES).some((word) => word.length > LONGEST_RUN)) return pathCode(value);
  return h('code', { className: ['id'] }, text);
}

/**
 * A value that may be a path, a pattern or a command line (class `path`): it breaks at its spaces
 * and after each `/` that ends a segment (`todo-app/` `package.json`), never inside a segment.
 */
export function pathCode(value: unknown): ElementContent {
  const text = say(value);
  const pieces: Array<ElementContent | string> = [];
  let long = false;
  let segments = 0;
  let rest = 0;
  // Words and the spaces between them, in turn: a space is a break already.
  for (const match of text.matchAll(/[ \t\n\r\f]+|[^ \t\n\r\f]+/g)) {
    if (segments >= MAX_SEGMENTS) break;
    const word = match[0];
    rest = (match.index ?? 0) + word.length;
    if (SPACES.test(word[0] as string)) {
      pieces.push(word);
      continue;
    }
    const parts = segmentsOf(word, MAX_SEGMENTS - segments);
    parts.forEach((segment, index) => {
      if (index > 0) pieces.push(h('wbr'));
      if (segment.length > LONGEST_RUN) long = true;
      pieces.push(segment.length > LONGEST_RUN || UNBROKEN.test(segment) ? segment : h('span', { className: ['segment'] }, segment));
    });
    segments += parts.length;
  }
  if (rest < text.length) {
    pieces.push(text.slice(rest));
    long = true;
  }
  return h('code', { className: long ? ['path', 'long'] : ['path'] }, pieces);
}

/**
 * A word cut after each `/` inside it, into at most `most` segments (the last holds the rest): not
 * after one at its start (a lone `/` at the end of a line), at its end, or followed by another (`//`).
 */
function segmentsOf(word: string, most: number): string[] {
  const segments: string[] = [];
  let start = 0;
  for (let at = word.indexOf('/', 1); at !== -1 && at < word.length - 1 && segments.length < most - 1; at = word.indexOf('/', at + 1)) {
    if (word[at - 1] === '/' || word[at + 1] === '/') continue;
    segments.push(word.slice(start, at + 1));
    start = at + 1;
  }
  segments.push(word.slice(start));
  return segments;
}
