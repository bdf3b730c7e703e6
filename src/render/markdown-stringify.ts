import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { writeDocument } from './markdown-flow.js';
import { remarkHandlers } from './markdown-handlers.js';
import { MARKDOWN_OPTIONS } from './markdown-options.js';

const processor = unified()
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { ...MARKDOWN_OPTIONS, handlers: remarkHandlers })
  .freeze();

/**
 * Any mdast tree as GitHub-flavoured Markdown, the way every report of the tool is written: by
 * `writeDocument` when it knows every block's shape (reports' are), else by remark. Both give the
 * same bytes for the same tree; the tests compare them.
 */
export function stringifyMarkdown(tree: Root): string {
  const direct = writeDocument(tree);
  if (direct === undefined) return stringifyWithRemark(tree);
  // remark ends a document that has any content with a line break.
  const last = direct.charCodeAt(direct.length - 1);
  return direct === '' || last === 0x0a || last === 0x0d ? direct : `${direct}\n`;
}

/** The tree through remark-stringify and remark-gfm, with the tool's text, inline code and table handlers. */
export function stringifyWithRemark(tree: Root): string {
  return processor.stringify(tree);
}
