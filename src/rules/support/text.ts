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

/** A value as it appears in a message: strings quoted, everything else as JSON. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** "a, b or c", each quoted. */
export function oneOf(values: readonly string[]): string {
  const quoted = values.map((value) => show(value));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
