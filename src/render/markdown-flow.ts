import type { Code, Heading, List, PhrasingContent, Root, RootContent } from 'mdast';
import { longestRun } from '../common/text.js';
import { MARKDOWN_OPTIONS } from './markdown-options.js';
import { writePhrasing } from './markdown-phrasing.js';
import { writeTable } from './markdown-table.js';

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
