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

const LINE_BREAK_OR_TAB = /\r\n|[\n\r\t\v\f\u0085\u2028\u2029]/gu;
/**
 * Every character `escapeCharacters` replaces. First those with a meaning somewhere in Mermaid's
 * grammars: quotes and string escapes (`\` in pie labels), statement ends, shape brackets and
 * braces, edge-label pipes, Markdown-string backticks, entity and comment starts (`#`, `%%`), and
 * `:`, which Mermaid's `style …:…#…;` rewrite and `fa:` icons look for (parentheses and
 * apostrophes are harmless inside quotes); then the placeholders Mermaid itself uses for entities
 * ("ﬂ°", "¶ß"), which must not occur in the text; then lone surrogates, control characters and
 * invisible format characters.
 */
const ESCAPED = /["&<>#;%:`\\|[\]{}\uFB02\u00B6]|[\uD800-\uDFFF]|[\p{Cc}\p{Cf}]/gu;
/** Right-to-left scripts and bidi controls: such text is isolated from the rest of the label. */
const NEEDS_ISOLATE =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/**
 * Anything that makes `labelText` change a label: what `escapeCharacters` replaces, right-to-left
 * text, the line breaks and tabs that fold into spaces (control characters besides U+2028 and
 * U+2029), runs of spaces, and whitespace at either end. Label text without any is its own label,
 * but for the cut to the limit.
 */
const LABEL_NEEDS_WORK =
  /["&<>#;%:`\\|[\]{}\uFB02\u00B6\uD800-\uDFFF\p{Cc}\p{Cf}\u2028\u2029\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]| {2}|^\s|\s$/u;
/** Code points that only continue the character before them: cutting before one would split it. Sticky: tested at an offset. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is a member on its own; a joiner or selector is what is looked for.
const CONTINUATION = /[\p{M}\u200D\uFE0E\uFE0F\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/uy;

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
  // A string has at most as many code points as UTF-16 units: short text needs no counting.
  if (value.length <= max) return value;
  if (max < 1) return '…';
  // Where the last code point that may be kept starts, and whether any follow it.
  let end = 0;
  for (let seen = 1; seen < max && end < value.length; seen++) end += codePointLength(value, end);
  if (end >= value.length || end + codePointLength(value, end) >= value.length) return value;
  for (let kept = max - 1; kept > 0 && (continuesAt(value, end) || value.charCodeAt(end - 1) === 0x200d); kept--)
    end = previousCodePoint(value, end);
  return `${value.slice(0, end).trimEnd()}…`;
}

/** 2 for a surrogate pair at `offset`, else 1. */
function codePointLength(value: string, offset: number): number {
  return (value.codePointAt(offset) as number) > 0xffff ? 2 : 1;
}

/** Where the code point before `offset` starts. */
function previousCodePoint(value: string, offset: number): number {
  const low = value.charCodeAt(offset - 1);
  const high = value.charCodeAt(offset - 2);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? offset - 2 : offset - 1;
}

/** Whether the code point at `offset` only continues the one before it. */
function continuesAt(value: string, offset: number): boolean {
  CONTINUATION.lastIndex = offset;
  return CONTINUATION.test(value);
}

/** Entity codes for every character Mermaid could read as syntax; no truncation, no folding. */
export function escapeCharacters(value: string): string {
  return value.replace(ESCAPED, entityCode);
}

/** The entity code of one character `ESCAPED` matched; control characters and lone surrogates show as U+FFFD. */
function entityCode(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.codePointAt(0) as number;
  const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
  const loneSurrogate = code >= 0xd800 && code <= 0xdfff;
  return control || loneSurrogate ? '#65533;' : `#${code};`;
}

/**
 * One piece of spec text as label text: whitespace folded, cut to `max` code points, every
 * special character as an entity code, right-to-left text isolated. Values that are not strings
 * are shown as JSON (numbers, booleans) or as `fallback` (absent, null, objects too long to help).
 */
export function labelText(value: unknown, max: number = DEFAULT_LABEL_LENGTH, fallback = '?'): string {
  const raw = displayValue(value) ?? fallback;
  // Text with nothing to fold, escape or isolate only needs cutting (most labels are long plain sentences).
  if (raw !== '' && !LABEL_NEEDS_WORK.test(raw)) return truncate(raw, max);
  const folded = truncate(foldWhitespace(raw), max);
  const text = folded === '' ? fallback : folded;
  const escaped = escapeCharacters(text);
  return NEEDS_ISOLATE.test(text) ? `${ISOLATE_START}${escaped}${ISOLATE_END}` : escaped;
}

/** A whole label in double quotes, from pieces already escaped; lines joined by `<br>`. */
export function quoted(lines: readonly string[]): string {
  let joined = '';
  for (const line of lines) if (line !== '') joined = joined === '' ? line : `${joined}<br>${line}`;
  return `"${joined === '' ? '?' : joined}"`;
}

/** Strings as they are, finite numbers and booleans as text; anything else has no display. */
export function displayValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
