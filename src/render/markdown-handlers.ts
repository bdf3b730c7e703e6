import type { InlineCode, Nodes, Text } from 'mdast';
import type { Handle, Info } from 'mdast-util-to-markdown';
import { codeSpan, escapeText } from './markdown-escape.js';
import { root } from './markdown-flow.js';
import { table } from './markdown-table.js';

/**
 * remark-stringify handlers for what reports contain. remark's default text handler tests every
 * text node against some thirty "unsafe" patterns, and its flow and phrasing machinery costs more
 * than the text itself; these write the same Markdown directly. `root` writes the document's
 * blocks (see `markdown-flow.ts`) and hands any shape it does not cover back to remark, which then
 * calls `text`, `inlineCode` and `table` for the nodes inside.
 */

const text: Handle = (node: Text, _parent, state, info: Info) => {
  const escaped = escapeText(node.value, info.before === '' || info.before === '\n' || info.before === '\r');
  // A run of # at the end of an ATX heading would be read as its closing sequence.
  return state.stack.includes('headingAtx') && escaped.endsWith('#') ? `${escaped.slice(0, -1)}\\#` : escaped;
};

const inlineCode: Handle = (node: InlineCode, _parent, state) => codeSpan(node.value, state.stack.includes('tableCell'));

export const fastHandlers: Partial<Record<Nodes['type'], Handle>> = { root, text, inlineCode, table };
