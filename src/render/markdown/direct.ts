import type { Code, Emphasis, Heading, List, PhrasingContent, Root, RootContent, Strong, Table } from 'mdast';
import type { Handle, Info, State } from 'mdast-util-to-markdown';
import { longestRun } from '../../common/text.js';
import { escapeFor } from '../untrusted/index.js';

// The direct writer: a report's Markdown written without remark, byte for byte as remark writes it
// (`stringify.ts` chooses between the two; test/markdown-writer.test.ts compares them): the
// document's blocks, then phrasing content, then tables, whose writer serves remark as its table
// handler too.

/**
 * How reports are written by remark-stringify. The writers below write what remark writes with
 * exactly these options: change one here and they must change with it (the goldens would show it).
 */
export const MARKDOWN_OPTIONS = {
  bullet: '-',
  listItemIndent: 'one',
  emphasis: '_',
  strong: '*',
  rule: '-',
  fences: true,
} as const;

/**
 * A document written directly, byte for byte as remark writes it with `MARKDOWN_OPTIONS` and
 * `remarkHandlers`, without remark's machinery: its setup on every call (which gathers every
 * extension's handlers, unsafe patterns and join rules), a position tracker that scans every block
 * for line breaks, a dispatch per node. Headings, paragraphs, bullet lists of one-paragraph items
 * (task items too), fenced code, tables and HTML are written here. A document with a block of any
 * other type or shape gives undefined: the caller then lets remark write all of it, so the output
 * never depends on which path wrote it.
 */
export function writeDocument(tree: Root): string | undefined {
  // remark's join rules would read a `spread` on the root; without one, root blocks are one blank line apart.
  if ('spread' in tree) return undefined;
  let out = '';
  let previous: RootContent | undefined;
  for (const child of tree.children) {
    const block = writeBlock(child, previous);
    if (block === undefined) return undefined;
    out += previous === undefined ? block : `\n\n${block}`;
    previous = child;
  }
  return out;
}

/** One block at the root, or undefined for a shape remark must write. */
function writeBlock(node: RootContent, previous: RootContent | undefined): string | undefined {
  switch (node.type) {
    case 'heading':
      return writeHeading(node);
    case 'paragraph':
      return writePhrasing(node.children, '\n', '\n', false);
    case 'list':
      // A list right after another list takes the other bullet in remark.
      return previous?.type === 'list' ? undefined : writeList(node);
    case 'code':
      return writeCode(node);
    case 'table':
      return writeTable(node);
    case 'html':
      return node.value || '';
    default:
      return undefined;
  }
}

/** An ATX heading; remark writes a heading whose text holds a line break as a setext heading, so those are left to it. */
function writeHeading(node: Heading): string | undefined {
  if (node.children.some(holdsLineBreak)) return undefined;
  const sequence = '#'.repeat(Math.max(Math.min(6, node.depth || 1), 1));
  const value = writePhrasing(node.children, '# ', '\n', true);
  if (value === undefined) return undefined;
  if (value === '') return sequence;
  const head = value.charCodeAt(0);
  // Leading whitespace would be stripped from a heading's text.
  if (head === 0x09 || head === 0x20) return `${sequence} &#x${head.toString(16).toUpperCase()};${value.slice(1)}`;
  return `${sequence} ${value}`;
}

function holdsLineBreak(node: PhrasingContent): boolean {
  if ('value' in node) return /[\r\n]/.test(node.value);
  return 'children' in node && node.children.some(holdsLineBreak);
}

/** A bullet list whose items each hold one paragraph, with a task check where `checked` is a boolean. */
function writeList(node: List): string | undefined {
  if (node.ordered) return undefined;
  // remark's join rules: a line break between the items of a tight list, a blank line otherwise.
  const separator = node.spread === false ? '\n' : '\n\n';
  let out = '';
  for (const [index, item] of node.children.entries()) {
    const paragraph = item.children[0];
    if (item.children.length !== 1 || paragraph?.type !== 'paragraph') return undefined;
    const checked = typeof item.checked === 'boolean';
    // A check needs content after it: remark writes an empty checked item as an encoded space.
    const content: PhrasingContent[] = checked && paragraph.children.length === 0 ? [{ type: 'text', value: ' ' }] : paragraph.children;
    const text = writePhrasing(content, '\n', '\n', false);
    if (text === undefined || text.includes('\r')) return undefined;
    if (index > 0) out += separator;
    out += indentItem(checked ? `[${item.checked ? 'x' : ' '}] ${text}` : text);
  }
  return out;
}

/** An item's text after its bullet, its further lines indented under the text; blank lines stay empty. */
function indentItem(text: string): string {
  const bullet = MARKDOWN_OPTIONS.bullet;
  const firstBreak = text.indexOf('\n');
  const first = firstBreak === -1 ? text : text.slice(0, firstBreak);
  let out = first === '' ? bullet : `${bullet} ${first}`;
  if (firstBreak === -1) return out;
  for (const line of text.slice(firstBreak + 1).split('\n')) out += line === '' ? '\n' : `\n  ${line}`;
  return out;
}

/** A fenced code block, its fence longer than any run of backticks in the code; an unusual info string is left to remark, which escapes it. */
function writeCode(node: Code): string | undefined {
  const raw = node.value || '';
  if (node.lang && (node.meta || !/^[A-Za-z0-9]+$/.test(node.lang))) return undefined;
  const fence = '`'.repeat(Math.max(longestRun(raw, 0x60) + 1, 3));
  return `${fence}${node.lang || ''}\n${raw ? `${raw}\n` : ''}${fence}`;
}

/**
 * Phrasing content (a paragraph's, a heading's, a list item's) written directly, byte for byte as
 * remark writes it with `remarkHandlers`, without remark's phrasing machinery: that machinery asks
 * every node's handler for its first character, tracks positions through every string and pairs
 * emphasis delimiters, which cost more than the text itself. With only text, inline code and HTML,
 * remark's output is their handlers' outputs joined; emphasis and strong are covered where remark
 * has nothing to decide (see `simpleAttention`). Anything else gives undefined: the caller then
 * lets remark write it.
 */

/** The ASCII letters and digits: emphasis whose text starts and ends with one needs no encoding on either side. */
const ALPHANUMERIC_EDGES = /^[A-Za-z0-9](?:[\s\S]*[A-Za-z0-9])?$/;

/**
 * `before` and `after` are what remark passes as the text around the content ("\n" for a block at
 * a line start, "# " for a heading); in a heading, text must not end in "#" (it would read as the
 * closing sequence).
 */
function writePhrasing(children: readonly PhrasingContent[], before: string, after: string, inHeading: boolean): string | undefined {
  let out = '';
  // Emphasis is checked once its neighbours are known: where it ends in `out`, and what character it needs next.
  let pendingAttentionEnd = -1;
  for (const child of children) {
    let value: string;
    const last = out === '' ? before.charAt(before.length - 1) : out.charAt(out.length - 1);
    if (child.type === 'text') {
      value = escapeFor.markdownText(child.value, last === '' || last === '\n' || last === '\r');
      if (inHeading && value.endsWith('#')) value = `${value.slice(0, -1)}\\#`;
    } else if (child.type === 'inlineCode') {
      value = escapeFor.markdownCode(child.value, false);
    } else if (child.type === 'html') {
      // remark would fold the line break before flow-like HTML into a space.
      if (last === '\n' || last === '\r') return undefined;
      value = child.value;
    } else if (child.type === 'strong' || child.type === 'emphasis') {
      if (last !== ' ' && last !== '\n') return undefined;
      const written = simpleAttention(child);
      if (written === undefined) return undefined;
      value = written;
    } else {
      return undefined;
    }
    if (value === '') continue;
    if (pendingAttentionEnd !== -1 && !isSpaceOrLineFeed(value.charAt(0))) return undefined;
    out += value;
    pendingAttentionEnd = child.type === 'strong' || child.type === 'emphasis' ? out.length : -1;
  }
  if (pendingAttentionEnd !== -1 && !isSpaceOrLineFeed(after.charAt(0))) return undefined;
  return out;
}

/**
 * Strong (`**`) or emphasis (`_`) around one text whose escaped form starts and ends with an ASCII
 * letter or digit, written as remark writes it when a space or a line break stands on both sides
 * (the caller checks that): its preferred delimiters pair, and nothing needs encoding. Undefined
 * for any other content.
 */
function simpleAttention(node: Strong | Emphasis): string | undefined {
  const only = node.children[0];
  if (node.children.length !== 1 || only?.type !== 'text') return undefined;
  const inner = escapeFor.markdownText(only.value, false);
  if (!ALPHANUMERIC_EDGES.test(inner)) return undefined;
  const marker = node.type === 'strong' ? '**' : '_';
  return `${marker}${inner}${marker}`;
}

function isSpaceOrLineFeed(character: string): boolean {
  return character === ' ' || character === '\n';
}

/** A GFM table with unaligned pipes, as remark-gfm writes it with tablePipeAlign: false; undefined when a cell holds a node only remark writes. */
function writeTable(node: Table): string | undefined {
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
