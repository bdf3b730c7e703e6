import type { Root } from 'mdast';
import { dialectOf } from '../../dialects/index.js';
import type { Report } from '../../report/types.js';
import { stringifyMarkdown } from './part.js';

/** The report as GitHub-flavoured Markdown, serialized from an mdast tree by remark. */
export function renderMarkdown(report: Report): string {
  return stringifyMarkdown(markdownTree(report));
}

export { stringifyMarkdown };

/** The Markdown tree of a report, as the dialect it belongs to draws it. */
export function markdownTree(report: Report): Root {
  return dialectOf(report).markdownTree(report);
}
