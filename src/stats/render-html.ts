// `stats --format html`: the corpus as one page. The figures of the Markdown report as tables
// (the kinds of files, with those the walk left out named; verdicts and exit codes, stop reasons, budget use, the rules that fail most, runs of the same
// task with pass@k and pass^k), then every spec: a row of the table of specs, linked to its own
// section below with its failed criteria and its problems, and filters by verdict, rule and task
// (src/render/html/filters.ts).
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { plural } from '../common/text.js';
import { barChart } from '../render/html/bar-chart.js';
import { FILTER_SCRIPT, filterForm } from '../render/html/filters.js';
import { renderPage } from '../render/html/page.js';
import { gateChecklist, problemsTable, verdictBadge } from '../render/html/shared-sections.js';
import { dataTable, headingRow } from '../render/html/table.js';
import { say } from '../render/html/text.js';
import type { FileOutcome } from '../report/outcome.js';
import type { LeftOutFile } from '../run/left-out.js';
import { toolInfo } from '../tool.js';
import { kindLabel } from './kinds.js';
import { taskKey } from './tasks.js';
import type { Stats } from './types.js';

/** How a file's verdict is filtered: its report's, or "none" when it has no report (input error, critical input). */
function verdictOf(file: FileOutcome): string {
  return file.report?.verdict ?? 'none';
}

/** The rules a file has problems of, each once, in code-unit order. */
function rulesOf(file: FileOutcome): string[] {
  return [
    ...new Set(file.diagnostics.filter((diagnostic) => diagnostic.suppressed === undefined).map((diagnostic) => diagnostic.ruleId)),
  ].sort();
}

/** The page; `leftOut`, the files the walk found and did not judge (briefs, the tool's outputs), are listed with their kinds. */
export function renderStatsHtml(stats: Stats, files: readonly FileOutcome[], leftOut: readonly LeftOutFile[] = []): string {
  const specId = (index: number): string => `spec-${index + 1}`;
  const marks = files.map((file) => ({
    dataFiltered: '',
    dataVerdict: verdictOf(file),
    dataRules: rulesOf(file).map(say).join(' '),
    dataTask: say(taskKey(file) ?? ''),
  }));
  const tasks = [...new Set(files.map((file) => taskKey(file)).filter((task): task is string => task !== null))].sort();
  const kHeadings = stats.kValues.flatMap((k) => [`pass@${k}`, `pass^${k}`]);
  const sections = [
    {
      id: 'overview',
      title: 'Overview',
      content: table(
        ['Files', 'Investigations', 'Pass', 'Fail', 'Exit 0', 'Exit 1', 'Exit 3', 'Exit 4'],
        [[stats.files, stats.investigations, stats.verdicts.pass, stats.verdicts.fail, ...Object.values(stats.exitCodes)].map(String)],
      ),
    },
    {
      id: 'kinds',
      title: 'Kinds of files',
      content: [
        ...table(
          ['Kind', 'Files', 'Judged'],
          stats.kinds
            .filter((kind) => kind.files > 0)
            .map((kind) => [kindLabel(kind.kind), String(kind.files), kind.judged ? 'yes' : 'left out']),
        ),
        ...(leftOut.length === 0
          ? []
          : table(
              ['Left out', 'Kind'],
              leftOut.map((file) => [say(file.path), kindLabel(file.kind)]),
            )),
      ],
    },
    {
      id: 'stop-reasons',
      title: 'Stop reasons',
      content: [
        ...barChart(
          'stop-reasons-chart',
          'Investigations by stop reason',
          stats.stopReasons.map((reason) => ({ label: say(reason.reason ?? '(none)'), value: reason.count })),
        ),
        ...table(
          ['Stop reason', 'Investigations'],
          stats.stopReasons.map((reason) => [say(reason.reason ?? '(none)'), String(reason.count)]),
        ),
      ],
    },
    {
      id: 'budget-use',
      title: 'Budget use',
      content: [
        ...barChart(
          'budget-use-chart',
          'Investigations by the share of their budget used',
          stats.budgetUse.buckets.map((bucket) => ({ label: say(bucket.label), value: bucket.count })),
        ),
        ...table(
          ['Used of the total', 'Investigations'],
          stats.budgetUse.buckets.map((bucket) => [say(bucket.label), String(bucket.count)]),
        ),
      ],
    },
    {
      id: 'rules',
      title: 'The rules that fail most',
      content: table(
        ['Rule', 'Files', 'Errors', 'Warnings'],
        stats.rules.map((rule) => [say(rule.ruleId), String(rule.files), String(rule.errors), String(rule.warnings)]),
      ),
    },
    {
      id: 'tasks',
      title: 'Runs of the same task',
      content: [
        ...barChart(
          'pass-rate-chart',
          'Pass rate of each task over its runs',
          stats.tasks.map((task) => ({
            label: say(task.task),
            value: Math.round(task.passRate * 100),
            shown: `${Math.round(task.passRate * 100)}% (${task.passes} of ${task.runs})`,
          })),
          100,
        ),
        ...table(
          ['Task', 'Runs', 'Passes', 'Pass rate', ...kHeadings],
          stats.tasks.map((task) => [
            say(task.task),
            String(task.runs),
            String(task.passes),
            task.passRate.toFixed(2),
            ...task.passAtK.flatMap((atK, index) => [figure(atK.value), figure(task.passHatK[index]?.value ?? null)]),
          ]),
        ),
      ],
    },
    {
      id: 'specs',
      title: 'Specs',
      content: [
        filterForm(
          [
            {
              name: 'verdict',
              label: 'Verdict',
              options: [
                ['pass', 'pass'],
                ['fail', 'fail'],
                ['draft-ok', 'draft-ok'],
                ['none', 'no report'],
              ],
            },
            { name: 'rules', label: 'Rule', list: true, options: stats.rules.map((rule) => [say(rule.ruleId), say(rule.ruleId)]) },
            { name: 'task', label: 'Task', options: tasks.map((task) => [say(task), say(task)]) },
          ],
          'specs',
        ),
        h('table', [
          headingRow(['#', 'Spec', 'Verdict', 'Exit', 'Stop reason', 'Budget', 'Problems', 'Task']),
          h(
            'tbody',
            files.map((file, index) => {
              const budget = file.report?.summary.budget;
              return h('tr', marks[index], [
                h('td', String(index + 1)),
                h('td', h('a', { href: `#${specId(index)}` }, say(file.path))),
                h('td', { className: [verdictOf(file) === 'pass' ? 'pass' : 'fail'] }, verdictOf(file)),
                h('td', String(file.exitCode)),
                h('td', say(file.report?.summary.stopReason ?? '')),
                h('td', budget === undefined || budget.total === null ? '' : `${budget.used ?? '?'}/${budget.total}`),
                h('td', `${plural(file.counts.errors, 'error')}, ${plural(file.counts.warnings, 'warning')}`),
                h('td', say(taskKey(file) ?? '')),
              ]);
            }),
          ),
        ]),
      ],
    },
    {
      id: 'each-spec',
      title: 'Each spec',
      content: files.map((file, index) =>
        h('section', { id: specId(index), ariaLabelledBy: `${specId(index)}-title`, ...marks[index] }, [
          h('h3', { id: `${specId(index)}-title` }, say(file.path)),
          ...(file.report === null
            ? [h('p', { className: ['fail'] }, `No report (exit ${file.exitCode}): ${say(file.error?.message ?? '')}`)]
            : [
                verdictBadge(file.report),
                ...gateChecklist(file.report, `${specId(index)}-`, true),
                ...problemsTable(file.report, false, `${specId(index)}-`),
              ]),
        ]),
      ),
    },
  ];
  return renderPage({
    title: `Corpus statistics: ${stats.files} files, ${stats.verdicts.pass} pass, ${stats.verdicts.fail} fail`,
    header: [
      h('h1', 'Corpus statistics'),
      h(
        'p',
        { className: ['goal'] },
        `${plural(stats.files, 'file')}: ${stats.verdicts.pass} pass, ${stats.verdicts.fail} fail, ${stats.files - stats.investigations} without a report`,
      ),
    ],
    sections,
    footer: [h('p', `${say(toolInfo.name)} ${say(toolInfo.version)} stats`)],
    data: stats,
    script: FILTER_SCRIPT,
  });
}

function table(headings: string[], rows: string[][]): ElementContent[] {
  return dataTable(headings, rows, 'None.');
}

function figure(value: number | null): string {
  return value === null ? '' : value.toFixed(2);
}
