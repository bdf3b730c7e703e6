/**
 * Odd but legal input through the built CLI is accepted: Unicode, bidi and zero-width marks, and the
 * like. Files go through its bundle in this process; standard input through a process of its own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { expectWellBehaved, runWellBehaved } from '../support/hostile-cli.js';
import { runBuiltInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('hostile');

/** Replaces every string of a value (keys stay), depth first. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  return value;
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child as Nodes, visit);
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child as Nodes)).join('');
  return '';
}

/** The tables (cells per row) and code blocks of a Markdown report, as remark with GFM parses them. */
function markdownShape(markdown: string): {
  tables: number[][];
  code: Array<{ lang: string | null | undefined; value: string }>;
  headings: string[];
} {
  const tree = markdownParser.parse(markdown) as Root;
  const tables: number[][] = [];
  const code: Array<{ lang: string | null | undefined; value: string }> = [];
  const headings: string[] = [];
  walk(tree, (node) => {
    if (node.type === 'table') tables.push(node.children.map((row) => row.children.length));
    if (node.type === 'code') code.push({ lang: node.lang, value: node.value });
    if (node.type === 'heading' && node.depth === 2) headings.push(textOf(node));
  });
  return { tables, code, headings };
}

const RTL_AND_ZERO_WIDTH = [
  '\u202E',
  '\u202B',
  '\u2067',
  '\u200F',
  '\u200E',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
];

function unicodeSpec(): Record<string, any> {
  const decorate = (text: string, index: number): string => {
    const mark = RTL_AND_ZERO_WIDTH[index % RTL_AND_ZERO_WIDTH.length] as string;
    return `${mark}${text}${mark} שלום مرحبا${mark}|\u200B\`x\`\u202C 🧑‍💻 e\u0301 ${mark}`;
  };
  let counter = 0;
  const spec = validSpec();
  const ids = new Set(['M1', 'H1', 'H2', 'H3', 'D1', 'D2', 'D3']);
  const fixed = new Set([
    ...Object.values(spec.budget),
    'rg',
    'Glob',
    'Read',
    'confirms',
    'invalidates',
    'neutral',
    'open',
    'confirmed',
    'invalidated',
    'hypothesis_invalidated',
    'goal_resolved',
    '[CÓDIGO]',
    '[CODIGO]',
    '[DOC]',
  ]);
  const changed = mapStrings(spec, (text) => {
    if (fixed.has(text)) return text;
    // Ids and nodes are renamed consistently: the same text gets the same Unicode decoration.
    if (ids.has(text) || text.startsWith('map-') || text.startsWith('billing/')) return `${text}\u200B\u202E\u05D0${text.length}`;
    return decorate(text, counter++);
  }) as Record<string, any>;
  // Risks name open hypotheses by id, as whole words.
  changed.risks = changed.risks.map((risk: string, index: number) => `H3\u200B\u202E\u05D02 ${risk} ${index}`);
  return changed;
}

/** A run of the built bundle in this process, checked as a spawned run is (runWellBehaved). */
async function builtWellBehaved(args: string[], cwd: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const result = await runBuiltInProcess(args, { cwd });
  expectWellBehaved(result);
  return result;
}

describe('accepted input', () => {
  it('a UTF-8 byte order mark and CRLF line ends, in JSON and YAML, files and stdin', async () => {
    const dir = tempDir();
    const spec = validSpec();
    const json = `\uFEFF${JSON.stringify(spec, null, 2).replace(/\n/g, '\r\n')}\r\n`;
    const yaml = `\uFEFF${toYaml(spec).replace(/\n/g, '\r\n')}`;
    writeFileSync(join(dir, 'bom.json'), json);
    writeFileSync(join(dir, 'bom.yaml'), yaml);
    for (const [args, input] of [
      [['bom.json'], undefined],
      [['bom.yaml'], undefined],
      [['-'], json],
      [['-'], yaml],
    ] as const) {
      const result =
        input === undefined
          ? await builtWellBehaved([...args, '--format', 'json'], dir)
          : runWellBehaved([...args, '--format', 'json'], { cwd: dir, input });
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).investigation).toEqual(spec);
    }
  });

  it('Unicode anywhere, right-to-left and zero-width characters included, keeps the Markdown tables and the Mermaid block intact', async () => {
    const dir = tempDir();
    const spec = unicodeSpec();
    writeJson(dir, 'unicode.json', spec);
    writeFileSync(join(dir, 'unicode.yaml'), toYaml(spec));
    writeJson(dir, 'plain.json', validSpec());
    const plain = markdownShape((await builtWellBehaved(['plain.json'], dir)).stdout);
    expect(plain.tables.length).toBeGreaterThanOrEqual(4);
    expect(plain.code.filter((block) => block.lang === 'mermaid')).toHaveLength(1);
    for (const file of ['unicode.json', 'unicode.yaml']) {
      const markdown = await builtWellBehaved([file], dir);
      expect(markdown.status, markdown.stderr).toBe(0);
      expect(markdown.stderr).toBe('');
      const shape = markdownShape(markdown.stdout);
      // Every row of every table has as many cells as its header, and the tables have the plain report's shape.
      for (const table of shape.tables) for (const cells of table) expect(cells).toBe(table[0]);
      expect(shape.tables).toEqual(plain.tables);
      expect(shape.headings).toEqual(plain.headings);
      // The Mermaid diagram is still one fenced block, and nothing else became a code block.
      expect(shape.code).toHaveLength(plain.code.length);
      const mermaid = shape.code.filter((block) => block.lang === 'mermaid');
      expect(mermaid).toHaveLength(1);
      expect(mermaid[0]?.value.startsWith('flowchart')).toBe(true);
      expect(mermaid[0]?.value.split('\n').length).toBe(plain.code.find((block) => block.lang === 'mermaid')?.value.split('\n').length);

      const json = await builtWellBehaved([file, '--format', 'json'], dir);
      expect(json.status).toBe(0);
      expect(JSON.parse(json.stdout).investigation).toEqual(spec);
    }
  });
});
