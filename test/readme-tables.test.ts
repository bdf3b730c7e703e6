import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { documentationPages } from './support/documentation.js';

describe('the README tables render', () => {
  it('every line that starts with a pipe belongs to a GFM table (a blank line would cut one off)', () => {
    for (const { path, text } of documentationPages()) expect(strayTableLines(text), path).toEqual([]);
  });
});

/** The lines of a page that start with a pipe outside any GFM table or code block. */
function strayTableLines(readme: string): { text: string; line: number }[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(readme) as Root;
  const tableLines = new Set<number>();
  const codeLines = new Set<number>();
  const mark = (node: Nodes): void => {
    const { start, end } = node.position ?? {};
    if (start && end && (node.type === 'table' || node.type === 'code')) {
      for (let line = start.line; line <= end.line; line++) (node.type === 'table' ? tableLines : codeLines).add(line);
    }
    if ('children' in node) for (const child of node.children) mark(child);
  };
  mark(tree);
  return readme
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text, line }) => text.startsWith('|') && !tableLines.has(line) && !codeLines.has(line));
}
