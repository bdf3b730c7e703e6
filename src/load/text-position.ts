import type { FixPlaceFinder } from '../diagnostics/fix-places.js';

export interface Position {
  line: number;
  column: number;
}

/** Offsets to 1-based lines and columns (UTF-16 units); the line table is built on first use. */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  position(offset: number): Position {
    const starts = (this.starts ??= lineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  }
}

/** Line starts after "\n", "\r\n" or a lone "\r", as editors count lines. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/**
 * Where a pointer's value (or, for an object member, its key) starts in the text. `prepare` lets a
 * locator look up many pointers in one pass before they are asked for one by one. `fixPlace`, in
 * YAML, says where a fix to the value may be written (src/diagnostics/fix-places.ts), from the
 * document the locator already holds.
 */
export interface Locator {
  (pointer: string): Position | undefined;
  prepare?(pointers: readonly string[]): void;
  fixPlace?: FixPlaceFinder;
}
