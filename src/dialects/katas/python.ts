/**
 * How the katas validator, a Python script, reads JSON values: what `--preset reference` must
 * reproduce. Each predicate names the Python expression it stands for.
 */

/**
 * A character outside `str.isspace()`, the set `str.strip()` removes. It differs from JavaScript's
 * `trim()`: Python strips the separators U+001C to U+001F and NEL (U+0085), and keeps the byte
 * order mark (U+FEFF).
 */
const NOT_PYTHON_SPACE = /[^\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** `not value.strip()`: nothing but Python white space. */
export function isPythonBlank(value: string): boolean {
  return !NOT_PYTHON_SPACE.test(value);
}

/**
 * `isinstance(value, int)`, as a number: a JSON integer, or a boolean, since Python's bool is an
 * int (true is 1). `speltAsFloat` says the number was written with a fraction or an exponent (5.0,
 * 5e0), which Python reads as a float.
 */
export function pythonInteger(value: unknown, speltAsFloat: boolean): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return wholeNumber(value, speltAsFloat);
}

/** An integer written as one: a number with a fraction or an exponent in its text (5.0, 5e0) is not. */
export function wholeNumber(value: unknown, speltAsFloat: boolean): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && !speltAsFloat ? value : undefined;
}

/**
 * `re.match(r"^[a-z0-9]+(?:-[a-z0-9]+)*$", value)`: Python's `$` also matches before a final line
 * feed, so "refund-path\n" is a slug to it.
 */
export const PYTHON_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*\n?$/;
/** The slug read strictly: nothing, not even a line feed, after the last letter or digit. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
