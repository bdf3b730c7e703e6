import type { PhrasingContent, RootContent } from 'mdast';
import { codeList, paragraph, text } from './mdast-builders.js';

/**
 * Bounds on what a Markdown document or an HTML page draws. A spec may hold millions of items, and
 * each row or item costs mdast or hast nodes worth about a hundred times its bytes: past these
 * bounds a document shows the first items and says how many more there are, and the JSON form
 * lists everything. Only the shown items are ever read, so the cost of a section no longer grows
 * with its list.
 */
export const MAX_ROWS = 1000;
/** Where a report's reader finds what a cut table or list left out. */
export const IN_JSON_REPORT = 'the JSON report (--format json) lists them all';
/** Items of one table cell (candidate nodes, keywords). */
export const MAX_ITEMS_IN_CELL = 100;

export interface FirstItems<T> {
  items: T[];
  /** How many items were left out. */
  more: number;
}

/** The first `max` items of a list (none when the value is not a list), and how many more it has. */
export function firstItems<T>(value: readonly T[], max: number): FirstItems<T>;
export function firstItems(value: unknown, max: number): FirstItems<unknown>;
export function firstItems(value: unknown, max: number): FirstItems<unknown> {
  if (!Array.isArray(value)) return { items: [], more: 0 };
  return { items: value.slice(0, max), more: Math.max(0, value.length - max) };
}

/** The sentence after a table or list that was cut: how many more there are, and where to find them all. */
export function moreSentence(more: number, noun: string, whereAll: string): string {
  return `… and ${more} more ${noun}, not shown (at most ${MAX_ROWS}); ${whereAll}.`;
}

/** The paragraph after a table or list that was cut (moreSentence), or nothing when none was. */
export function moreNote(more: number, noun: string, whereAll: string): RootContent[] {
  return more === 0 ? [] : [paragraph(text(moreSentence(more, noun, whereAll)))];
}

/** A cell's list as inline code, comma-separated, cut after MAX_ITEMS_IN_CELL items with a count of the rest. */
export function cellCodeList(value: unknown, show: (item: unknown) => string): PhrasingContent[] {
  const { items, more } = firstItems(value, MAX_ITEMS_IN_CELL);
  const nodes = codeList(items.map(show));
  if (more > 0) nodes.push(text(`, … ${more} more`));
  return nodes;
}
