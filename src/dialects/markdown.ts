import type { Root } from 'mdast';
import { stringifyMarkdown } from '../render/markdown/index.js';
import type { Report } from '../report/types.js';
import { dialectOf } from './index.js';

/**
 * The report as GitHub-flavoured Markdown: its dialect draws the tree, the tool's writer serializes
 * it. The writer is imported from its bundle part (src/render/markdown/index.ts), which the command
 * line loads with this module, when a run first asks for a Markdown report.
 */
export function renderMarkdown(report: Report): string {
  return stringifyMarkdown(markdownTree(report));
}

/** The Markdown tree of a report, as the dialect it belongs to draws it. */
export function markdownTree(report: Report): Root {
  return dialectOf(report).markdownTree(report);
}
