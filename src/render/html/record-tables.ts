// A document's record as tables that print well: each table is data (where its list is, its
// columns, what stands in for an empty list), so that a dialect's page lists its tables rather
// than building each one.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { records } from '../../common/guards.js';
import type { Section } from './page.js';
import { type Cell, dataTable } from './table.js';
import { say } from './text.js';

/** One list of the record as a table: where the list is, and each column's heading and cell. */
export interface RecordTable {
  id: string;
  title: string;
  /** The list, read from the document's data. */
  items: (data: Record<string, unknown>) => unknown;
  columns: Array<[string, (item: Record<string, unknown>, index: number) => Cell]>;
  /** What stands in place of the table when the list is empty. */
  empty: string;
}

/** A section per table, in the order given. */
export function recordSections(tables: readonly RecordTable[], data: Record<string, unknown>): Section[] {
  return tables.map((table) => {
    const items = records(table.items(data));
    return {
      id: table.id,
      title: table.title,
      content: dataTable(
        table.columns.map(([heading]) => heading),
        items.map((item, index) => table.columns.map(([, cell]) => cell(item, index))),
        table.empty,
      ),
    };
  });
}

/** A value as inline code; nothing when absent. */
export function codeCell(value: unknown): Cell {
  return value === undefined ? [] : [h('code', say(value))];
}

/** A value as text; nothing when absent. */
export function textCell(value: unknown): Cell {
  return value === undefined ? [] : [say(value)];
}

/** The texts of a list as a bulleted list, or `empty` as a sentence when it has none. */
export function textList(texts: readonly unknown[], empty: string): ElementContent {
  return texts.length === 0
    ? h('p', empty)
    : h(
        'ul',
        texts.map((text) => h('li', say(text))),
      );
}

/** A list as lines of inline code; nothing when not a list. */
export function codeListCell(value: unknown): Cell {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index): ElementContent[] => [...(index === 0 ? [] : [h('br')]), h('code', say(item))]);
}
