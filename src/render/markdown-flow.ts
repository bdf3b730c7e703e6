import type { Code, Heading, List, Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { defaultHandlers, type Handle, type Info, type State } from 'mdast-util-to-markdown';
import { longestRun } from './markdown-escape.js';
import { MARKDOWN_OPTIONS } from './markdown-options.js';
import { writePhrasing } from './markdown-phrasing.js';
import { table } from './markdown-table.js';

/**
 * The document's blocks written directly, byte for byte as remark writes them with
 * `MARKDOWN_OPTIONS` and `fastHandlers`, without remark's flow machinery (a position tracker that
 * scans every block for line breaks, a dispatch per node). Headings, paragraphs, tight bullet
 * lists of one-paragraph items (task items too), fenced code, tables and HTML are written here; a
 * block of any other shape is handed to remark's own handler, and a document with a node of any
 * other type to remark's root handler, so the output never depends on which path wrote it.
 */

/** Block types whose every shape this module writes or hands on: a root of only these is a flow root for remark too. */
const FLOW_TYPES = new Set<string>(['heading', 'paragraph', 'list', 'code', 'table', 'html']);
const BULLET = MARKDOWN_OPTIONS.bullet;

export const root: Handle = (node: Root, parent, state, info) => {
  if (!node.children.every((child) => FLOW_TYPES.has(child.type))) return defaultHandlers.root(node, parent, state, info);
  const { children } = node;
  let out = '';
  state.indexStack.push(-1);
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as RootContent;
    state.indexStack[state.indexStack.length - 1] = index;
    out += writeBlock(child, node, state, info) ?? state.handle(child, node, state, { before: '\n', after: '\n', now: info.now, lineShift: info.lineShift });
    if (child.type !== 'list') state.bulletLastUsed = undefined;
    const next = children[index + 1];
    if (next !== undefined) out += between(child, next, node, state);
  }
  state.indexStack.pop();
  return out;
};

/** One block at the root, or undefined for a shape remark must write. */
function writeBlock(node: RootContent, parent: Root, state: State, info: Info): string | undefined {
  switch (node.type) {
    case 'heading':
      return writeHeading(node);
    case 'paragraph':
      return writePhrasing(node.children, '\n', '\n', false);
    case 'list':
      return writeList(node, state);
    case 'code':
      return writeCode(node);
    case 'table':
      return table(node, parent, state, { ...info, before: '\n', after: '\n' });
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

/**
 * A tight bullet list whose items each hold one paragraph, with a task check where `checked` is a
 * boolean. A list right after another list takes the other bullet in remark, so it is left to it.
 */
function writeList(node: List, state: State): string | undefined {
  if (node.ordered || state.bulletLastUsed !== undefined) return undefined;
  const { children } = node;
  let out = '';
  for (let index = 0; index < children.length; index++) {
    const item = children[index];
    const paragraph = item?.children[0];
    if (item === undefined || item.children.length !== 1 || paragraph?.type !== 'paragraph') return undefined;
    const checked = typeof item.checked === 'boolean';
    // A check needs content after it: remark writes an empty checked item as an encoded space.
    const content: PhrasingContent[] = checked && paragraph.children.length === 0 ? [{ type: 'text', value: ' ' }] : paragraph.children;
    const text = writePhrasing(content, '\n', '\n', false);
    if (text === undefined || text.includes('\r')) return undefined;
    out += indentItem(checked ? `[${item.checked ? 'x' : ' '}] ${text}` : text);
    const next = children[index + 1];
    if (next !== undefined) out += between(item, next, node, state);
  }
  state.bulletLastUsed = BULLET;
  return out;
}

/** An item's text after its bullet, its further lines indented under the text; blank lines stay empty. */
function indentItem(text: string): string {
  const firstBreak = text.indexOf('\n');
  const first = firstBreak === -1 ? text : text.slice(0, firstBreak);
  let out = first === '' ? BULLET : `${BULLET} ${first}`;
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

/** What separates two blocks: remark's join rules (from mdast-util-to-markdown and remark-gfm), asked as remark asks them. */
function between(left: Nodes, right: Nodes, parent: Parents, state: State): string {
  for (let index = state.join.length - 1; index >= 0; index--) {
    const result = state.join[index]?.(left as never, right as never, parent as never, state);
    if (result === true || result === 1) break;
    if (typeof result === 'number') return '\n'.repeat(1 + result);
    if (result === false) return '\n\n<!---->\n\n';
  }
  return '\n\n';
}
