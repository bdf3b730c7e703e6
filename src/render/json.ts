import { jsonText } from '../common/json-text.js';
import type { Report } from '../report/types.js';

/** Two-space JSON with one trailing newline. */
export function renderJson(report: Report): string {
  return jsonText(report);
}
