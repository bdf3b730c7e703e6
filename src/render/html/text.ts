// The one way input reaches the page's tree: as text made fit to show (`escapeFor.htmlText`),
// cut where a chart has a line's room for it. Markup needs no escape here: the serializer writes
// every text and attribute value escaped.
import { escapeFor } from '../untrusted/index.js';

/** A value from the input as the text of an element or an attribute value. */
export function say(value: unknown): string {
  if (value === undefined || value === null) return '';
  return escapeFor.htmlText(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * A value cut to `room` characters as shown (code points, "…" at the end when cut), for a line of a
 * chart. Each character shows as one or more, so only a head of the value long enough to fill the
 * room is made fit to show: the cost is the room's, not the value's.
 */
export function cut(value: unknown, room: number): string {
  if (value === undefined || value === null) return '';
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const head = raw.length > 2 * room + 2 ? raw.slice(0, 2 * room + 2) : raw;
  const points = Array.from(say(head));
  return points.length <= room ? points.join('') : `${points.slice(0, room - 1).join('')}…`;
}

/**
 * The most characters of one value in a chart's row or its tooltip: a row names what it draws, the
 * tables below show each value whole. A value repeated on every row (the budget's unit) would
 * otherwise cost its length once a row.
 */
const BRIEF_ROOM = 300;

/** A value as a part of a chart's row: made fit to show, and cut to BRIEF_ROOM characters. */
export function brief(value: unknown): string {
  return cut(value, BRIEF_ROOM);
}
