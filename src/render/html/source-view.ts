// The source view of a report's page: the spec's text with its line numbers, the lines problems
// point at flagged, each with the value its problem's pointer names marked and a note that links
// back to the problem. A spec up to WHOLE_SOURCE_LINES lines and WHOLE_SOURCE_BYTES bytes is
// shown whole. A larger one is shown in part, so that the page and the memory it takes to make it
// are bounded, not the input's size over again (16 MB of blank lines made a page of 149 MB and
// took 2.5 GB): its first HEAD_LINES lines and CONTEXT_LINES lines either side of every flagged
// line, each line cut to LINE_CHARS characters but around the places its problems name; every
// run left out is a note that says how much, and the input file holds it all.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { parsePointer } from '../../diagnostics/pointer.js';
import { type Span, valueSpans } from '../../diagnostics/value-places.js';
import { locateValues } from '../../load/json-scan.js';
import { lineId, problemId } from './shared-sections.js';
import { countLines, type Line, type LineRange, linesIn } from './source-lines.js';
import { say } from './text.js';

/** The most lines of a spec shown whole. */
export const WHOLE_SOURCE_LINES = 20_000;
/** The most bytes (UTF-8) of a spec shown whole. */
export const WHOLE_SOURCE_BYTES = 1_000_000;
/** Of a larger spec, the lines shown from its start: the goal, the budget and what follows. */
export const HEAD_LINES = 100;
/** Of a larger spec, the lines shown before and after each flagged line. */
export const CONTEXT_LINES = 3;
/** Of a larger spec, the characters shown of each line from its start. */
export const LINE_CHARS = 500;
/** Of a longer flagged line, the characters shown either side of each end of a marked value and of each problem's column. */
export const MARK_CONTEXT_CHARS = 80;

/** What the gutter shows beside a run of lines left out. */
const LEFT_OUT = '⋮';

const count = (n: number): string => n.toLocaleString('en-US');
const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * The source with line numbers, whole or in part (see above). The numbers are one column of text
 * beside the code, and the lines no problem points at are text between the flagged ones: a spec
 * of 15,000 lines is not 15,000 elements, which would be most of the page's size and of the time
 * it takes to write and to lay out.
 */
export function sourceView(source: string, diagnostics: readonly Diagnostic[], format?: 'json' | 'yaml'): ElementContent[] {
  const byLine = new Map<number, number[]>();
  diagnostics.forEach((diagnostic, index) => {
    if (diagnostic.line === undefined) return;
    byLine.set(diagnostic.line, [...(byLine.get(diagnostic.line) ?? []), index]);
  });
  const body = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const total = countLines(body);
  const bytes = bytesOf(body);
  const whole = total <= WHOLE_SOURCE_LINES && bytes <= WHOLE_SOURCE_BYTES;
  const lines = linesIn(body, whole ? [[1, total]] : shownRanges([...byLine.keys()]));
  const spans = markedValues(body, format, diagnostics, byLine);

  const code: Array<ElementContent | string> = [];
  const gutter: string[] = [];
  // The text since the last element (a flagged line or a note), each line with its line end, shown as one run.
  let plain: string[] = [];
  const push = (element: ElementContent): void => {
    const text = plain.join('');
    if (text !== '') code.push(say(text));
    code.push(element);
    plain = [];
  };
  const leaveOut = (lineCount: number, from: number, to: number): void => {
    push(
      note(`${LEFT_OUT} ${count(lineCount)} line${lineCount === 1 ? '' : 's'} left out (${count(bytesOf(body.slice(from, to)))} bytes)`),
    );
    gutter.push(LEFT_OUT);
  };
  let previous: Line | undefined;
  for (const line of lines) {
    if (line.number > (previous?.number ?? 0) + 1) {
      leaveOut(line.number - (previous?.number ?? 0) - 1, previous?.next ?? 0, line.start);
      plain = ['\n'];
    }
    gutter.push(String(line.number));
    const text = body.slice(line.start, line.end);
    const end = line.number === total ? '' : '\n';
    const flagged = byLine.get(line.number) ?? [];
    if (flagged.length > 0) {
      push(flaggedLine({ number: line.number, text, start: line.start }, flagged, diagnostics, spans, whole));
      plain = [end];
    } else if (whole || text.length <= LINE_CHARS) {
      plain.push(text, end);
    } else {
      const shown = headOf(text, LINE_CHARS);
      plain.push(text.slice(0, shown));
      push(note(`… ${count(bytesOf(text.slice(shown)))} bytes left out`));
      plain = [end];
    }
    previous = line;
  }
  if (previous !== undefined && previous.number < total) leaveOut(total - previous.number, previous.next, body.length);
  const rest = plain.join('');
  if (rest !== '') code.push(say(rest));
  return [
    ...(whole
      ? []
      : [
          h(
            'p',
            `The spec has ${count(total)} lines (${count(bytes)} bytes), more than a page shows whole ` +
              `(${count(WHOLE_SOURCE_LINES)} lines, ${count(WHOLE_SOURCE_BYTES)} bytes). Shown are its first ${HEAD_LINES} lines ` +
              `and ${CONTEXT_LINES} lines either side of each line a problem points at, each line cut to ${LINE_CHARS} characters ` +
              `but around the values its problems name; what is left out is marked ${LEFT_OUT}, and the input file holds it all.`,
          ),
        ]),
    h('div', { className: ['source'] }, [
      h('pre', { className: ['gutter'], ariaHidden: 'true' }, gutter.join('\n')),
      h(
        'pre',
        { className: ['code'], tabIndex: 0, ariaLabel: whole ? 'The spec as written' : 'The spec as written, in part' },
        h('code', code),
      ),
    ]),
  ];
}

/** The lines of a larger spec that are shown: the head, and the context of each flagged line, merged. */
function shownRanges(flaggedLines: number[]): LineRange[] {
  const ranges: Array<[number, number]> = [[1, HEAD_LINES]];
  for (const line of flaggedLines.sort((a, b) => a - b)) {
    const [first, last] = [Math.max(1, line - CONTEXT_LINES), line + CONTEXT_LINES];
    const before = ranges.at(-1) as [number, number];
    if (first <= before[1] + 1) before[1] = Math.max(before[1], last);
    else ranges.push([first, last]);
  }
  return ranges;
}

/**
 * Where the value each flagged problem's pointer names is written, by the problem's place in the
 * list. JSON is scanned once for all of them, without a tree of the document (which took some 35
 * bytes a byte of input); YAML is parsed, within the limit on its tokens.
 */
function markedValues(
  body: string,
  format: 'json' | 'yaml' | undefined,
  diagnostics: readonly Diagnostic[],
  byLine: ReadonlyMap<number, readonly number[]>,
): Map<number, Span> {
  const problems = [...byLine.values()].flat().filter((problem) => (diagnostics[problem]?.path ?? '') !== '');
  const spans = new Map<number, Span>();
  if (format === undefined || problems.length === 0) return spans;
  const pointers = problems.map((problem) => diagnostics[problem]?.path ?? '');
  const spanOf = format === 'yaml' ? valueSpans(body, 'yaml') : undefined;
  const found = spanOf === undefined ? locateValues(body, pointers.map(parsePointer)) : pointers.map((pointer) => spanOf(pointer));
  problems.forEach((problem, index) => {
    const span = found[index];
    if (span !== undefined) spans.set(problem, span);
  });
  return spans;
}

/** A flagged line: its text (of a larger spec, cut around its problems' places), each value marked, and a note a problem. */
function flaggedLine(
  { number, text, start: lineStart }: { number: number; text: string; start: number },
  flagged: readonly number[],
  diagnostics: readonly Diagnostic[],
  spans: ReadonlyMap<number, Span>,
  whole: boolean,
): ElementContent {
  const marks = flagged.flatMap((problem) => {
    const span = spans.get(problem);
    if (span === undefined) return [];
    const from = Math.max(span.start, lineStart) - lineStart;
    const to = Math.min(span.end, lineStart + text.length) - lineStart;
    return from < to ? [{ from, to }] : [];
  });
  const focus = [
    ...marks.flatMap(({ from, to }) => [from, to]),
    ...flagged.flatMap((problem) => {
      const column = diagnostics[problem]?.column;
      return column === undefined ? [] : [column - 1];
    }),
  ];
  const windows = whole || text.length <= LINE_CHARS ? [{ from: 0, to: text.length }] : windowsOf(text, focus);
  const pieces: Array<ElementContent | string> = [];
  windows.forEach(({ from, to }, index) => {
    const inside = marks.flatMap((mark) =>
      mark.from < to && mark.to > from ? [{ from: Math.max(mark.from, from) - from, to: Math.min(mark.to, to) - from }] : [],
    );
    pieces.push(...marked(text.slice(from, to), inside));
    const next = windows[index + 1]?.from ?? text.length;
    if (next > to) pieces.push(note(`… ${count(bytesOf(text.slice(to, next)))} bytes left out`));
  });
  return h('span', { id: lineId(number), className: ['flagged'] }, [
    ...pieces,
    ...flagged.map((problem) =>
      h(
        'a',
        { className: ['note'], href: `#${problemId(problem)}` },
        `← ${say(diagnostics[problem]?.ruleId)} ${say(diagnostics[problem]?.path || '/')}`,
      ),
    ),
  ]);
}

/**
 * The parts of a long line shown: its first LINE_CHARS characters and MARK_CONTEXT_CHARS either
 * side of each focus, merged where they meet, never splitting a surrogate pair.
 */
function windowsOf(text: string, focus: readonly number[]): Array<{ from: number; to: number }> {
  const wanted = [{ from: 0, to: LINE_CHARS }, ...focus.map((at) => ({ from: at - MARK_CONTEXT_CHARS, to: at + MARK_CONTEXT_CHARS }))].map(
    ({ from, to }) => ({ from: pairStart(text, clamp(from, text.length)), to: pairEnd(text, clamp(to, text.length)) }),
  );
  const merged: Array<{ from: number; to: number }> = [];
  for (const window of wanted.sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last !== undefined && window.from <= last.to) last.to = Math.max(last.to, window.to);
    else merged.push(window);
  }
  return merged;
}

const clamp = (at: number, length: number): number => Math.min(Math.max(at, 0), length);
/** Whether a surrogate pair is split at the offset. */
const splitsPair = (text: string, at: number): boolean =>
  /[\uD800-\uDBFF]/.test(text.charAt(at - 1)) && /[\uDC00-\uDFFF]/.test(text.charAt(at));
/** An offset a part starts at: before a pair it would split. */
const pairStart = (text: string, at: number): number => (splitsPair(text, at) ? at - 1 : at);
/** An offset a part ends at: after a pair it would split. */
const pairEnd = (text: string, at: number): number => (splitsPair(text, at) ? at + 1 : at);
/** The most characters, up to `room`, a line's head can have without splitting a pair. */
const headOf = (text: string, room: number): number => pairStart(text, room);

/** A note in the source view: what was left out. */
function note(text: string): ElementContent {
  return h('span', { className: ['note', 'elided'] }, text);
}

/** A line's text with the ranges marked (overlapping ones as one), the rest as it is. */
function marked(text: string, ranges: ReadonlyArray<{ from: number; to: number }>): Array<ElementContent | string> {
  const merged: Array<{ from: number; to: number }> = [];
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last !== undefined && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  const pieces: Array<ElementContent | string> = [];
  let at = 0;
  for (const { from, to } of merged) {
    if (from > at) pieces.push(say(text.slice(at, from)));
    pieces.push(h('mark', say(text.slice(from, to))));
    at = to;
  }
  if (at < text.length || pieces.length === 0) pieces.push(say(text.slice(at)));
  return pieces;
}
