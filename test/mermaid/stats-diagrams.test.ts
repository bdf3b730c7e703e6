/** The diagrams of the stats report, parsed by Mermaid. */
import type { Code, Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { FileOutcome } from '../../src/report/outcome.js';
import { MAX_PIE_SLICES, MAX_TASK_BARS, X_AXIS_CHARACTERS } from '../../src/stats/charts.js';
import {
  budgetUseChart,
  collectStats,
  passRateChart,
  renderStatsMarkdown,
  statsMarkdownTree,
  stopReasonPie,
} from '../../src/stats/index.js';
import { HOSTILE } from '../support/hostile-labels.js';
import { decodeLabel, loadMermaid } from '../support/mermaid.js';
import { fixtureOutcomes } from '../support/outcomes.js';

const mermaid = await loadMermaid();
const outcomes = fixtureOutcomes();

const markdownParser = unified().use(remarkParse).use(remarkGfm);

function mermaidBlocks(markdown: string): string[] {
  const tree = markdownParser.parse(markdown) as Root;
  return tree.children.filter((node): node is Code => node.type === 'code' && node.lang === 'mermaid').map((node) => node.value);
}

interface XyChartDb {
  getDrawableElem(): Array<{ groupTexts: string[]; data: Array<{ text?: string }> }>;
  getXYChartData(): { xAxis: { categories?: string[] }; plots: Array<{ type: string; data: Array<[string, number]> }> };
}

/** The title, the x-axis categories (decoded as they render) and the bar values of a parsed xychart. */
function xyChart(diagram: { type: string; db: unknown }): { title: string; categories: string[]; bars: number[] } {
  expect(diagram.type).toBe('xychart');
  const db = diagram.db as XyChartDb;
  const data = db.getXYChartData();
  const bars = data.plots.find((plot) => plot.type === 'bar')?.data ?? [];
  return {
    title: decodeLabel(db.getDrawableElem().find((elem) => elem.groupTexts.includes('chart-title'))?.data[0]?.text ?? ''),
    categories: (data.xAxis.categories ?? []).map(decodeLabel),
    bars: bars.map(([, value]) => value),
  };
}

describe('stats diagrams', () => {
  it('the fixture corpus pie and bar charts parse', async () => {
    const stats = collectStats(outcomes);
    const pie = stopReasonPie(stats);
    const bars = budgetUseChart(stats);
    const passRates = passRateChart(stats);
    expect(pie).not.toBeNull();
    expect(bars).not.toBeNull();
    expect(passRates).not.toBeNull();
    const blocks = mermaidBlocks(renderStatsMarkdown(stats));
    expect(blocks).toEqual([pie, bars, passRates]);
    expect(await mermaid.parse(pie ?? '')).toBe('pie');
    expect(await mermaid.parse(bars ?? '')).toBe('xychart');
    const chart = xyChart(await mermaid.diagram(passRates ?? ''));
    expect(chart.bars).toEqual(stats.tasks.slice(0, MAX_TASK_BARS).map((task) => task.passRate));
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

describe('the chart of pass rates per task', () => {
  const base = outcomes.find((outcome) => outcome.report !== null && outcome.verdict === 'pass');
  if (base?.report == null) throw new Error('no passing report in the fixtures');
  const report = base.report;
  /** A run of the task named `task` (an x-task), passing or not. */
  const runOf = (task: string, index: number, verdict: 'pass' | 'fail' = 'pass'): FileOutcome => ({
    ...base,
    path: `t${index}.json`,
    verdict,
    report: { ...report, investigation: { ...report.investigation, 'x-task': task } },
  });

  /** The text of an mdast node, its children's joined. */
  const textOf = (node: unknown): string => {
    if (node === null || typeof node !== 'object') return '';
    const { value, children } = node as { value?: unknown; children?: unknown[] };
    return typeof value === 'string' ? value : (children ?? []).map(textOf).join('');
  };

  /** The legend under a chart with numbered bars, from the Markdown tree: [bar, task] rows; null without one. */
  const legendOf = (stats: ReturnType<typeof collectStats>): string[][] | null => {
    const legend = statsMarkdownTree(stats).children.find(
      (node): node is Table => node.type === 'table' && textOf(node.children[0]?.children[0]) === 'Bar',
    );
    return legend === undefined ? null : legend.children.slice(1).map((row) => row.children.map((cell) => textOf(cell)));
  };

  /** Where Mermaid lays out the x-axis labels: each label's centre and an estimate of its width (0.6 em a code point). */
  const xAxisLabels = async (chart: string): Promise<Array<{ text: string; x: number; width: number }>> => {
    const diagram = await mermaid.diagram(chart);
    const elements = (
      diagram.db as { getDrawableElem(): Array<{ groupTexts: string[]; data: Array<Record<string, unknown>> }> }
    ).getDrawableElem();
    const labels = elements.find((element) => element.groupTexts.includes('bottom-axis') && element.groupTexts.includes('label'));
    return (labels?.data ?? []).map((label) => ({
      text: String(label['text']),
      x: Number(label['x']),
      width: [...decodeLabel(String(label['text']))].length * Number(label['fontSize']) * 0.6,
    }));
  };

  /** How far neighbouring labels run into each other, in pixels: 0 when none does. */
  const overlap = (labels: ReadonlyArray<{ x: number; width: number }>): number =>
    Math.max(0, ...labels.slice(1).map((label, index) => (labels[index]!.width + label.width) / 2 - (label.x - labels[index]!.x)));

  it('at 12 tasks and more the labels under the bars never run into each other, and a legend names the numbered bars', async () => {
    for (const count of [12, 13, 20, 50]) {
      const names = Array.from({ length: count }, (_, index) => `Find why the nightly export job ${String(index).padStart(2, '0')} fails`);
      const stats = collectStats(names.flatMap((name, index) => [runOf(name, 2 * index), runOf(name, 2 * index + 1, 'fail')]));
      const chart = passRateChart(stats) ?? '';
      const labels = await xAxisLabels(chart);
      const drawn = Math.min(count, MAX_TASK_BARS);
      expect(labels, `${count} tasks`).toHaveLength(drawn);
      expect(overlap(labels), `${count} tasks`).toBe(0);
      expect(labels.map((label) => label.text)).toEqual(Array.from({ length: drawn }, (_, index) => String(index + 1)));
      expect(chart).toContain('x-axis "Task (numbered as in the table below)" [');
      expect(legendOf(stats)).toEqual(names.slice(0, drawn).map((name, index) => [String(index + 1), name]));
    }
  });

  it('a few tasks with short names keep their names under the bars, without a legend, and still do not overlap', async () => {
    for (const names of [
      ['stock-badge'],
      ['stock-badge', 'Fix the US tax rates'],
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'],
    ]) {
      const stats = collectStats(names.map((name, index) => runOf(name, index)));
      const labels = await xAxisLabels(passRateChart(stats) ?? '');
      expect(labels.map((label) => decodeLabel(label.text))).toEqual([...names].sort());
      expect(overlap(labels)).toBe(0);
      expect(legendOf(stats)).toBeNull();
    }
  });

  it('hostile task names give one bar each, labels that parse and stay distinct, and a legend that reads as the names', async () => {
    // Every hostile name, MAX_TASK_BARS - 4 to a chart, so that each one is drawn.
    const chunk = MAX_TASK_BARS - 4;
    for (let start = 0; start < HOSTILE.length; start += chunk) {
      const names = ['a"b]c', 'x; bar [9]', ...HOSTILE.slice(start, start + chunk), `${'z'.repeat(40)}1`, `${'z'.repeat(40)}2`];
      const files = names.flatMap((name, index) => [runOf(name, 2 * index), runOf(name, 2 * index + 1, 'fail')]);
      const stats = collectStats(files);
      expect(stats.tasks.length).toBeLessThanOrEqual(MAX_TASK_BARS);
      const { title, categories, bars } = xyChart(await mermaid.diagram(passRateChart(stats) ?? ''));
      expect(title).toBe('Pass rate per task');
      expect(categories).toHaveLength(stats.tasks.length);
      expect(new Set(categories).size).toBe(categories.length);
      expect(bars).toEqual(stats.tasks.map((task) => task.passRate));
      expect(legendOf(stats)?.map(([, task]) => task)).toEqual(stats.tasks.map((task) => task.task));
      for (const block of mermaidBlocks(renderStatsMarkdown(stats))) await mermaid.parse(block);
    }
    // Two to a chart, a hostile name that fits goes under its bar, where it must parse and stay distinct.
    for (const name of ['a"b]c', 'x; bar [9]', ...HOSTILE.filter((hostile) => [...hostile].length <= X_AXIS_CHARACTERS / 2)]) {
      const stats = collectStats([runOf(name, 0), runOf('~', 1)]);
      const { categories } = xyChart(await mermaid.diagram(passRateChart(stats) ?? ''));
      expect(categories).toHaveLength(2);
      expect(new Set(categories).size).toBe(2);
    }
    // Two long names, numbered: the legend tells them apart in full.
    const cut = collectStats([runOf(`${'z'.repeat(40)}1`, 0), runOf(`${'z'.repeat(40)}2`, 1)]);
    expect(legendOf(cut)).toEqual([
      ['1', `${'z'.repeat(40)}1`],
      ['2', `${'z'.repeat(40)}2`],
    ]);
    const named = collectStats([runOf('a"b]c', 0), runOf('x; bar [9]', 1)]);
    expect(xyChart(await mermaid.diagram(passRateChart(named) ?? '')).categories).toEqual(['a"b]c', 'x; bar [9]']);
  });

  it('past MAX_TASK_BARS tasks, the first ones by key are drawn and the title says how many of how many', async () => {
    const files = Array.from({ length: 1000 }, (_, index) =>
      runOf(`task ${String(index).padStart(4, '0')}`, index, index % 3 === 0 ? 'fail' : 'pass'),
    );
    const stats = collectStats(files);
    const { title, categories, bars } = xyChart(await mermaid.diagram(passRateChart(stats) ?? ''));
    expect(title).toBe(`Pass rate per task (the first ${MAX_TASK_BARS} of 1000)`);
    expect(categories).toEqual(Array.from({ length: MAX_TASK_BARS }, (_, index) => String(index + 1)));
    expect(legendOf(stats)).toEqual(
      Array.from({ length: MAX_TASK_BARS }, (_, index) => [String(index + 1), `task ${String(index).padStart(4, '0')}`]),
    );
    expect(bars).toEqual(categories.map((_, index) => (index % 3 === 0 ? 0 : 1)));
  });

  it('no task, no chart', () => {
    expect(passRateChart(collectStats([]))).toBeNull();
  });
});
