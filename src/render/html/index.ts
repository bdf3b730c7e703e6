// `--format html`: one report as one self-contained page (src/render/html/page.ts). The bundle part
// the command line loads on the first HTML report, with the hast serializer.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { plural } from '../../common/text.js';
import type { DialectId, Report } from '../../report/types.js';
import { katasSections } from './katas-sections.js';
import { renderPage, type Section } from './page.js';
import { facts, gateChecklist, problemsTable, verdictBadge } from './shared-sections.js';
import { sourceView } from './source-view.js';
import { specSections } from './spec-sections.js';
import { cut, say } from './text.js';
import { traceSection } from './trace-section.js';

/** What a page may show beside the report: the spec's text, for the source view the problems link to. */
export interface HtmlContext {
  source?: string;
}

/**
 * The sections a dialect's page adds to those every page has, between the problems and the source.
 * They live here, in the HTML bundle part with the hast builders, not in the dialect's folder: the
 * dialects are in the command line's core, which a run without an HTML page should not pay for. A
 * dialect not listed gets the sections every page has.
 */
const DIALECT_SECTIONS: Partial<Record<DialectId, (report: Report) => Section[]>> = {
  'investigation-spec': specSections,
  'katas-report-v1': (report) => (report.dialect === 'katas-report-v1' ? katasSections(report) : []),
};

export function renderHtml(report: Report, context: HtmlContext = {}): string {
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
    ...(DIALECT_SECTIONS[report.dialect ?? 'investigation-spec']?.(report) ?? []),
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
