export function isBlank(value: string): boolean {
  return value.trim() === '';
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
