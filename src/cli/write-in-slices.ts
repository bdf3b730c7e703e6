/** Characters written at once: a report of 50 MB is encoded a slice at a time, never all at once beside itself. */
const SLICE = 1 << 20;

/**
 * Writes `text` a slice at a time: standard output to a file or pipe is written synchronously on
 * Linux, so each slice's bytes are freed before the next is encoded. A slice never ends between
 * the two halves of a surrogate pair, which would be encoded apart as two U+FFFD (so a slice of 1
 * holding one is 2 long). A reader gone stops it.
 */
export function writeInSlices(stream: Pick<NodeJS.WriteStream, 'write' | 'destroyed'>, text: string, slice = SLICE): void {
  let start = 0;
  while (start < text.length && !stream.destroyed) {
    let end = Math.min(text.length, start + slice);
    // A pair would be cut: end before it, or, when it opens the slice (a slice of 1), after it.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)))
      end += end - 1 > start ? -1 : 1;
    stream.write(text.slice(start, end));
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
