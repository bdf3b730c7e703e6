import type { Report } from '../report/types.js';
import { jsonText } from '../common/json-text.js';

/** Two-space JSON with one trailing newline. */
export function renderJson(report: Report): string {
  return jsonText(report);
}
