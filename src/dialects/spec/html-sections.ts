// The sections of an investigation spec's page beyond what every report shows: the timeline, the
// budget burn-down, and the spec's own record as tables that print well (hypotheses, findings with
// their provenance, replans, the stop, the deliverable, the risks). The dialect loads it with the
// first page (`htmlSections`); it draws with what the HTML part exports.
import { isRecord, items } from '../../common/guards.js';
import { plural } from '../../common/text.js';
import {
  burnDown,
  codeCell,
  codeListCell,
  cut,
  diveSpending,
  h,
  idCell,
  type RecordTable,
  recordSections,
  type Section,
  say,
  specTimelineRows,
  textCell,
  textList,
  timelineSection,
} from '../../render/html/index.js';
import type { Report } from '../../report/types.js';

const SPEC_TABLES: readonly RecordTable[] = [
  {
    id: 'map',
    title: 'Surface map',
    items: (data) => data['surfaceMap'],
    columns: [
      ['Id', (entry) => idCell(entry['id'])],
      ['Tool', (entry) => codeCell(entry['tool'])],
      ['Query', (entry) => codeCell(entry['query'])],
      ['Candidate nodes', (entry) => codeListCell(entry['candidateNodes'])],
      ['Evidence', (entry) => textCell(entry['evidence'])],
    ],
    empty: 'None recorded.',
    noun: 'map entries',
  },
  {
    id: 'hypotheses',
    title: 'Hypotheses',
    items: (data) => data['hypotheses'],
    columns: [
      ['Id', (hypothesis) => idCell(hypothesis['id'])],
      ['Priority', (hypothesis) => textCell(hypothesis['priority'])],
      ['Cost', (hypothesis) => textCell(hypothesis['cost'])],
      ['Status', (hypothesis) => textCell(hypothesis['status'])],
      ['Claim', (hypothesis) => textCell(hypothesis['claim'])],
      ['Candidate nodes', (hypothesis) => codeListCell(hypothesis['candidateNodes'])],
    ],
    empty: 'None recorded.',
    noun: 'hypotheses',
  },
  {
    id: 'findings',
    title: 'Deep dives and findings',
    items: (data) => data['deepDives'],
    columns: [
      ['#', (_dive, index) => textCell(index + 1)],
      ['Id', (dive) => idCell(dive['id'])],
      ['Hypothesis', (dive) => idCell(dive['hypothesisId'])],
      ['Node', (dive) => codeCell(dive['node'])],
      ['Tool', (dive) => codeCell(dive['tool'])],
      ['Effect', (dive) => textCell(dive['effect'])],
      ['Provenance', (dive) => codeCell(dive['provenance'])],
      ['Finding', (dive) => textCell(dive['finding'])],
    ],
    empty: 'None recorded.',
    noun: 'deep dives',
  },
  {
    id: 'replans',
    title: 'Replans',
    items: (data) => data['replanLog'],
    columns: [
      ['After', (replan) => idCell(replan['afterDeepDive'])],
      ['Trigger', (replan) => textCell(replan['trigger'])],
      ['Hypothesis', (replan) => idCell(replan['hypothesisId'])],
      ['Decision', (replan) => textCell(replan['decision'])],
      ['Evidence', (replan) => textCell(replan['evidence'])],
    ],
    empty: 'No replans: no evidence invalidated a hypothesis.',
    noun: 'replans',
  },
];

/** The most characters of the deliverable the page's header shows: a reader sees the answer first, and its section holds it whole. */
const HEADLINE_ROOM = 200;

export function sections(report: Report): Section[] {
  const data = report.investigation;
  const { counts } = report.summary;
  const description = `${plural(counts.surfaceMapEntries, 'map entry', 'map entries')}, ${plural(counts.hypotheses, 'hypothesis', 'hypotheses')}, ${plural(counts.deepDives, 'deep dive')}, ${plural(counts.replans, 'replan')}, stop: ${say(report.summary.stopReason ?? 'none recorded')}.`;
  const chart = burnDown(diveSpending(report));
  const stop = isRecord(data['stopCondition']) ? data['stopCondition'] : {};
  const { deliverable } = data;
  const risks = items(data['risks']);
  return [
    ...timelineSection(specTimelineRows(report), description),
    ...(chart.length === 0 ? [] : [{ id: 'budget', title: 'Budget', content: [h('figure', chart)] }]),
    ...recordSections(SPEC_TABLES, data),
    {
      id: 'stop',
      title: 'Stop',
      content: [
        h('p', [h('strong', 'Stop reason: '), h('code', say(stop['reason'] ?? 'none recorded'))]),
        ...(stop['evidence'] === undefined ? [] : [h('p', { className: ['text'] }, say(stop['evidence']))]),
      ],
    },
    {
      id: 'deliverable',
      title: 'Deliverable',
      content: [h('p', { className: ['text'] }, deliverable === undefined ? 'None recorded.' : say(deliverable))],
      headline: deliverable === undefined ? 'none recorded' : cut(deliverable, HEADLINE_ROOM),
    },
    {
      id: 'risks',
      title: 'Risks and coverage left out',
      content: textList(risks, 'No risks declared.', 'risks'),
      headline: risks.length === 0 ? 'none declared' : `${risks.length} declared`,
    },
  ];
}
