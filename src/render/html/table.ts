// A table of a page: a header row of column headings, then a row a record, each cell its text or
// elements; a sentence instead when there is no record, so that an empty table never stands alone.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';

/** What a cell holds: text made fit to show already (`say`), elements, or both. */
export type Cell = string | Array<ElementContent | string>;

/** The header row of a table, each heading a column's. */
export function headingRow(headings: readonly string[]): ElementContent {
  return h(
    'thead',
    h(
      'tr',
      headings.map((heading) => h('th', { scope: 'col' }, heading)),
    ),
  );
}

export function dataTable(headings: readonly string[], rows: readonly Cell[][], empty: string): ElementContent[] {
  if (rows.length === 0) return [h('p', empty)];
  return [
    h('table', [
      headingRow(headings),
      h(
        'tbody',
        rows.map((row) =>
          h(
            'tr',
            row.map((cell) => h('td', cell)),
          ),
        ),
      ),
    ]),
  ];
}
