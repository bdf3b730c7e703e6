// The one way input reaches the page's tree: as text made fit to show (`escapeFor.htmlText`),
// cut where a chart has a line's room for it. Markup needs no escape here: the serializer writes
// every text and attribute value escaped.
import { escapeFor } from '../untrusted/index.js';

/** A value from the input as the text of an element or an attribute value. */
export function say(value: unknown): string {
  if (value === undefined || value === null) return '';
  return escapeFor.htmlText(typeof value === 'string' ? value : JSON.stringify(value));
}

/** A value cut to `room` characters (code points, "…" at the end when cut), for a line of a chart. */
export function cut(value: unknown, room: number): string {
  const text = say(value);
  const points = Array.from(text);
  return points.length <= room ? text : `${points.slice(0, room - 1).join('')}…`;
}
