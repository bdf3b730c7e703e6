// One value rewritten in a spec's text, everything else kept byte for byte: comments, key order,
// quoting, indentation and line endings. Each value is written where fixPlaces finds it, the one
// place that also decides which fixes are offered (src/diagnostics/fix-places.ts).
import { type FixPlace, fixPlaces } from '../diagnostics/fix-places.js';
import type { DocumentFormat } from '../diagnostics/value-places.js';

/** A value to write where a JSON Pointer points. */
export interface ValueEdit {
  path: string;
  replacement: string | number;
}

/** `text` with each edit's value written in place; an edit whose place fixPlaces does not find is left out. */
export function editValues(text: string, format: DocumentFormat, edits: readonly ValueEdit[]): string {
  const placeOf = fixPlaces(text, format);
  const splices: Array<{ place: FixPlace; replacement: string | number }> = [];
  for (const edit of edits) {
    const place = placeOf(edit.path);
    if (place !== undefined) splices.push({ place, replacement: edit.replacement });
  }
  // From the end backwards, so that each span still points at its text.
  let result = text;
  for (const { place, replacement } of splices.sort((a, b) => b.place.start - a.place.start))
    result = result.slice(0, place.start) + place.written(replacement) + result.slice(place.end);
  return result;
}
