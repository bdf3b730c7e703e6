import { jsonPieces, jsonText } from '../common/json-text.js';
import type { Report } from '../report/types.js';

/** Two-space JSON with one trailing newline. */
export function renderJson(report: Report): string {
  return jsonText(report);
}

/** The same text as renderJson, in pieces made one after another as they are written. */
export function renderJsonPieces(report: Report): Iterable<string> {
  return jsonPieces(report);
}
