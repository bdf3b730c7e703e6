// The sections of a katas report's HTML page beyond what every report shows: its timeline (cheap
// mappings, the plan in priority order, the findings in the order recorded with the files spent so
// far, each replan after the finding that triggered it, the end of the budget), its three budget
// dimensions with the files burn-down, and its record as tables that print well. The dialect loads
// it with the first page (`htmlSections`); it draws with what the HTML part exports.
import type { ElementContent } from 'hast';
import { isRecord, items, records } from '../../common/guards.js';
import { comparePriority } from '../../common/priority.js';
import { plural } from '../../common/text.js';
import {
  brief,
  burnDown,
  codeCell,
  codeListCell,
  dataTable,
  facts,
  h,
  idCell,
  mapCallLabel,
  problemsByPlace,
  type RecordTable,
  type Row,
  recordSections,
  type Section,
  type Spending,
  say,
  spentAfterEach,
  textCell,
  textList,
  timelineSection,
  withReplans,
} from '../../render/html/index.js';
import type { KatasReport } from './report.js';

const KATAS_TABLES: readonly RecordTable[] = [
  {
    id: 'topology',
    title: 'Topology: cheap mapping',
    items: (data) => field(data, 'topology', 'cheap_mapping'),
    columns: [
      ['Tool', (scan) => codeCell(scan['tool'])],
      ['Pattern', (scan) => codeCell(scan['pattern'])],
      ['Results', (scan) => textCell(scan['result_count'])],
      ['Evidence tag', (scan) => codeCell(scan['evidence_tag'])],
    ],
    empty: 'No cheap mapping recorded.',
    noun: 'mappings',
  },
  {
    id: 'plan',
    title: 'Prioritized plan',
    items: (data) => data['prioritized_plan'],
    columns: [
      ['Priority', (entry) => textCell(entry['priority'])],
      ['Target', (entry) => codeCell(entry['target'])],
      ['Rationale', (entry) => textCell(entry['rationale'])],
      ['Source', (entry) => textCell(entry['source'])],
    ],
    empty: 'No plan recorded.',
    noun: 'plan entries',
  },
  {
    id: 'findings',
    title: 'Findings',
    items: (data) => data['findings'],
    columns: [
      ['#', (_finding, index) => textCell(index + 1)],
      ['Id', (finding) => idCell(finding['id'])],
      ['Target', (finding) => codeCell(finding['target'])],
      ['Source', (finding) => codeCell(finding['source'])],
      ['Invalidates', (finding) => textCell(finding['invalidates_hypothesis'])],
      ['Evidence tag', (finding) => codeCell(finding['evidence_tag'])],
      ['Summary', (finding) => textCell(finding['summary'])],
    ],
    empty: 'No findings recorded.',
    noun: 'findings',
  },
  {
    id: 'replans',
    title: 'Replans',
    items: (data) => data['replans'],
    columns: [
      ['Trigger finding', (replan) => idCell(replan['trigger_finding_id'])],
      ['Invalidated hypothesis', (replan) => textCell(replan['invalidated_hypothesis'])],
      ['New plan order', (replan) => codeListCell(replan['new_plan_order'])],
      ['Evidence tag', (replan) => codeCell(replan['evidence_tag'])],
    ],
    empty: 'No replans: no finding invalidated the hypothesis.',
    noun: 'replans',
  },
  {
    id: 'evidence',
    title: 'Evidence',
    items: (data) => data['evidence'],
    columns: [
      ['Claim', (item) => textCell(item['claim'])],
      ['Evidence tag', (item) => codeCell(item['evidence_tag'])],
      ['Source', (item) => codeCell(item['source'])],
    ],
    empty: 'No evidence recorded.',
    noun: 'evidence items',
  },
];

export function sections(report: KatasReport): Section[] {
  const data = report.investigation;
  const { counts } = report.katas;
  const description = `${plural(counts.cheapMappings, 'cheap mapping')}, ${plural(counts.planEntries, 'plan entry', 'plan entries')}, ${plural(counts.findings, 'finding')} (${counts.invalidatingFindings} invalidating), ${plural(counts.replans, 'replan')}, budget status: ${say(report.katas.budget.status ?? 'none recorded')}.`;
  const spending = filesSpending(report);
  return [
    ...timelineSection(katasTimelineRows(report, spending), description),
    { id: 'budget', title: 'Budget', content: budgetContent(report, spending) },
    ...recordSections(KATAS_TABLES, data),
    { id: 'scratchpad', title: 'Scratchpad', content: scratchpadContent(data) },
    { id: 'validation', title: 'Validation', content: validationContent(data) },
    { id: 'risks', title: 'Risks', content: risksContent(data), headline: risksHeadline(data) },
  ];
}

/** The files budget spent finding by finding: a finding is a file read. */
function filesSpending(report: KatasReport): Spending {
  const { files } = report.katas.budget;
  return {
    total: files.limit,
    used: files.used,
    unit: 'files',
    steps: 'findings',
    costs: records(report.investigation['findings']).map((finding, index) => ({ name: say(finding['id'] ?? `#${index + 1}`), cost: 1 })),
  };
}

/** The report's rows in the order it was worked: map, plan, find (replans where they came), the end of the budget. */
function katasTimelineRows(report: KatasReport, spending: Spending): Row[] {
  const data = report.investigation;
  const problems = problemsByPlace(report);
  const rows: Row[] = records(field(data, 'topology', 'cheap_mapping')).map((scan, index) => {
    const full = `${mapCallLabel({ tool: scan['tool'], query: scan['pattern'] }, brief)} → ${brief(scan['result_count'])} results · ${brief(scan['evidence_tag'])}`;
    return { lane: 'Map', kind: 'map', shape: 'square', label: full, full, problems: problems(`/topology/cheap_mapping/${index}`) };
  });
  const candidates = items(field(data, 'topology', 'candidates'));
  if (candidates.length > 0) {
    const full = `${plural(candidates.length, 'candidate')}: ${candidates.map(brief).join(', ')}`;
    rows.push({ lane: 'Map', kind: 'map', shape: 'square', label: full, full });
  }
  const plan = records(data['prioritized_plan'])
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => comparePriority(a.entry['priority'], b.entry['priority']) || a.index - b.index);
  for (const { entry, index } of plan) {
    const full = `P${brief(entry['priority'])} · ${brief(entry['target'])} · ${brief(entry['rationale'])}`;
    rows.push({ lane: 'Plan', kind: 'hypothesis', shape: 'circle', label: full, full, problems: problems(`/prioritized_plan/${index}`) });
  }
  const spent = spentAfterEach(spending);
  const of = (index: number): string => (spending.total === null ? '' : ` · ${spent[index + 1]}/${spending.total} files`);
  const findingRow = (finding: Record<string, unknown>, index: number): Row => {
    const invalidates = finding['invalidates_hypothesis'] === true;
    const full = `${brief(finding['id'])} · ${invalidates ? 'invalidates the hypothesis' : 'keeps the hypothesis'}${of(index)} · ${brief(finding['target'])} · ${brief(finding['summary'])}`;
    const kind = invalidates ? 'invalidates' : 'confirms';
    return { lane: 'Finding', kind, shape: 'circle', label: full, full, problems: problems(`/findings/${index}`) };
  };
  // One push a row: a spread of a row a finding passes the engine's limit on arguments (some 120,000).
  for (const row of withReplans(records(data['findings']), findingRow, records(data['replans']), 'trigger_finding_id', (replan, index) => ({
    ...replanRow(replan),
    problems: problems(`/replans/${index}`),
  })))
    rows.push(row);
  const { status, pendingQuestions } = report.katas.budget;
  if (status !== null) {
    const full = `budget ${brief(status)} · ${plural(pendingQuestions, 'pending question')}`;
    rows.push({ lane: 'Stop', kind: 'stop', shape: 'diamond', label: full, full, problems: problems('/budget') });
  }
  return rows;
}

function replanRow(replan: Record<string, unknown>): Row {
  const order = items(replan['new_plan_order']).map(brief).join(', ');
  const full = `after ${brief(replan['trigger_finding_id'] ?? '?')} · invalidated: ${brief(replan['invalidated_hypothesis'])} · new order: ${order}`;
  return { lane: 'Replan', kind: 'replan', shape: 'diamond', label: full, full };
}

/** The three dimensions as a table, the status, the pending questions, and the files burn-down. */
function budgetContent(report: KatasReport, spending: Spending): ElementContent[] {
  const { budget } = report.katas;
  const number = (value: number | null): string => (value === null ? '–' : String(value));
  const dimensions = (['files', 'queries', 'minutes'] as const).map((name) => [
    name,
    number(budget[name].limit),
    number(budget[name].used),
    number(budget[name].remaining),
  ]);
  const questions = items(field(report.investigation, 'budget', 'pending_questions'));
  const chart = burnDown(spending);
  return [
    ...dataTable(['Dimension', 'Limit', 'Used', 'Left'], dimensions, ''),
    h('p', [h('strong', 'Status: '), h('code', say(budget.status ?? 'none recorded'))]),
    ...(questions.length === 0
      ? [h('p', 'No pending questions.')]
      : [
          h('h3', 'Pending questions'),
          h(
            'ul',
            questions.map((question) => h('li', say(question))),
          ),
        ]),
    ...(chart.length === 0 ? [] : [h('figure', chart)]),
  ];
}

function scratchpadContent(data: Record<string, unknown>): ElementContent[] {
  const scratchpad = isRecord(data['scratchpad']) ? data['scratchpad'] : {};
  return [
    facts([
      ['Persisted', say(scratchpad['persisted'] ?? '?')],
      ['Source', say(scratchpad['source'] ?? '?')],
      ['Sections', items(scratchpad['sections']).map(say).join(', ') || 'none'],
    ]),
  ];
}

function validationContent(data: Record<string, unknown>): ElementContent[] {
  const validation = isRecord(data['validation']) ? data['validation'] : {};
  return [
    facts([
      ['Status', say(validation['status'] ?? '?')],
      ['Offline', say(validation['offline'] ?? '?')],
      ['Network required', say(validation['network_required'] ?? '?')],
      ['Deterministic', say(validation['deterministic'] ?? '?')],
      ['Uses randomness', say(validation['uses_randomness'] ?? '?')],
      ['Checks', items(validation['checks']).map(say).join(', ') || 'none'],
    ]),
  ];
}

/** What the header says of the risks: how many remain, and how many patterns are forbidden. */
function risksHeadline(data: Record<string, unknown>): string {
  const remaining = items(field(data, 'risks', 'remaining')).length;
  const forbidden = items(field(data, 'risks', 'forbidden_patterns')).length;
  return `${remaining === 0 ? 'none' : remaining} remaining, ${plural(forbidden, 'forbidden pattern')}`;
}

function risksContent(data: Record<string, unknown>): ElementContent[] {
  const remaining = items(field(data, 'risks', 'remaining'));
  const forbidden = items(field(data, 'risks', 'forbidden_patterns'));
  return [
    ...textList(remaining, 'No remaining risks declared.', 'risks'),
    h('h3', 'Forbidden patterns'),
    forbidden.length === 0 ? h('p', 'None declared.') : h('p', codeListCell(forbidden)),
  ];
}

/** A field of an object field of the data, or undefined. */
function field(data: Record<string, unknown>, outer: string, inner: string): unknown {
  const holder = data[outer];
  return isRecord(holder) ? holder[inner] : undefined;
}
