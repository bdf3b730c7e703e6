import type { Html, InlineCode, ListItem, PhrasingContent, RootContent, Table, TableCell, TableRow, Text } from 'mdast';

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/;
const LINE_BREAKS = new RegExp(LINE_BREAK.source, 'g');

export function text(value: string): Text {
  return { type: 'text', value };
}

/** Inline code cannot hold a line break; a space keeps the value on one line, as CommonMark would. */
export function code(value: string): InlineCode {
  return { type: 'inlineCode', value: singleLine(value) };
}

/** Text that may span lines, made safe for a table cell: each line break becomes a <br>. */
export function cellText(value: string): PhrasingContent[] {
  if (!LINE_BREAK.test(value)) return value === '' ? [] : [text(value)];
  const lines = value.split(LINE_BREAK);
  const nodes: PhrasingContent[] = [];
  lines.forEach((line, index) => {
    if (index > 0) nodes.push(lineBreak());
    if (line !== '') nodes.push(text(line));
  });
  return nodes;
}

function lineBreak(): Html {
  return { type: 'html', value: '<br>' };
}

/** A heading or list line: line breaks fold into spaces. */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ');
}

export function heading(depth: 1 | 2 | 3, ...children: PhrasingContent[]): RootContent {
  return { type: 'heading', depth, children };
}

export function paragraph(...children: PhrasingContent[]): RootContent {
  return { type: 'paragraph', children };
}

export function bulletList(items: PhrasingContent[][], checked?: boolean[]): RootContent {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map(
      (children, index): ListItem => ({
        type: 'listItem',
        spread: false,
        checked: checked?.[index] ?? null,
        children: [{ type: 'paragraph', children }],
      }),
    ),
  };
}

export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const row = (cells: PhrasingContent[][]): TableRow => ({
    type: 'tableRow',
    children: cells.map((children): TableCell => ({ type: 'tableCell', children })),
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((title) => [text(title)])), ...rows.map(row)],
  };
}

/** Node names joined as inline code, comma-separated. */
export function codeList(values: readonly string[]): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  values.forEach((value, index) => {
    if (index > 0) nodes.push(text(', '));
    nodes.push(code(value));
  });
  return nodes;
}

/** A paragraph of `lead` followed by the values as inline code and a full stop; nothing when there are none. */
export function listParagraph(lead: string, values: readonly string[]): RootContent[] {
  return values.length === 0 ? [] : [paragraph(text(lead), ...codeList(values), text('.'))];
}
