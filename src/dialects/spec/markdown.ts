import type { PhrasingContent, Root, RootContent } from 'mdast';
import { asText, isBlank } from '../../common/text.js';
import { discoverySection } from '../../render/discovery-section.js';
import { cellCodeList } from '../../render/limits.js';
import { bulletList, cellText, code, heading, paragraph, singleLine, table, text } from '../../render/mdast-builders.js';
import { boundedFlowchart } from '../../render/mermaid/flowchart.js';
import { asRecord, codeCell, flowSection, gateAndDiagnostics, section, verdictLine } from '../../render/report-sections.js';
import { traceSection } from '../../render/trace-section.js';
import type { Report, SpecReport } from '../../report/types.js';

/** An investigation spec's report as Markdown: its summary, each part of the spec, the flow, the gate and the diagnostics. */
export function specMarkdownTree(report: SpecReport): Root {
  const spec = report.investigation;
  const children: RootContent[] = [
    heading(1, text(`Adaptive Investigation Report: ${singleLine(asText(spec['goal']))}`)),
    heading(2, text('Summary')),
    summaryList(report),
    heading(2, text('Surface Map')),
    ...section(spec['surfaceMap'], asRecord, 'No surface map entries.', 'map entries', (entries) =>
      table(
        ['ID', 'Tool', 'Query', 'Candidate nodes', 'Evidence'],
        entries.map((entry) => [
          cellText(asText(entry['id'])),
          cellText(asText(entry['tool'])),
          codeCell(entry['query']),
          cellCodeList(entry['candidateNodes'], asText),
          cellText(asText(entry['evidence'])),
        ]),
      ),
    ),
    heading(2, text('Hypotheses')),
    ...section(spec['hypotheses'], asRecord, 'No hypotheses.', 'hypotheses', (hypotheses) =>
      table(
        ['ID', 'Priority', 'Cost', 'Status', 'Claim', 'Candidate nodes'],
        hypotheses.map((hypothesis) => [
          cellText(asText(hypothesis['id'])),
          cellText(asText(hypothesis['priority'])),
          cellText(asText(hypothesis['cost'])),
          cellText(asText(hypothesis['status'])),
          cellText(asText(hypothesis['claim'])),
          cellCodeList(hypothesis['candidateNodes'], asText),
        ]),
      ),
    ),
    heading(2, text('Deep-Dives')),
    ...section(spec['deepDives'], asRecord, 'No deep dives.', 'deep dives', (dives) => {
      const withTokens = dives.some((dive) => dive['tokens'] !== undefined);
      return table(
        ['#', 'ID', 'Hypothesis', 'Node', 'Tool', 'Effect', 'Provenance', ...(withTokens ? ['Tokens'] : []), 'Finding'],
        dives.map((dive, index) => [
          [text(String(index + 1))],
          cellText(asText(dive['id'])),
          cellText(asText(dive['hypothesisId'])),
          codeCell(dive['node']),
          cellText(asText(dive['tool'])),
          cellText(asText(dive['effect'])),
          cellText(asText(dive['provenance'])),
          ...(withTokens ? [cellText(asText(dive['tokens']))] : []),
          cellText(asText(dive['finding'])),
        ]),
      );
    }),
    heading(2, text('Replan Log')),
    ...section(spec['replanLog'], asRecord, 'No replans: no evidence invalidated a hypothesis.', 'replans', (replans) =>
      table(
        ['#', 'Trigger', 'Hypothesis', 'After dive', 'Decision', 'Evidence'],
        replans.map((replan, index) => [
          [text(String(index + 1))],
          cellText(asText(replan['trigger'])),
          cellText(asText(replan['hypothesisId'])),
          cellText(asText(replan['afterDeepDive'])),
          cellText(asText(replan['decision'])),
          cellText(asText(replan['evidence'])),
        ]),
      ),
    ),
    heading(2, text('Deliverable')),
    paragraph(text(asText(spec['deliverable']).trimEnd() || 'No deliverable.')),
    heading(2, text('Risks')),
    ...section(spec['risks'], asText, 'No risks declared.', 'risks', (risks) => bulletList(risks.map((risk) => [text(singleLine(risk))]))),
    ...(report.metrics.discovery ? discoverySection(spec['discovery'], report.metrics.discovery) : []),
    ...(report.trace === undefined ? [] : traceSection(report.trace)),
    heading(2, text('Flow')),
    flowSection(boundedFlowchart(spec)),
    ...gateAndDiagnostics(report),
  ];
  return { type: 'root', children };
}

function summaryList(report: Report): RootContent {
  const { summary } = report;
  const { budget, counts } = summary;
  const items: PhrasingContent[][] = [
    verdictLine(report),
    [
      text('Budget: '),
      code(`${numberOrQuestionMark(budget.used)}/${numberOrQuestionMark(budget.total)} ${budget.unit ?? '?'}`),
      text(budget.remaining === null ? '' : ` (${budget.remaining} left)`),
    ],
    summary.stopReason === null && report.stage === 'draft'
      ? [text('Stop reason: none yet (judged as a draft)')]
      : [text('Stop reason: '), code(summary.stopReason ?? '?')],
    [
      text(
        `Surface map: ${counts.surfaceMapEntries} ${counts.surfaceMapEntries === 1 ? 'entry' : 'entries'}, ${report.metrics.nodesMapped} candidate nodes`,
      ),
    ],
    [text(`Hypotheses: ${counts.hypotheses}${breakdown(counts.hypothesesByStatus, 'status')}`)],
    [
      text(
        `Deep dives: ${counts.deepDives}${breakdown(counts.deepDivesByEffect, 'effect')}, ${report.metrics.nodesRead} distinct nodes read`,
      ),
    ],
    [text(`Replans: ${counts.replans}`)],
    [text(`Risks: ${counts.risks}`)],
  ];
  return bulletList(items);
}

/** Counts by value, as "(2 confirms, 1 invalidates)"; a value left blank (a draft's) is counted as not given yet. */
function breakdown(counts: Record<string, number>, field: string): string {
  const parts = Object.entries(counts).map(([name, count]) => (isBlank(name) ? `${count} with no ${field} yet` : `${count} ${name}`));
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

function numberOrQuestionMark(value: number | null): string {
  return value === null ? '?' : String(value);
}
