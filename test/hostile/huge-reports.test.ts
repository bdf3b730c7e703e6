import { JSDOM } from 'jsdom';
import type { Root, RootContent, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/compile.js';
import { DIAGNOSTIC_CAP } from '../../src/diagnostics/cap.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { htmlRenderer } from '../../src/dialects/html.js';
import { markdownTree, renderMarkdown } from '../../src/dialects/markdown.js';
import { MAX_ITEMS_IN_CELL, MAX_ROWS } from '../../src/render/limits.js';
import type { FileOutcome } from '../../src/report/outcome.js';
import type { Report } from '../../src/report/types.js';
import { collectStats, renderStatsMarkdown } from '../../src/stats/index.js';
import { statsMarkdownTree } from '../../src/stats/render.js';
import { passingOutcome } from '../support/outcomes.js';
import { growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

const parser = unified().use(remarkParse).use(remarkGfm);
const base = createCompiler().compile(
  JSON.stringify({ ...validSpec(), discovery: { limits: {}, cycles: [], stop: { reason: 'no_new_signal', evidence: 'e' } } }),
).report as Report;

/** A report whose every list has `count` items (cells `cellCount`), built around a real one: the renderer reads the spec as it is. */
function hugeReport(count: number, cellCount = 3): Report {
  const spec = validSpec();
  const many = <T>(make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
  const nodes = Array.from({ length: cellCount }, (_, index) => `n${index}`);
  const investigation = {
    ...spec,
    surfaceMap: many((index) => ({ ...spec.surfaceMap[0], id: `M${index}`, candidateNodes: nodes })),
    hypotheses: many((index) => ({ ...spec.hypotheses[0], id: `H${index}`, candidateNodes: nodes })),
    deepDives: many((index) => ({ ...spec.deepDives[0], id: `D${index}` })),
    replanLog: many(() => spec.replanLog[0]),
    risks: many(() => 'a'),
    discovery: {
      limits: {},
      cycles: many((index) => ({ cycle: index + 1, keywords: nodes, newSignals: 0, events: [] })),
      stop: { reason: 'no_new_signal', evidence: 'e' },
    },
  };
  const diagnostics: Diagnostic[] = many((index) => ({ ruleId: 'schema', severity: 'error', message: 'm', path: `/risks/${index}` }));
  return { ...base, investigation, diagnostics };
}

function countNodes(node: unknown): number {
  const children = (node as { children?: unknown[] }).children ?? [];
  return 1 + children.reduce<number>((sum, child) => sum + countNodes(child), 0);
}

function blocks(markdown: string): RootContent[] {
  return (parser.parse(markdown) as Root).children;
}

describe('the Markdown report draws at most MAX_ROWS rows a table or list, and says how many more there are', () => {
  it('every table and list of the report, and every list in a cell', () => {
    const more = 7;
    const markdown = renderMarkdown(hugeReport(MAX_ROWS + more, MAX_ITEMS_IN_CELL + 2));
    // Counted as text: remark-parse takes some 15 s for this document (cells are checked in table-breaking-text.test.ts).
    const paragraphs = markdown.split('\n\n');
    const tables = paragraphs.filter((block) => block.startsWith('| '));
    // Surface Map, Hypotheses, Deep-Dives, Replan Log, Discovery cycles, Diagnostics: header, delimiter row, rows.
    expect(tables).toHaveLength(6);
    for (const table of tables) expect(table.split('\n')).toHaveLength(2 + MAX_ROWS);
    expect(paragraphs.find((block) => block.startsWith('- a\n'))?.split('\n')).toHaveLength(MAX_ROWS);
    for (const noun of ['map entries', 'hypotheses', 'deep dives', 'replans', 'risks', 'cycles', 'diagnostics']) {
      expect(markdown).toContain(
        `… and ${more} more ${noun}, not shown (at most ${MAX_ROWS}); the JSON report (--format json) lists them all.`,
      );
    }
    expect(markdown).toContain(`\`n${MAX_ITEMS_IN_CELL - 1}\`, … 2 more |`);
  });

  it('builds as many mdast nodes for 100,000 items as for 1,001: the cost no longer grows with the lists', () => {
    expect(countNodes(markdownTree(hugeReport(100_000)))).toBe(countNodes(markdownTree(hugeReport(MAX_ROWS + 1))));
    expect(countNodes(markdownTree(hugeReport(MAX_ROWS + 1, 10_000)))).toBe(
      countNodes(markdownTree(hugeReport(MAX_ROWS + 1, MAX_ITEMS_IN_CELL + 1))),
    );
  });

  it('8 million risks (16 MiB of ["a","a",…]) render at a cost that does not grow with the list', () => {
    // Drawing every item, as before, ran out of memory at this size.
    const report = hugeReport(10);
    const withRisks = (count: number) => ({
      ...report,
      investigation: { ...report.investigation, risks: new Array<string>(count).fill('a') },
    });
    expect(renderMarkdown(withRisks(8_000_000))).toContain(`… and ${8_000_000 - MAX_ROWS} more risks`);
    expect(countNodes(markdownTree(withRisks(8_000_000)))).toBe(countNodes(markdownTree(withRisks(MAX_ROWS + 1))));
    const render = (count: number) => {
      const huge = withRisks(count);
      return () => void renderMarkdown(huge);
    };
    expect(growthRatio(render, 500_000)).toBeLessThan(LINEAR);
  });
});

describe('the HTML page cuts its tables and lists the same way', () => {
  /** A huge report with the problems a compile keeps: 1,000 of them (the cap), so that only the record is huge. */
  const capped = (count: number, cellCount?: number): Report => {
    const report = hugeReport(count, cellCount);
    return { ...report, diagnostics: report.diagnostics.slice(0, DIAGNOSTIC_CAP) };
  };
  /** The start tags of a page before its embedded data: every "<" of the text it shows is escaped. */
  const startTags = (html: string): number => html.slice(0, html.indexOf('<script type="application/json"')).match(/<[a-z]/g)?.length ?? 0;

  it('every table and list of the record: MAX_ROWS rows, then a sentence; a cell, MAX_ITEMS_IN_CELL items, then a count', () => {
    const more = 7;
    const { document } = new JSDOM(renderHtml(hugeReport(MAX_ROWS + more))).window;
    for (const [id, noun] of [
      ['map', 'map entries'],
      ['hypotheses', 'hypotheses'],
      ['findings', 'deep dives'],
      ['replans', 'replans'],
    ]) {
      expect(document.querySelectorAll(`#${id} tbody tr`)).toHaveLength(MAX_ROWS);
      expect(document.querySelector(`#${id} > p`)?.textContent).toBe(
        `… and ${more} more ${noun}, not shown (at most ${MAX_ROWS}); the JSON report (--format json) lists them all.`,
      );
    }
    expect(document.querySelectorAll('#risks li')).toHaveLength(MAX_ROWS);
    expect(document.querySelector('#risks > p')?.textContent).toContain(`… and ${more} more risks, not shown`);
    const cell = new JSDOM(renderHtml(hugeReport(3, MAX_ITEMS_IN_CELL + 2))).window.document.querySelector('#map tbody tr td:nth-child(4)');
    expect(cell?.querySelectorAll('code')).toHaveLength(MAX_ITEMS_IN_CELL);
    expect(cell?.textContent?.endsWith('… 2 more')).toBe(true);
  });

  it('has as many elements for 100,000 items a list as for 1,001 (the timeline of 100,000 dives included): only its data grows', () => {
    // But for the burn-down's names, about eight evenly spaced whatever the dives, which may be one more or less.
    expect(Math.abs(startTags(renderHtml(capped(100_000))) - startTags(renderHtml(capped(MAX_ROWS + 1))))).toBeLessThanOrEqual(2);
    expect(startTags(renderHtml(capped(MAX_ROWS + 1, 10_000)))).toBe(startTags(renderHtml(capped(MAX_ROWS + 1, MAX_ITEMS_IN_CELL + 1))));
  });
});

describe('the HTML page of 200,000 deep dives', () => {
  it("draws its timeline and its burn-down: a spread of a row or a point a dive passed the engine's limit on arguments", () => {
    const count = 200_000;
    const deepDives = Array.from({ length: count }, (_, index) => ({ id: `D${index}` }));
    const html = renderHtml({ ...base, investigation: { ...base.investigation, deepDives } });
    expect(/<polyline points="([^"]*)"/.exec(html)?.[1]?.split(' ')).toHaveLength(count + 1);
    expect(html).toContain(`<title>… and ${count - 60} more`);
  });
});

describe('the stats Markdown cuts its tables the same way', () => {
  it('stop reasons and histograms: MAX_ROWS rows, then a note', () => {
    const count = MAX_ROWS + 5;
    const files: FileOutcome[] = Array.from({ length: count }, (_, index) =>
      passingOutcome(`f${index}.json`, {
        ...base,
        summary: { ...base.summary, stopReason: `reason ${index}`, counts: { ...base.summary.counts, replans: index } },
      }),
    );
    const stats = collectStats(files);
    const markdown = renderStatsMarkdown(stats);
    const tables = blocks(markdown).filter((node): node is Table => node.type === 'table');
    const byHeader = new Map(
      tables.map((table) => [
        (table.children[0]?.children ?? []).map((cell) => (cell.children[0] as { value?: string }).value).join('|'),
        table.children.length - 1,
      ]),
    );
    expect(byHeader.get('Stop reason|Investigations|Share')).toBe(MAX_ROWS);
    expect(byHeader.get('Replans|Investigations')).toBe(MAX_ROWS);
    expect(markdown).toContain(`… and 5 more reasons, not shown (at most ${MAX_ROWS}); the JSON statistics (--format json) list them all.`);
    expect(markdown).toContain(`… and 5 more values, not shown (at most ${MAX_ROWS}); the JSON statistics (--format json) list them all.`);
    expect(countNodes(statsMarkdownTree(stats))).toBeLessThan(
      countNodes(statsMarkdownTree(collectStats(files.slice(0, 10)))) + 2 * 8 * MAX_ROWS,
    );
  });

  it('runs of the same task: MAX_ROWS tasks, then a note; the JSON keeps every task', () => {
    const count = MAX_ROWS + 5;
    const files: FileOutcome[] = Array.from({ length: count }, (_, index) =>
      passingOutcome(`f${index}.json`, {
        ...base,
        investigation: { ...base.investigation, 'x-task': `task ${String(index).padStart(5, '0')}` },
      }),
    );
    const stats = collectStats(files);
    expect(stats.tasks).toHaveLength(count);
    const markdown = renderStatsMarkdown(stats);
    const firstCell = (row: Table['children'][number] | undefined) =>
      (row?.children[0]?.children[0] as { value?: string } | undefined)?.value;
    const table = blocks(markdown).find((node): node is Table => node.type === 'table' && firstCell(node.children[0]) === 'Task');
    expect(table?.children.length).toBe(1 + MAX_ROWS);
    expect(firstCell(table?.children.at(-1))).toBe(`task ${String(MAX_ROWS - 1).padStart(5, '0')}`);
    expect(markdown).toContain(`… and 5 more tasks, not shown (at most ${MAX_ROWS}); the JSON statistics (--format json) list them all.`);
    expect(countNodes(statsMarkdownTree(stats))).toBe(countNodes(statsMarkdownTree(collectStats(files.slice(0, MAX_ROWS + 1)))));
  });
});
