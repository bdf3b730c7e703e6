// Edits of a JSON (or JSONC) text that touch only what changes: every other byte, comment and line
// break stays as the author wrote it, and what is added follows the file's own indentation. An
// entry added at the end of a list or object and then removed gives back the same bytes.
import type { Node } from 'jsonc-parser';

/** The file's layout: one level of indentation and its line ends. */
export interface TextStyle {
  unit: string;
  eol: string;
}

/** One replacement of the text's range [start, end). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The indentation of the file's first indented line (two spaces when none is), and its line end. */
export function styleOf(text: string): TextStyle {
  const indented = /\n([ \t]+)\S/.exec(text)?.[1];
  const unit = indented === undefined ? '  ' : indented.startsWith('\t') ? '\t' : ' '.repeat(Math.min(indented.length, 10));
  return { unit, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The text with the edits made; they must not overlap. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** `value` as JSON laid out over lines at `indent`, one `unit` a level. */
function layOut(value: unknown, indent: string, style: TextStyle): string {
  return JSON.stringify(value, null, style.unit)
    .split('\n')
    .join(style.eol + indent);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  const at = end === -1 ? text.length : end;
  return text[at - 1] === '\r' ? at - 1 : at;
}

/** The whitespace that begins the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))?.[0] ?? '';
}

/** Whether only whitespace comes before `offset` on its line. */
function beginsLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === '';
}

const end = (node: Node): number => node.offset + node.length;

/**
 * The edit that adds an entry at the end of a list (`key` undefined) or of an object, after its
 * last entry, laid out as that entry is: on a line of its own at its indentation, or on the same
 * line in compact JSON. A comment ending the last entry's line stays with it. In an empty
 * container, the entry goes on a line of its own, one level in.
 */
export function appendEntry(text: string, container: Node, key: string | undefined, value: unknown, style: TextStyle): TextEdit[] {
  const name = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const last = container.children?.at(-1);
  if (last === undefined) {
    const outer = indentAt(text, container.offset);
    const inner = outer + style.unit;
    const entry = `${style.eol}${inner}${name}${layOut(value, inner, style)}`;
    const inside = text.slice(container.offset + 1, end(container) - 1);
    // Only whitespace inside: the container is rewritten whole; a comment inside stays after the entry.
    if (inside.trim() === '') return [{ start: container.offset + 1, end: end(container) - 1, text: `${entry}${style.eol}${outer}` }];
    return [{ start: container.offset + 1, end: container.offset + 1, text: entry }];
  }
  if (!beginsLine(text, last.offset)) return [{ start: end(last), end: end(last), text: `, ${name}${JSON.stringify(value)}` }];
  const indent = indentAt(text, last.offset);
  const entry = `${style.eol}${indent}${name}${layOut(value, indent, style)}`;
  const rest = text.slice(end(last), lineEnd(text, end(last)));
  if (/^\s*(\/\/|\/\*)/.test(rest)) {
    const after = lineEnd(text, end(last));
    return [
      { start: end(last), end: end(last), text: ',' },
      { start: after, end: after, text: entry },
    ];
  }
  return [{ start: end(last), end: end(last), text: `,${entry}` }];
}

/** The edit that puts `value` in place of the value `node`: laid out over lines if the old one was, else compact. */
export function replaceValue(text: string, node: Node, value: unknown, style: TextStyle): TextEdit {
  const old = text.slice(node.offset, end(node));
  const replacement = old.includes('\n') ? layOut(value, indentAt(text, node.offset), style) : JSON.stringify(value);
  return { start: node.offset, end: end(node), text: replacement };
}

/**
 * The edits that remove the entries of `container` at `removed` (indices of its children: values
 * of a list, properties of an object), with the commas between them, so that the rest stays valid
 * and as it was laid out. An entry removed is taken with what separates it from the entry before
 * it (or, for the first, from the one after), which is what appendEntry added. All of them: the
 * container is left empty, `[]` or `{}`.
 */
export function removeEntries(text: string, container: Node, removed: ReadonlySet<number>): TextEdit[] {
  const children = container.children ?? [];
  if (children.length > 0 && children.every((_, index) => removed.has(index)))
    return [{ start: container.offset, end: end(container), text: container.type === 'array' ? '[]' : '{}' }];
  const edits: TextEdit[] = [];
  for (let first = 0; first < children.length; first++) {
    if (!removed.has(first)) continue;
    let last = first;
    while (removed.has(last + 1)) last++;
    const before = children[first - 1];
    const after = children[last + 1];
    const lastNode = children[last] as Node;
    const firstNode = children[first] as Node;
    if (before !== undefined) edits.push(...removalAfter(text, before, firstNode, lastNode));
    else if (after !== undefined) edits.push({ start: firstNode.offset, end: after.offset, text: '' });
    first = last;
  }
  return edits;
}

/**
 * Removing the entries `first` to `last`, which follow `before`: the comma after `before` and, for
 * entries on lines of their own, those lines from the line end before them, so that a comment
 * ending the line of `before` stays there; for entries on the line of `before`, all from it.
 */
function removalAfter(text: string, before: Node, first: Node, last: Node): TextEdit[] {
  if (!beginsLine(text, first.offset)) return [{ start: end(before), end: end(last), text: '' }];
  const comma = commaAfter(text, end(before));
  const start = lineStart(text, first.offset) - 1;
  const from = text[start - 1] === '\r' ? start - 1 : start;
  return [
    { start: comma, end: comma + 1, text: '' },
    { start: from, end: end(last), text: '' },
  ];
}

/** Where the comma after a value is: past whitespace and comments, which is all JSON allows between them. */
function commaAfter(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && text[at] !== ',') {
    const closing = text.startsWith('//', at) ? '\n' : text.startsWith('/*', at) ? '*/' : undefined;
    const closed = closing === undefined ? -1 : text.indexOf(closing, at + 2);
    at = closing === undefined ? at + 1 : closed === -1 ? text.length : closed + closing.length;
  }
  return at;
}
