// `--format html`: one report as one self-contained page (src/render/html/page.ts). The bundle part
// the command line loads on the first HTML report, with the hast serializer; the sections a
// report's dialect adds come from the dialect's own folder (src/dialects/html.ts puts them together).
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { plural } from '../../common/text.js';
import type { Report } from '../../report/types.js';
import { renderPage, type Section } from './page.js';
import { facts, gateChecklist, problemsTable, verdictBadge } from './shared-sections.js';
import { sourceView } from './source-view.js';
import { cut, say } from './text.js';
import { traceSection } from './trace-section.js';

// What a dialect's own sections draw with (its `htmlSections`, src/dialects/<name>/html-sections.ts),
// exported by this part's entry: the sections import it from here, so that the command line's
// bundle part of a dialect's sections requires this part, loaded already, rather than carry a copy
// of the builders and of hastscript (test/bundle-parts.test.ts checks that none does).
export { h } from 'hastscript';
export { mapCallLabel } from '../map-call.js';
export { burnDown, diveSpending, type Spending, spentAfterEach } from './burn-down.js';
export type { Section } from './page.js';
export { codeCell, codeListCell, idCell, type RecordTable, recordSections, textCell, textList } from './record-tables.js';
export { facts } from './shared-sections.js';
export { dataTable } from './table.js';
export { brief, cut, say } from './text.js';
export { problemsByPlace, type Row, specTimelineRows, timelineSection, withReplans } from './timeline.js';

/** What a page may show beside the report: the spec's text, for the source view the problems link to. */
export interface HtmlContext {
  source?: string;
}

/** The report's page: the sections every report has, with `dialectSections`, its dialect's own, after the problems. */
export function renderHtml(report: Report, dialectSections: readonly Section[], context: HtmlContext = {}): string {
  const { summary } = report;
  const goal = summary.goal ?? '(no goal)';
  const withSource = context.source !== undefined;
  const budget =
    summary.budget.total === null
      ? 'none'
      : `${summary.budget.used ?? '?'} of ${summary.budget.total} ${say(summary.budget.unit ?? '')}`.trimEnd();
  const sections: Section[] = [
    { id: 'gate', title: 'Gate', content: gateChecklist(report) },
    {
      id: 'problems',
      title: `Problems (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')})`,
      content: problemsTable(report, withSource),
    },
    ...dialectSections,
    ...traceSection(report),
    ...(context.source === undefined
      ? []
      : [
          {
            id: 'source',
            title: 'Source',
            content: sourceView(context.source, report.diagnostics, report.input.format === 'data' ? undefined : report.input.format),
          },
        ]),
  ];
  return renderPage({
    title: `${report.verdict}: ${cut(goal, 120)}`,
    header: [
      h('h1', report.dialect === undefined ? 'Investigation report' : `Investigation report (${report.dialect})`),
      h('p', { className: ['goal'] }, say(goal)),
      verdictBadge(report),
      facts([
        ['Input', say(report.input.path ?? 'standard input')],
        ['Preset', say(report.preset)],
        ...(report.stage === undefined ? [] : ([['Stage', 'draft']] as Array<[string, string]>)),
        ['Budget', budget],
        ['Stop reason', say(summary.stopReason ?? 'none recorded')],
        ...(report.trace === undefined
          ? []
          : ([
              [
                'Trace',
                `${say(report.trace.path)}: ${report.trace.calls} calls, ${report.trace.reads.matched} of ${report.trace.reads.total} reads in the record`,
              ],
            ] as Array<[string, string]>)),
        ...headlines(sections),
      ]),
    ],
    sections,
    footer: [{ type: 'text', value: `${say(report.tool.name)} ${say(report.tool.version)} · input SHA-256 ${report.input.sha256}` }],
    data: report,
  });
}

/** The header's line for each section that has a headline: its title, and the headline as a link to it. */
function headlines(sections: readonly Section[]): Array<[string, ElementContent]> {
  return sections.flatMap((section) =>
    section.headline === undefined
      ? []
      : [[section.title, h('a', { href: `#${section.id}` }, section.headline)] as [string, ElementContent]],
  );
}
