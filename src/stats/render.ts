import type { PhrasingContent, Root, RootContent } from 'mdast';
import { jsonText } from '../common/json-text.js';
import { plural } from '../common/text.js';
import { firstItems, MAX_ROWS, moreNote } from '../render/limits.js';
import { stringifyMarkdown } from '../render/markdown-stringify.js';
import { code, heading, listParagraph, paragraph, table, text } from '../render/mdast-builders.js';
import { budgetUseChart, stopReasonPie } from './charts.js';
import { IN_JSON_STATS, mermaid, numberOrDash } from './markdown-parts.js';
import { tasksSection } from './render-tasks.js';
import type { Distribution, RatioSummary, ReasonCount, Stats } from './types.js';

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
