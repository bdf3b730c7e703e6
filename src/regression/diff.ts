import { type StructuredPatchHunk, structuredPatch } from 'diff';
import { escapeFor } from '../render/untrusted/index.js';

/**
 * A unified line diff for golden mismatches, by jsdiff: the first differing hunk with a few lines
 * of context, "-" for the expected (golden) text and "+" for the actual output.
 */
export interface DiffOptions {
  /** Unchanged lines shown around the change; 3 by default. */
  context?: number;
  /** Most lines of the hunk printed before it is cut short; 40 by default. */
  maxLines?: number;
  /** Labels of the two sides in the header. */
  expectedLabel?: string;
  actualLabel?: string;
}

/**
 * Bounds of the work on a changed middle (what lies between the common first and last lines):
 * above this many cells (lines x lines), or if jsdiff needs more than MAX_EDITS lines added and
 * removed, the middle is shown as replaced whole. jsdiff's work grows with the lines times the edits,
 * and with the square of the edits.
 */
const MAX_TABLE = 4_000_000;
const MAX_EDITS = 2_000;

const NO_NEWLINE = '\\ No newline at end of file';

/** The diff text, or '' when the two texts are equal. */
export function unifiedDiff(expected: string, actual: string, options: DiffOptions = {}): string {
  if (expected === actual) return '';
  const context = options.context ?? 3;
  const maxLines = options.maxLines ?? 40;
  const hunks = diffHunks(splitLines(expected), splitLines(actual), context);
  const first = hunks[0];
  if (first === undefined) return '';
  const out = [`--- ${options.expectedLabel ?? 'expected'}`, `+++ ${options.actualLabel ?? 'actual'}`, header(first)];
  // A line's "\ No newline" mark is shown with it and not counted.
  let shown = 0;
  let hidden = 0;
  for (const line of first.lines) {
    if (line === NO_NEWLINE) {
      if (hidden === 0) out.push(line);
    } else if (shown < maxLines) {
      out.push(`${line.charAt(0)}${escapeFor.terminal(line.slice(1))}`);
      shown++;
    } else hidden++;
  }
  if (hidden > 0) out.push(`... ${hidden} more lines in this hunk`);
  if (hunks.length > 1) out.push(`... ${hunks.length - 1} more differing ${hunks.length === 2 ? 'hunk' : 'hunks'}`);
  return out.join('\n');
}

/** 1-based line number of the first line that differs, or null when the texts are equal. */
export function firstDifferingLine(expected: string, actual: string): number | null {
  if (expected === actual) return null;
  const a = splitLines(expected);
  const b = splitLines(actual);
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index + 1;
}

/** Lines with their "\n" kept, so that a missing final newline is a difference too. */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

/**
 * The hunks of jsdiff's patch, given only the changed middle and `context` lines either side of it,
 * so that its work is bounded by the middle's; their line numbers are then those of the whole texts.
 */
function diffHunks(a: string[], b: string[], context: number): StructuredPatchHunk[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const from = Math.max(0, start - context);
  const toA = Math.min(a.length, endA + context);
  const toB = Math.min(b.length, endB + context);
  const patch =
    (endA - start) * (endB - start) > MAX_TABLE
      ? undefined
      : structuredPatch('', '', a.slice(from, toA).join(''), b.slice(from, toB).join(''), '', '', {
          context,
          maxEditLength: MAX_EDITS,
        });
  if (patch === undefined) {
    const lines = [
      ...markLines(' ', a.slice(from, start)),
      ...markLines('-', a.slice(start, endA)),
      ...markLines('+', b.slice(start, endB)),
      ...markLines(' ', a.slice(endA, toA)),
    ];
    return [{ oldStart: from + 1, oldLines: toA - from, newStart: from + 1, newLines: toB - from, lines }];
  }
  return patch.hunks.map((hunk) => ({ ...hunk, oldStart: hunk.oldStart + from, newStart: hunk.newStart + from }));
}

/** Lines as jsdiff writes them in a hunk: a mark, the line without its "\n", then a note if it had none. */
function markLines(mark: string, lines: string[]): string[] {
  return lines.flatMap((line) => (line.endsWith('\n') ? [`${mark}${line.slice(0, -1)}`] : [`${mark}${line}`, NO_NEWLINE]));
}

/** As GNU diff and jsdiff's formatPatch: a side with no lines is numbered by the line before it. */
function header(hunk: StructuredPatchHunk): string {
  const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
  const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
  return `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`;
}
