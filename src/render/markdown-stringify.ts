import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { fastHandlers } from './markdown-handlers.js';
import { MARKDOWN_OPTIONS } from './markdown-options.js';

const processor = unified()
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { ...MARKDOWN_OPTIONS, handlers: fastHandlers })
  .freeze();

/** Any mdast tree as GitHub-flavoured Markdown, the way every report of the tool is written: its text made visible and escaped by `fastHandlers`. */
export function stringifyMarkdown(tree: Root): string {
  return processor.stringify(tree);
}
