/** The diagrams of the stats report, parsed by Mermaid. */
import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { FileOutcome } from '../../src/report/outcome.js';
import { MAX_PIE_SLICES } from '../../src/stats/charts.js';
import { budgetUseChart, collectStats, renderStatsMarkdown, stopReasonPie } from '../../src/stats/index.js';
import { HOSTILE } from '../support/hostile-labels.js';
import { loadMermaid } from '../support/mermaid.js';
import { fixtureOutcomes } from '../support/outcomes.js';

const mermaid = await loadMermaid();
const outcomes = fixtureOutcomes();

describe('stats diagrams', () => {
  const markdownParser = unified().use(remarkParse).use(remarkGfm);

  function mermaidBlocks(markdown: string): string[] {
    const tree = markdownParser.parse(markdown) as Root;
    return tree.children.filter((node): node is Code => node.type === 'code' && node.lang === 'mermaid').map((node) => node.value);
  }

  it('the fixture corpus pie and bar chart parse', async () => {
    const stats = collectStats(outcomes);
    const pie = stopReasonPie(stats);
    const bars = budgetUseChart(stats);
    expect(pie).not.toBeNull();
    expect(bars).not.toBeNull();
    const blocks = mermaidBlocks(renderStatsMarkdown(stats));
    expect(blocks).toEqual([pie, bars]);
    expect(await mermaid.parse(pie ?? '')).toBe('pie');
    expect(await mermaid.parse(bars ?? '')).toBe('xychart');
    const pieDiagram = await mermaid.diagram(pie ?? '');
    const sections = (pieDiagram.db as { getSections(): Map<string, number> }).getSections();
    expect(sections.size).toBe(stats.stopReasons.length);
    expect([...sections.values()].reduce((a, b) => a + b, 0)).toBe(stats.investigations);
  });

  it('hostile stop reasons still give a valid pie, with at most MAX_PIE_SLICES slices', async () => {
    const base = outcomes.find((outcome) => outcome.report !== null);
    if (base?.report == null) throw new Error('no report in the fixtures');
    const files: FileOutcome[] = [...HOSTILE, `${'z'.repeat(80)}1`, `${'z'.repeat(80)}2`, 'none'].map((reason, index) => ({
      ...base,
      path: `f${index}.json`,
      report: { ...base.report!, summary: { ...base.report!.summary, stopReason: reason } },
    }));
    files.push({ ...base, path: 'null.json', report: { ...base.report, summary: { ...base.report.summary, stopReason: null } } });
    const stats = collectStats(files);
    const pie = stopReasonPie(stats) ?? '';
    expect(await mermaid.parse(pie)).toBe('pie');
    const sections = ((await mermaid.diagram(pie)).db as { getSections(): Map<string, number> }).getSections();
    // More distinct reasons than slices: the most frequent keep theirs, the rest share "other reasons".
    expect(stats.stopReasons.length).toBeGreaterThan(MAX_PIE_SLICES);
    expect(sections.size).toBe(MAX_PIE_SLICES);
    expect(sections.get('other reasons')).toBe(stats.stopReasons.slice(MAX_PIE_SLICES - 1).reduce((sum, { count }) => sum + count, 0));
    expect([...sections.values()].reduce((a, b) => a + b, 0)).toBe(stats.investigations);
    for (const block of mermaidBlocks(renderStatsMarkdown(stats))) await mermaid.parse(block);
  });

  it('a pie of a corpus with 100,000 distinct stop reasons still has MAX_PIE_SLICES slices', async () => {
    const base = outcomes.find((outcome) => outcome.report !== null);
    if (base?.report == null) throw new Error('no report in the fixtures');
    const report = base.report;
    const files: FileOutcome[] = Array.from({ length: 100_000 }, (_, index) => ({
      ...base,
      report: { ...report, summary: { ...report.summary, stopReason: `r${index}` } },
    }));
    const pie = stopReasonPie(collectStats(files)) ?? '';
    expect(pie.split('\n')).toHaveLength(2 + MAX_PIE_SLICES);
    expect(pie).toContain('"other reasons" : 99989');
    expect(await mermaid.parse(pie)).toBe('pie');
  });
});
