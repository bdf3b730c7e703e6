import type { InlineCode, Nodes, Root, Text } from 'mdast';
import type { Handle, Info } from 'mdast-util-to-markdown';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { escapeFor } from '../untrusted/index.js';
import { MARKDOWN_OPTIONS, table, writeDocument } from './direct.js';

/**
 * remark-stringify handlers for the nodes whose escaping is the tool's own (see
 * `untrusted/markdown.ts`): text, inline code and tables. remark's default text handler tests every
 * text node against some thirty "unsafe" patterns; these escape conservatively instead. Every other
 * node is written by remark's own handlers, which call these for the nodes inside.
 */

const text: Handle = (node: Text, _parent, state, info: Info) => {
  const escaped = escapeFor.markdownText(node.value, info.before === '' || info.before === '\n' || info.before === '\r');
  // A run of # at the end of an ATX heading would be read as its closing sequence.
  return state.stack.includes('headingAtx') && escaped.endsWith('#') ? `${escaped.slice(0, -1)}\\#` : escaped;
};

const inlineCode: Handle = (node: InlineCode, _parent, state) => escapeFor.markdownCode(node.value, state.stack.includes('tableCell'));

const remarkHandlers: Partial<Record<Nodes['type'], Handle>> = { text, inlineCode, table };

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
