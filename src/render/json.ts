import type { Report } from '../report/types.js';

/** Two-space JSON with one trailing newline. */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
