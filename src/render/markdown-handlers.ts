import type { InlineCode, Nodes, Text } from 'mdast';
import type { Handle, Info } from 'mdast-util-to-markdown';
import { table } from './markdown-table.js';
import { escapeFor } from './untrusted/index.js';

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

export const remarkHandlers: Partial<Record<Nodes['type'], Handle>> = { text, inlineCode, table };
