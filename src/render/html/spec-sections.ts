// The sections of an investigation spec's page beyond what every report shows: the timeline, the
// budget burn-down, and the spec's own record as tables that print well (hypotheses, findings with
// their provenance, replans, the stop, the deliverable, the risks).
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { records } from '../../common/guards.js';
import type { Report } from '../../report/types.js';
import { burnDown } from './burn-down.js';
import { type Cell, dataTable } from './table.js';
import { say } from './text.js';
import { timeline } from './timeline.js';

export interface Section {
  id: string;
  title: string;
  content: ElementContent[];
}

/** A list of the spec's record as a table: its field, and each column's heading and cell. */
interface RecordTable {
  id: string;
  title: string;
  field: string;
  columns: Array<[string, (item: Record<string, unknown>, index: number) => Cell]>;
  /** What stands in place of the table when the list is empty. */
  empty: string;
}

const RECORD_TABLES: readonly RecordTable[] = [
  {
    id: 'map',
    title: 'Surface map',
    field: 'surfaceMap',
    columns: [
      ['Id', (entry) => code(entry['id'])],
      ['Tool', (entry) => code(entry['tool'])],
      ['Query', (entry) => code(entry['query'])],
      ['Candidate nodes', (entry) => list(entry['candidateNodes'])],
      ['Evidence', (entry) => text(entry['evidence'])],
    ],
    empty: 'None recorded.',
  },
  {
    id: 'hypotheses',
    title: 'Hypotheses',
    field: 'hypotheses',
    columns: [
      ['Id', (hypothesis) => code(hypothesis['id'])],
      ['Priority', (hypothesis) => text(hypothesis['priority'])],
      ['Cost', (hypothesis) => text(hypothesis['cost'])],
      ['Status', (hypothesis) => text(hypothesis['status'])],
      ['Claim', (hypothesis) => text(hypothesis['claim'])],
      ['Candidate nodes', (hypothesis) => list(hypothesis['candidateNodes'])],
    ],
    empty: 'None recorded.',
  },
  {
    id: 'findings',
    title: 'Deep dives and findings',
    field: 'deepDives',
    columns: [
      ['#', (_dive, index) => text(index + 1)],
      ['Id', (dive) => code(dive['id'])],
      ['Hypothesis', (dive) => code(dive['hypothesisId'])],
      ['Node', (dive) => code(dive['node'])],
      ['Tool', (dive) => code(dive['tool'])],
      ['Effect', (dive) => text(dive['effect'])],
      ['Provenance', (dive) => code(dive['provenance'])],
      ['Finding', (dive) => text(dive['finding'])],
    ],
    empty: 'None recorded.',
  },
  {
    id: 'replans',
    title: 'Replans',
    field: 'replanLog',
    columns: [
      ['After', (replan) => code(replan['afterDeepDive'])],
      ['Trigger', (replan) => text(replan['trigger'])],
      ['Hypothesis', (replan) => code(replan['hypothesisId'])],
      ['Decision', (replan) => text(replan['decision'])],
      ['Evidence', (replan) => text(replan['evidence'])],
    ],
    empty: 'No replans: no evidence invalidated a hypothesis.',
  },
];

export function specSections(report: Report): Section[] {
  const data = report.investigation;
  const { counts } = report.summary;
  const sections: Section[] = [];
  const description = `${counts.surfaceMapEntries} map entries, ${counts.hypotheses} hypotheses, ${counts.deepDives} deep dives, ${counts.replans} replans, stop: ${say(report.summary.stopReason ?? 'none recorded')}.`;
  const drawn = timeline(report, description);
  if (drawn.length > 0)
    sections.push({
      id: 'timeline',
      title: 'Timeline',
      content: [
        h('figure', [...drawn, h('figcaption', `${description} Each line's full text is its tooltip; the tables below say it all.`)]),
      ],
    });
  const chart = burnDown(report);
  if (chart.length > 0) sections.push({ id: 'budget', title: 'Budget', content: [h('figure', chart)] });
  for (const record of RECORD_TABLES) {
    const items = records(data[record.field]);
    sections.push({
      id: record.id,
      title: record.title,
      content: dataTable(
        record.columns.map(([heading]) => heading),
        items.map((item, index) => record.columns.map(([, cell]) => cell(item, index))),
        record.empty,
      ),
    });
  }
  const stop =
    typeof data['stopCondition'] === 'object' && data['stopCondition'] !== null ? (data['stopCondition'] as Record<string, unknown>) : {};
  sections.push({
    id: 'stop',
    title: 'Stop and deliverable',
    content: [
      h('p', [h('strong', 'Stop reason: '), h('code', say(stop['reason'] ?? 'none recorded'))]),
      ...(stop['evidence'] === undefined ? [] : [h('p', { className: ['text'] }, say(stop['evidence']))]),
      h('h3', 'Deliverable'),
      h('p', { className: ['text'] }, data['deliverable'] === undefined ? 'None recorded.' : say(data['deliverable'])),
    ],
  });
  const risks = Array.isArray(data['risks']) ? data['risks'] : [];
  sections.push({
    id: 'risks',
    title: 'Risks and coverage left out',
    content:
      risks.length === 0
        ? [h('p', 'No risks declared.')]
        : [
            h(
              'ul',
              risks.map((risk) => h('li', say(risk))),
            ),
          ],
  });
  return sections;
}

function code(value: unknown): Cell {
  return value === undefined ? [] : [h('code', say(value))];
}

function text(value: unknown): Cell {
  return value === undefined ? [] : [say(value)];
}

function list(value: unknown): Cell {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) => [...(index === 0 ? [] : [h('br')]), h('code', say(item))]);
}
