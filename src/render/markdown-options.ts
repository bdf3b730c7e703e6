/**
 * How reports are written by remark-stringify. The fast writers (`markdown-flow.ts`,
 * `markdown-phrasing.ts`, `markdown-table.ts`) write what remark writes with exactly these options:
 * change one here and they must change with it (the golden files would show it).
 */
export const MARKDOWN_OPTIONS = {
  bullet: '-',
  listItemIndent: 'one',
  emphasis: '_',
  strong: '*',
  rule: '-',
  fences: true,
} as const;
