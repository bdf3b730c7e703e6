import type { RootContent } from 'mdast';

/** Where the reader of a cut table finds every row. */
export const IN_JSON_STATS = 'the JSON statistics (--format json) list them all';

/** A Mermaid chart as a fenced code block; nothing when there is no chart. */
export function mermaid(chart: string | null): RootContent[] {
  return chart === null ? [] : [{ type: 'code', lang: 'mermaid', value: chart }];
}

/** A figure as table text: a dash when there is none. */
export function numberOrDash(value: number | null): string {
  return value === null ? '—' : String(value);
}
