import type { PhrasingContent, Table } from 'mdast';
import type { Handle, Info, State } from 'mdast-util-to-markdown';
import { simpleAttention } from './markdown-phrasing.js';
import { escapeFor } from './untrusted/index.js';

/** A GFM table with unaligned pipes, as remark-gfm writes it with tablePipeAlign: false; undefined when a cell holds a node only remark writes. */
export function writeTable(node: Table): string | undefined {
  return writeRows(node, (children) => {
    let out = '';
    for (const child of children) {
      const piece = writeCellNode(child);
      if (piece === undefined) return undefined;
      out += piece;
    }
    return out;
  });
}

/** The same table inside remark: a cell node `writeCellNode` does not write goes through remark, inside the cell's construct. */
export const table: Handle = (node: Table, _parent, state, info) =>
  writeRows(node, (children) => {
    let out = '';
    for (const child of children) out += writeCellNode(child) ?? throughRemark(child, state, info);
    return out;
  });

/** Text and inline code escaped for a table, HTML as it is, emphasis that needs no encoding; undefined for anything else. */
function writeCellNode(child: PhrasingContent): string | undefined {
  switch (child.type) {
    case 'text':
      return escapeFor.markdownText(child.value, false);
    case 'inlineCode':
      return escapeFor.markdownCode(child.value, true);
    case 'html':
      return child.value;
    case 'strong':
    case 'emphasis':
      // Each cell node is written on its own, with the cell's padding around it: the space before and after that `simpleAttention` needs.
      return simpleAttention(child);
    default:
      return undefined;
  }
}

function throughRemark(child: PhrasingContent, state: State, info: Info): string {
  const exit = state.enter('tableCell');
  const out = state.containerPhrasing({ type: 'paragraph', children: [child] }, { ...info, before: ' ', after: ' ' });
  exit();
  return out;
}

/** The header row, the delimiter row and the body rows, each cell's content from `writeCell`. */
function writeRows<Cell extends string | undefined>(node: Table, writeCell: (children: readonly PhrasingContent[]) => Cell): string | Cell {
  const width = node.children[0]?.children.length ?? 0;
  const delimiter = width === 0 ? '||' : `|${' - |'.repeat(width)}`;
  let out = '';
  for (const [index, row] of node.children.entries()) {
    let line = '|';
    for (const child of row.children) {
      const content = writeCell(child.children);
      if (content === undefined) return content;
      line += content === '' ? ' |' : ` ${content} |`;
    }
    if (row.children.length === 0) line = '||';
    out += index === 0 ? `${line}\n${delimiter}` : `\n${line}`;
  }
  return out === '' ? delimiter : out;
}
