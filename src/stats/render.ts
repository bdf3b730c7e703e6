import type { PhrasingContent, Root, RootContent } from 'mdast';
import { jsonText } from '../common/json-text.js';
import { plural } from '../common/text.js';
import { firstItems, MAX_ROWS, moreNote } from '../render/limits.js';
import { stringifyMarkdown } from '../render/markdown/stringify.js';
import { code, heading, listParagraph, paragraph, table, text } from '../render/mdast-builders.js';
import { budgetUseChart, passRateChart, stopReasonPie, taskBars } from './charts.js';
import { kindLabel } from './kinds.js';
import type { Distribution, RatioSummary, ReasonCount, Stats, TaskStats } from './types.js';

/** The statistics as JSON: keys sorted, 2-space indentation, one trailing newline. */
export function renderStatsJson(stats: Stats): string {
  return jsonText(sortKeys(stats));
}

/** The statistics as GitHub-flavoured Markdown, serialized from an mdast tree as reports are. */
export function renderStatsMarkdown(stats: Stats, notes: StatsNotes = {}): string {
  return stringifyMarkdown(statsMarkdownTree(stats, notes));
}

/** What the statistics are not: the baselines (suppressions files) compile would apply, which stats does not. */
export interface StatsNotes {
  unappliedBaselines?: readonly string[];
}

export function statsMarkdownTree(stats: Stats, notes: StatsNotes = {}): Root {
  const baselines = notes.unappliedBaselines ?? [];
  const children: RootContent[] = [
    heading(1, text('Investigation corpus statistics')),
    paragraph(text(`${plural(stats.files, 'file')}, ${plural(stats.investigations, 'investigation')} with a report.`)),
    ...listParagraph(
      'No baseline is applied: every problem counts as found, whether a baseline accepts it or not. Found and not applied: ',
      baselines,
    ),
    ...kindsSection(stats),
    heading(2, text('Verdicts')),
    table(
      ['Verdict', 'Files'],
      [
        [[text('pass')], [text(String(stats.verdicts.pass))]],
        [[text('fail')], [text(String(stats.verdicts.fail))]],
      ],
    ),
    heading(2, text('Exit codes')),
    table(
      ['Exit code', 'Files'],
      (['0', '1', '3', '4'] as const).map((exitCode) => [[code(exitCode)], [text(String(stats.exitCodes[exitCode]))]]),
    ),
    heading(2, text('Stop reasons')),
    ...reasonsSection('Stop reason', stats.stopReasons, stats.investigations, 'No investigations.'),
    ...mermaid(stopReasonPie(stats)),
    heading(2, text('Budget use')),
    table(
      ['Budget used', 'Investigations'],
      stats.budgetUse.buckets.map((bucket) => [[text(bucket.label)], [text(String(bucket.count))]]),
    ),
    paragraph(text(`Ratio of used to total: ${ratioText(stats.budgetUse.ratio)}.`)),
    ...mermaid(budgetUseChart(stats)),
    heading(2, text('Replans per investigation')),
    ...distributionSection(stats.replans, 'Replans'),
    heading(2, text('Rules')),
    ...(stats.rules.length === 0
      ? [paragraph(text('No diagnostics.'))]
      : [
          table(
            ['Rule', 'Files', 'Diagnostics', 'Errors', 'Warnings'],
            stats.rules.map((rule) => [
              [code(rule.ruleId)],
              [text(String(rule.files))],
              [text(String(rule.diagnostics))],
              [text(String(rule.errors))],
              [text(String(rule.warnings))],
            ]),
          ),
        ]),
    heading(2, text('Discovery')),
    ...discoverySection(stats),
    ...tasksSection(stats),
  ];
  return { type: 'root', children };
}

/** The files of each kind the corpus holds (only the kinds it has), and whether they were judged or left out. */
function kindsSection(stats: Stats): RootContent[] {
  const present = stats.kinds.filter((kind) => kind.files > 0);
  if (present.length === 0) return [];
  return [
    heading(2, text('Kinds of files')),
    table(
      ['Kind', 'Files', 'Judged'],
      present.map((kind) => [[text(kindLabel(kind.kind))], [text(String(kind.files))], [text(kind.judged ? 'yes' : 'left out')]]),
    ),
  ];
}

function discoverySection(stats: Stats): RootContent[] {
  const { discovery } = stats;
  if (discovery.investigations === 0) return [paragraph(text('No spec has a discovery block.'))];
  return [
    table(
      ['Measure', 'Value'],
      [
        [[text('Investigations with discovery')], [text(String(discovery.investigations))]],
        [[text('Cycles')], [text(String(discovery.cycles))]],
        [[text('Forage/focus token ratio')], [text(ratioText(discovery.forageFocusTokenRatio))]],
        [[text('Zero-signal rate (cycles without new signals)')], [text(numberOrDash(discovery.zeroSignalRate))]],
      ],
    ),
    ...reasonsSection('Discovery stop reason', discovery.stopReasons, discovery.investigations, 'None.'),
    paragraph(text('Cycles to success (discoveries stopped with '), code('evidence_sufficient'), text('):')),
    ...distributionSection(discovery.cyclesToSuccess, 'Cycles'),
  ];
}

function reasonsSection(title: string, reasons: readonly ReasonCount[], of: number, empty: string): RootContent[] {
  if (reasons.length === 0) return [paragraph(text(empty))];
  const { items, more } = firstItems(reasons, MAX_ROWS);
  return [
    table(
      [title, 'Investigations', 'Share'],
      items.map(({ reason, count }) => [reasonCell(reason), [text(String(count))], [text(of > 0 ? `${round1((count / of) * 100)}%` : '')]]),
    ),
    ...moreNote(more, 'reasons', IN_JSON_STATS),
  ];
}

function distributionSection(values: Distribution, name: string): RootContent[] {
  if (values.count === 0) return [paragraph(text('No values.'))];
  const { items, more } = firstItems(values.histogram, MAX_ROWS);
  return [
    table(
      ['Min', 'Median', 'Max', 'Mean'],
      [
        [
          [text(numberOrDash(values.min))],
          [text(numberOrDash(values.median))],
          [text(numberOrDash(values.max))],
          [text(numberOrDash(values.mean))],
        ],
      ],
    ),
    table(
      [name, 'Investigations'],
      items.map(({ value, count }) => [[text(String(value))], [text(String(count))]]),
    ),
    ...moreNote(more, 'values', IN_JSON_STATS),
  ];
}

function reasonCell(reason: string | null): PhrasingContent[] {
  if (reason === null) return [{ type: 'emphasis', children: [text('none')] }];
  return reason === '' ? [code(' ')] : [code(reason)];
}

function ratioText(ratio: RatioSummary): string {
  return ratio.count === 0 ? 'none' : `median ${numberOrDash(ratio.median)}, mean ${numberOrDash(ratio.mean)} (of ${ratio.count})`;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Object keys in code-unit order, recursively; arrays keep their order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    Object.defineProperty(result, key, { value: sortKeys(source[key]), enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** Rules a task's "Most failing rules" cell names; the JSON lists them all. */
const RULES_IN_CELL = 3;

/**
 * The "Runs of the same task" section: what a task is, how many there are, a table of every task
 * (cut at MAX_ROWS) with its pass rate, pass@k and pass^k and the rules that fail it most, and a bar
 * chart of the pass rates. Without any task it says so, and how many specs are in none.
 */
function tasksSection(stats: Stats): RootContent[] {
  const { tasks, kValues } = stats;
  const repeated = tasks.filter((task) => task.runs > 1).length;
  const intro = paragraph(
    text('Specs with the same '),
    code('x-task'),
    text(
      ` (else the same goal) are runs of one task. ${plural(tasks.length, 'task')}, ${repeated} of them with more than one run; ` +
        `${plural(stats.unassigned, 'spec')} in no task (no report, or neither x-task nor a goal).`,
    ),
  );
  if (tasks.length === 0) return [heading(2, text('Runs of the same task')), intro];
  const { items, more } = firstItems(tasks, MAX_ROWS);
  return [
    heading(2, text('Runs of the same task')),
    intro,
    paragraph(
      text(
        'pass@k is the chance that at least one of k runs drawn without replacement passes, 1 − C(n−c, k)/C(n, k); ' +
          'pass^k the chance that all k pass, C(c, k)/C(n, k); a dash where k is more than the runs.',
      ),
    ),
    table(
      ['Task', 'Runs', 'Passes', 'Pass rate', ...kValues.map((k) => `pass@${k}`), ...kValues.map((k) => `pass^${k}`), 'Most failing rules'],
      items.map((task) => [
        [text(task.task)],
        [text(String(task.runs))],
        [text(String(task.passes))],
        [text(String(task.passRate))],
        ...task.passAtK.map(({ value }) => [text(numberOrDash(value))]),
        ...task.passHatK.map(({ value }) => [text(numberOrDash(value))]),
        failingRulesCell(task),
      ]),
    ),
    ...moreNote(more, 'tasks', IN_JSON_STATS),
    ...mermaid(passRateChart(stats)),
    ...barLegend(stats),
  ];
}

/** Under a chart whose bars are numbered, the table that names the task of each bar. */
function barLegend(stats: Stats): RootContent[] {
  const { bars, numbered } = taskBars(stats);
  if (!numbered) return [];
  return [
    table(
      ['Bar', 'Task'],
      bars.map(({ label, task }) => [[text(label)], [text(task)]]),
    ),
  ];
}

function failingRulesCell(task: TaskStats): PhrasingContent[] {
  const { items, more } = firstItems(task.failingRules, RULES_IN_CELL);
  if (items.length === 0) return [text('—')];
  const nodes: PhrasingContent[] = [];
  for (const [index, { ruleId, runs }] of items.entries()) {
    if (index > 0) nodes.push(text(', '));
    nodes.push(code(ruleId), text(` (${runs})`));
  }
  if (more > 0) nodes.push(text(`, … ${more} more`));
  return nodes;
}

/** Where the reader of a cut table finds every row. */
const IN_JSON_STATS = 'the JSON statistics (--format json) list them all';

/** A Mermaid chart as a fenced code block; nothing when there is no chart. */
function mermaid(chart: string | null): RootContent[] {
  return chart === null ? [] : [{ type: 'code', lang: 'mermaid', value: chart }];
}

/** A figure as table text: a dash when there is none. */
function numberOrDash(value: number | null): string {
  return value === null ? '—' : String(value);
}
