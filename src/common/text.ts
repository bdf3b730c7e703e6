/**
 * Characters that show nothing by themselves: white space, control and format characters
 * (zero-width, bidi controls), default-ignorable code points, combining marks, the braille blank.
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * Whether a text says nothing: only white space, or, when `visibleText` is on (the gate's policy),
 * no visible character at all, so that a goal of a NUL or a zero-width space is no goal.
 */
export function isBlank(value: string, visibleText = false): boolean {
  return visibleText ? !VISIBLE.test(value) : value.trim() === '';
}

/** Past this many characters, a value quoted in a message is cut: a message names a value, it does not copy it. */
const SHOWN_LENGTH = 100;

/**
 * A value as it appears in a message: strings quoted, everything else as JSON; a long one cut
 * short with "…" and its length, so that one huge value cannot make every message huge.
 */
export function show(value: unknown): string {
  if (typeof value === 'string' && value.length > SHOWN_LENGTH) {
    const head = Array.from(value.slice(0, SHOWN_LENGTH + 1))
      .slice(0, -1)
      .join('');
    return `${JSON.stringify(head).slice(0, -1)}…" (${value.length.toLocaleString('en-US')} characters)`;
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 4 * SHOWN_LENGTH
    ? `${json.slice(0, SHOWN_LENGTH)}… (${json.length.toLocaleString('en-US')} characters of JSON)`
    : json;
}

/**
 * How many of `count` items a bounded list shows: all of them up to one past `max`, since "and 1
 * more" takes the room of the one item it stands for; else `max`.
 */
function shownOf(count: number, max: number): number {
  return count <= max + 1 ? count : max;
}

/** "a", "b", "c", each shown (by `each`, quoted by default); past `max` items, the first ones and "and N more". */
export function listOf<T>(values: readonly T[], max = 10, each: (value: T) => string = show): string {
  const shownCount = shownOf(values.length, max);
  const shown = values
    .slice(0, shownCount)
    .map((value) => each(value))
    .join(', ');
  const rest = values.length - shownCount;
  return rest > 0 ? `${shown} and ${rest.toLocaleString('en-US')} more` : shown;
}

/**
 * "a, b or c", each quoted; past `max` values, the first ones and "or one of N more", so that a
 * message is bounded by what it is about, not by the length of a policy's list.
 */
export function oneOf(values: readonly string[], max = 10): string {
  if (shownOf(values.length, max) < values.length) {
    const shown = values.slice(0, max).map((value) => show(value));
    return `${shown.join(', ')} or one of ${(values.length - max).toLocaleString('en-US')} more`;
  }
  const quoted = values.map((value) => show(value));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A value as table text: strings as they are, other values as JSON, absent values as nothing. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

/** The length of the longest run of one UTF-16 code unit in a string. */
export function longestRun(value: string, code: number): number {
  let longest = 0;
  let run = 0;
  for (let index = value.indexOf(String.fromCharCode(code)); index !== -1 && index < value.length; index++) {
    run = value.charCodeAt(index) === code ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
