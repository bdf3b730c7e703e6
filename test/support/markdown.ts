import type { Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm);

/** Markdown as the GitHub-flavoured tree a reader's renderer builds. */
export function markdownTree(markdown: string): Root {
  return parser.parse(markdown) as Root;
}

/** A node's text, its inline code in backticks when `code` is "backticks". */
export function plainText(node: unknown, code: 'bare' | 'backticks' = 'bare'): string {
  const value = node as { type?: string; value?: string; children?: unknown[] };
  if (typeof value.value === 'string') return code === 'backticks' && value.type === 'inlineCode' ? `\`${value.value}\`` : value.value;
  return (value.children ?? []).map((child) => plainText(child, code)).join('');
}

/** A table's cells as text, the header row first. */
export function tableRows(table: Table, code: 'bare' | 'backticks' = 'bare'): string[][] {
  return table.children.map((row) => row.children.map((cell) => plainText(cell, code)));
}
