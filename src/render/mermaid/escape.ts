/**
 * Spec text made safe for a Mermaid label in double quotes, in any diagram type (flowchart, pie,
 * xychart). Mermaid turns `#name;` and `#123;` into HTML entities when it renders, so every
 * character it could read as syntax is replaced by such an entity code; line breaks and tabs
 * become spaces, control characters U+FFFD, and invisible format characters (zero-width, bidi
 * controls) numeric codes, so that the diagram source shows nothing the reader cannot see. Text
 * that holds right-to-left characters or bidi controls is wrapped in a bidi isolate, so that it
 * cannot reorder the rest of the label. Long text is cut to `max` code points, ending in "…".
 */

/** Mermaid's named entity codes where one reads better than a number. */
const NAMED: Readonly<Record<string, string>> = {
  '"': '#quot;',
  '&': '#amp;',
  '<': '#lt;',
  '>': '#gt;',
};

/**
 * Characters with a meaning somewhere in Mermaid's grammars: quotes and string escapes (`\` in
 * pie labels), statement ends, shape brackets and braces, edge-label pipes, Markdown-string
 * backticks, entity and comment starts (`#`, `%%`), and `:`, which Mermaid's `style …:…#…;`
 * rewrite and `fa:` icons look for. Parentheses and apostrophes are harmless inside quotes.
 */
const SPECIAL = /["&<>#;%:`\\|[\]{}]/u;

const LINE_BREAK_OR_TAB = /\r\n|[\n\r\t\v\f\u0085\u2028\u2029]/gu;
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Right-to-left scripts and bidi controls: such text is isolated from the rest of the label. */
const NEEDS_ISOLATE = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Code points that only continue the character before them: cutting before one would split it. */
const CONTINUATION = /[\p{M}\u200D\uFE0E\uFE0F\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

/** First strong isolate and pop directional isolate, as entity codes. */
const ISOLATE_START = '#8296;';
const ISOLATE_END = '#8297;';

export const DEFAULT_LABEL_LENGTH = 60;

/** Line breaks and tabs folded into single spaces, ends trimmed. */
export function foldWhitespace(value: string): string {
  return value.replace(LINE_BREAK_OR_TAB, ' ').replace(/ {2,}/gu, ' ').trim();
}

/**
 * At most `max` code points: longer text keeps its first `max - 1` and ends in "…". A surrogate
 * pair is never split, and a combining mark, joiner or variation selector stays with the
 * character it belongs to (the cut moves before both).
 */
export function truncate(value: string, max: number = DEFAULT_LABEL_LENGTH): string {
  const points = Array.from(value);
  if (points.length <= max) return value;
  let end = Math.max(0, max - 1);
  while (end > 0 && (CONTINUATION.test(points[end] ?? '') || points[end - 1] === '\u200D')) end--;
  return `${points.slice(0, end).join('').trimEnd()}…`;
}

/** Entity codes for every character Mermaid could read as syntax; no truncation, no folding. */
export function escapeCharacters(value: string): string {
  let out = '';
  for (const point of value) {
    const code = point.codePointAt(0) ?? 0xfffd;
    if (NAMED[point] !== undefined) out += NAMED[point];
    else if (SPECIAL.test(point)) out += `#${code};`;
    else if (LONE_SURROGATE.test(point) || CONTROL.test(point)) out += '#65533;';
    // The placeholders Mermaid itself uses for entities ("ﬂ°", "¶ß") must not occur in the text.
    else if (FORMAT.test(point) || point === '\uFB02' || point === '\u00B6') out += `#${code};`;
    else out += point;
  }
  return out;
}

/**
 * One piece of spec text as label text: whitespace folded, cut to `max` code points, every
 * special character as an entity code, right-to-left text isolated. Values that are not strings
 * are shown as JSON (numbers, booleans) or as `fallback` (absent, null, objects too long to help).
 */
export function labelText(value: unknown, max: number = DEFAULT_LABEL_LENGTH, fallback = '?'): string {
  const raw = displayValue(value) ?? fallback;
  const folded = truncate(foldWhitespace(raw), max);
  const text = folded === '' ? fallback : folded;
  const escaped = escapeCharacters(text);
  return NEEDS_ISOLATE.test(text) ? `${ISOLATE_START}${escaped}${ISOLATE_END}` : escaped;
}

/** A whole label in double quotes, from pieces already escaped; lines joined by `<br>`. */
export function quoted(lines: readonly string[]): string {
  const kept = lines.filter((line) => line !== '');
  return `"${kept.length === 0 ? '?' : kept.join('<br>')}"`;
}

/** Strings as they are, finite numbers and booleans as text; anything else has no display. */
export function displayValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
