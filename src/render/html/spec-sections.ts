// The sections of an investigation spec's page beyond what every report shows: the timeline, the
// budget burn-down, and the spec's own record as tables that print well (hypotheses, findings with
// their provenance, replans, the stop, the deliverable, the risks).
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Report } from '../../report/types.js';
import { burnDown } from './burn-down.js';
import { objects, say } from './text.js';
import { timeline } from './timeline.js';

export interface Section {
  id: string;
  title: string;
  content: ElementContent[];
}

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
  sections.push({
    id: 'map',
    title: 'Surface map',
    content: table(
      ['Id', 'Tool', 'Query', 'Candidate nodes', 'Evidence'],
      objects(data['surfaceMap']).map((entry) => [
        code(entry['id']),
        code(entry['tool']),
        code(entry['query']),
        list(entry['candidateNodes']),
        text(entry['evidence']),
      ]),
    ),
  });
  sections.push({
    id: 'hypotheses',
    title: 'Hypotheses',
    content: table(
      ['Id', 'Priority', 'Cost', 'Status', 'Claim', 'Candidate nodes'],
      objects(data['hypotheses']).map((hypothesis) => [
        code(hypothesis['id']),
        text(hypothesis['priority']),
        text(hypothesis['cost']),
        text(hypothesis['status']),
        text(hypothesis['claim']),
        list(hypothesis['candidateNodes']),
      ]),
    ),
  });
  sections.push({
    id: 'findings',
    title: 'Deep dives and findings',
    content: table(
      ['#', 'Id', 'Hypothesis', 'Node', 'Tool', 'Effect', 'Provenance', 'Finding'],
      objects(data['deepDives']).map((dive, index) => [
        text(index + 1),
        code(dive['id']),
        code(dive['hypothesisId']),
        code(dive['node']),
        code(dive['tool']),
        text(dive['effect']),
        code(dive['provenance']),
        text(dive['finding']),
      ]),
    ),
  });
  const replans = objects(data['replanLog']);
  sections.push({
    id: 'replans',
    title: 'Replans',
    content:
      replans.length === 0
        ? [h('p', 'No replans: no evidence invalidated a hypothesis.')]
        : table(
            ['After', 'Trigger', 'Hypothesis', 'Decision', 'Evidence'],
            replans.map((replan) => [
              code(replan['afterDeepDive']),
              text(replan['trigger']),
              code(replan['hypothesisId']),
              text(replan['decision']),
              text(replan['evidence']),
            ]),
          ),
  });
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

type Cell = Array<ElementContent | string>;

function table(headings: string[], rows: Cell[][]): ElementContent[] {
  if (rows.length === 0) return [h('p', 'None recorded.')];
  return [
    h('table', [
      h(
        'thead',
        h(
          'tr',
          headings.map((heading) => h('th', { scope: 'col' }, heading)),
        ),
      ),
      h(
        'tbody',
        rows.map((row) =>
          h(
            'tr',
            row.map((cell) => h('td', cell)),
          ),
        ),
      ),
    ]),
  ];
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
