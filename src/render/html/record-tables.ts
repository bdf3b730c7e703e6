// A document's record as tables that print well: each table is data (where its list is, its
// columns, what stands in for an empty list), so that a dialect's page lists its tables rather
// than building each one. As in the Markdown report, a table or list shows at most MAX_ROWS rows
// and a cell at most MAX_ITEMS_IN_CELL items, then counts the rest: a spec of millions of risks
// made a page of millions of elements.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { isRecord } from '../../common/guards.js';
import { firstItems, IN_JSON_REPORT, MAX_ITEMS_IN_CELL, MAX_ROWS, moreSentence } from '../limits.js';
import type { Section } from './page.js';
import { type Cell, dataTable } from './table.js';
import { say } from './text.js';
import { idCode, pathCode } from './wrap.js';

/** One list of the record as a table: where the list is, and each column's heading and cell. */
export interface RecordTable {
  id: string;
  title: string;
  /** The list, read from the document's data. */
  items: (data: Record<string, unknown>) => unknown;
  columns: Array<[string, (item: Record<string, unknown>, index: number) => Cell]>;
  /** What stands in place of the table when the list is empty. */
  empty: string;
  /** What its rows are, for the sentence that counts those not shown ("deep dives"). */
  noun: string;
}

/** A section per table, in the order given. */
export function recordSections(tables: readonly RecordTable[], data: Record<string, unknown>): Section[] {
  return tables.map((table) => {
    const { items, more } = firstRecords(table.items(data));
    return {
      id: table.id,
      title: table.title,
      content: [
        ...dataTable(
          table.columns.map(([heading]) => heading),
          items.map((item, index) => table.columns.map(([, cell]) => cell(item, index))),
          table.empty,
        ),
        ...moreRows(more, table.noun),
      ],
    };
  });
}

/** The first MAX_ROWS records of a list (its items that are objects), and how many more it has, found without a copy of the list. */
function firstRecords(value: unknown): { items: Record<string, unknown>[]; more: number } {
  const items: Record<string, unknown>[] = [];
  let more = 0;
  if (!Array.isArray(value)) return { items, more };
  for (const item of value) {
    if (!isRecord(item)) continue;
    if (items.length < MAX_ROWS) items.push(item);
    else more++;
  }
  return { items, more };
}

/** The sentence after a table or list that was cut, or nothing. */
function moreRows(more: number, noun: string): ElementContent[] {
  return more === 0 ? [] : [h('p', moreSentence(more, noun, IN_JSON_REPORT))];
}

/** A value as inline code that breaks only at its spaces and path separators (wrap.ts); nothing when absent. */
export function codeCell(value: unknown): Cell {
  return value === undefined ? [] : [pathCode(value)];
}

/** An id as inline code that never breaks (wrap.ts); nothing when absent. */
export function idCell(value: unknown): Cell {
  return value === undefined ? [] : [idCode(value)];
}

/** A value as text; nothing when absent. */
export function textCell(value: unknown): Cell {
  return value === undefined ? [] : [say(value)];
}

/** The first MAX_ROWS texts of a list as a bulleted list and a sentence that counts the rest (`noun`), or `empty` as a sentence when it has none. */
export function textList(texts: readonly unknown[], empty: string, noun: string): ElementContent[] {
  if (texts.length === 0) return [h('p', empty)];
  const { items, more } = firstItems(texts, MAX_ROWS);
  return [
    h(
      'ul',
      items.map((text) => h('li', say(text))),
    ),
    ...moreRows(more, noun),
  ];
}

/** A list's first MAX_ITEMS_IN_CELL items as lines of inline code, then a count of the rest; nothing when not a list. */
export function codeListCell(value: unknown): Cell {
  const { items, more } = firstItems(value, MAX_ITEMS_IN_CELL);
  return [
    ...items.flatMap((item, index): ElementContent[] => [...(index === 0 ? [] : [h('br')]), pathCode(item)]),
    ...(more === 0 ? [] : [h('br'), `… ${more} more`]),
  ];
}
