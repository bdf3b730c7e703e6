// The lines of a spec's text as the source view numbers them, found without a string or an object
// a line: 16 MB of blank lines are 16 million lines, and the view shows a few thousand of them. A
// line ends at "\r\n", "\r" or "\n"; a line break at the end of the text ends the last line, it
// does not start an empty one.

/** A line of the text, by UTF-16 offsets. */
export interface Line {
  /** Its number, from 1. */
  number: number;
  start: number;
  /** Where its text ends: its line break, or the end of the text. */
  end: number;
  /** Where the line after it starts: past its line break. */
  next: number;
}

/** The line numbers from `first` to `last`, both included. */
export type LineRange = readonly [first: number, last: number];

/**
 * Where the next line break at or after an offset is, as a function of the offset (which only
 * grows): each of "\n" and "\r" is looked for again only once the last one found is passed, so a
 * walk over the whole text costs its length, even where one of the two is rare.
 */
function breakFinder(text: string): (from: number) => number {
  let feed = -2;
  let carriage = -2;
  return (from) => {
    if (feed !== -1 && feed < from) feed = text.indexOf('\n', from);
    if (carriage !== -1 && carriage < from) carriage = text.indexOf('\r', from);
    if (feed === -1) return carriage;
    if (carriage === -1) return feed;
    return Math.min(feed, carriage);
  };
}

/** Where the line after the break at `at` starts. */
function pastBreak(text: string, at: number): number {
  return text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;
}

/** How many lines the text has: at least one, an empty text's. */
export function countLines(text: string): number {
  const nextBreak = breakFinder(text);
  let breaks = 0;
  let start = 0;
  for (let found = nextBreak(0); found !== -1; found = nextBreak(start)) {
    breaks++;
    start = pastBreak(text, found);
  }
  return breaks + (start < text.length || breaks === 0 ? 1 : 0);
}

/**
 * The lines whose numbers the ranges hold (sorted, not overlapping), in order; a range past the
 * last line holds only the lines there are. The walk stops after the last range.
 */
export function linesIn(text: string, ranges: readonly LineRange[]): Line[] {
  const lines: Line[] = [];
  const nextBreak = breakFinder(text);
  let range = 0;
  let start = 0;
  for (let number = 1; range < ranges.length; number++) {
    const found = nextBreak(start);
    const end = found === -1 ? text.length : found;
    const next = found === -1 ? text.length : pastBreak(text, found);
    const [first, last] = ranges[range] as LineRange;
    if (number >= first) lines.push({ number, start, end, next });
    if (number >= last) range++;
    // The text has no more lines: after its last line break, only a line with text.
    if (found === -1 || next === text.length) break;
    start = next;
  }
  return lines;
}
