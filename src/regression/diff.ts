import { escapeFor } from '../render/untrusted/index.js';

/**
 * A small unified-style line diff for golden mismatches: the first differing hunk with a few lines
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

type Op = { kind: ' ' | '-' | '+'; line: string; a: number; b: number };

/** Above this many cells (lines x lines) of the changed middle, the middle is shown as replaced whole. */
const MAX_TABLE = 4_000_000;

/** The diff text, or '' when the two texts are equal. */
export function unifiedDiff(expected: string, actual: string, options: DiffOptions = {}): string {
  if (expected === actual) return '';
  const context = options.context ?? 3;
  const maxLines = options.maxLines ?? 40;
  const ops = diffLines(splitLines(expected), splitLines(actual));
  const hunks = groupHunks(ops, context);
  const first = hunks[0];
  if (first === undefined) return '';
  const out = [`--- ${options.expectedLabel ?? 'expected'}`, `+++ ${options.actualLabel ?? 'actual'}`, header(first)];
  const shown = first.slice(0, maxLines);
  for (const op of shown) {
    out.push(`${op.kind}${lineShown(op.line)}`);
    if (!op.line.endsWith('\n')) out.push('\\ No newline at end of file');
  }
  if (first.length > shown.length) out.push(`... ${first.length - shown.length} more lines in this hunk`);
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

function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: ' ', line: a[i] as string, a: i, b: i });
  ops.push(...diffMiddle(a, b, start, endA, endB));
  for (let i = endA, j = endB; i < a.length; i++, j++) ops.push({ kind: ' ', line: a[i] as string, a: i, b: j });
  return ops;
}

/** Longest-common-subsequence edit script of a[start, endA) against b[start, endB). */
function diffMiddle(a: string[], b: string[], start: number, endA: number, endB: number): Op[] {
  const n = endA - start;
  const m = endB - start;
  const ops: Op[] = [];
  if (n * m > MAX_TABLE) {
    for (let i = 0; i < n; i++) ops.push({ kind: '-', line: a[start + i] as string, a: start + i, b: start });
    for (let j = 0; j < m; j++) ops.push({ kind: '+', line: b[start + j] as string, a: endA, b: start + j });
    return ops;
  }
  // table[i * (m + 1) + j]: LCS length of the suffixes from i and j.
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[start + i] === b[start + j]
          ? (table[(i + 1) * width + j + 1] as number) + 1
          : Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      ops.push({ kind: ' ', line: a[start + i] as string, a: start + i, b: start + j });
      i++;
      j++;
    } else if (j >= m || (i < n && (table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number))) {
      ops.push({ kind: '-', line: a[start + i] as string, a: start + i, b: start + j });
      i++;
    } else {
      ops.push({ kind: '+', line: b[start + j] as string, a: start + i, b: start + j });
      j++;
    }
  }
  return ops;
}

/** Runs of changes with `context` unchanged lines around them; changes closer than 2 x context share a hunk. */
function groupHunks(ops: Op[], context: number): Op[][] {
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  const hunks: Op[][] = [];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] as number;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] as number) - last <= 2 * context + 1) last = changed[++k] as number;
    k++;
    hunks.push(ops.slice(Math.max(0, first - context), Math.min(ops.length, last + context + 1)));
  }
  return hunks;
}

function header(hunk: Op[]): string {
  const first = hunk[0] as Op;
  const aCount = hunk.filter((op) => op.kind !== '+').length;
  const bCount = hunk.filter((op) => op.kind !== '-').length;
  const aStart = aCount === 0 ? first.a : first.a + 1;
  const bStart = bCount === 0 ? first.b : first.b + 1;
  return `@@ -${aStart},${aCount} +${bStart},${bCount} @@`;
}

/** The line without its "\n", made visible: a carriage return shows as "␍", so CRLF differences show too. */
function lineShown(line: string): string {
  return escapeFor.terminal(line.endsWith('\n') ? line.slice(0, -1) : line);
}
