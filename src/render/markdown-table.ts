import type { PhrasingContent, Table } from 'mdast';
import type { Handle, Info, State } from 'mdast-util-to-markdown';
import { codeSpan, escapeText } from './markdown-escape.js';
import { simpleAttention } from './markdown-phrasing.js';

/** A cell's content: text and inline code escaped for a table; other phrasing (emphasis) through remark, inside the cell's construct. */
function cell(children: readonly PhrasingContent[], state: State, info: Info): string {
  let out = '';
  for (const child of children) {
    if (child.type === 'text') out += escapeText(child.value, false);
    else if (child.type === 'inlineCode') out += codeSpan(child.value, true);
    else if (child.type === 'html') out += child.value;
    else {
      // Each other node is written on its own, with the cell's padding around it.
      const simple = child.type === 'strong' || child.type === 'emphasis' ? simpleAttention(child) : undefined;
      if (simple !== undefined) {
        out += simple;
        continue;
      }
      const exit = state.enter('tableCell');
      out += state.containerPhrasing({ type: 'paragraph', children: [child] }, { ...info, before: ' ', after: ' ' });
      exit();
    }
  }
  return out;
}

/** GFM table with unaligned pipes, as remark-gfm writes it with tablePipeAlign: false. */
export const table: Handle = (node: Table, _parent, state, info) => {
  const width = node.children[0]?.children.length ?? 0;
  const delimiter = width === 0 ? '||' : `|${' - |'.repeat(width)}`;
  let out = '';
  node.children.forEach((row, index) => {
    let line = '|';
    for (const child of row.children) {
      const content = cell(child.children, state, info);
      line += content === '' ? ' |' : ` ${content} |`;
    }
    if (row.children.length === 0) line = '||';
    out += index === 0 ? `${line}\n${delimiter}` : `\n${line}`;
  });
  return out === '' ? delimiter : out;
};
