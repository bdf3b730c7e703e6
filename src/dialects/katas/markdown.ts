import type { PhrasingContent, Root, RootContent } from 'mdast';
import { isRecord } from '../../common/guards.js';
import { asText, plural } from '../../common/text.js';
import { cellCodeList } from '../../render/limits.js';
import { bulletList, cellText, code, heading, paragraph, singleLine, table, text } from '../../render/mdast-builders.js';
import { asRecord, codeCell, flowSection, gateAndDiagnostics, section, verdictLine } from '../../render/report-sections.js';
import type { Report } from '../../report/types.js';
import { boundedKatasFlowchart } from './flowchart.js';
import { KATAS_REPORT_SCHEMA } from './policy.js';
import type { BudgetDimension, KatasReport, KatasSummary } from './report.js';

/**
 * A katas "adaptive investigation report v1" as Markdown, with the same parts and guarantees as a
 * spec's report: a summary with the three budget dimensions, the topology, the plan, the
 * findings, the replans, the scratchpad, the evidence, the validation block, the risks, the flow,
 * the gate checklist and the diagnostics. Every table keeps its columns whatever the text.
 */
export function katasMarkdownTree(report: KatasReport): Root {
  const { katas } = report;
  const data = report.investigation;
  const topology = isRecord(data['topology']) ? data['topology'] : {};
  const scratchpad = isRecord(data['scratchpad']) ? data['scratchpad'] : {};
  const validation = isRecord(data['validation']) ? data['validation'] : {};
  const risks = isRecord(data['risks']) ? data['risks'] : {};
  const children: RootContent[] = [
    heading(1, text(`Adaptive Investigation Report (katas v1): ${singleLine(asText(data['objective']))}`)),
    heading(2, text('Summary')),
    summaryList(report, katas),
    budgetTable(katas),
    ...pendingQuestions(data),
    heading(2, text('Topology')),
    ...section(topology['cheap_mapping'], asRecord, 'No cheap mapping.', 'mappings', (scans) =>
      table(
        ['Tool', 'Pattern', 'Results', 'Evidence tag'],
        scans.map((scan) => [
          cellText(asText(scan['tool'])),
          codeCell(scan['pattern']),
          cellText(asText(scan['result_count'])),
          cellText(asText(scan['evidence_tag'])),
        ]),
      ),
    ),
    paragraph(text('Candidates: '), ...cellCodeList(topology['candidates'], asText)),
    heading(2, text('Prioritized Plan')),
    ...section(data['prioritized_plan'], asRecord, 'No plan.', 'plan entries', (plan) =>
      table(
        ['Priority', 'Target', 'Rationale', 'Source'],
        plan.map((entry) => [
          cellText(asText(entry['priority'])),
          codeCell(entry['target']),
          cellText(asText(entry['rationale'])),
          cellText(asText(entry['source'])),
        ]),
      ),
    ),
    heading(2, text('Findings')),
    ...section(data['findings'], asRecord, 'No findings.', 'findings', (findings) =>
      table(
        ['#', 'ID', 'Target', 'Source', 'Invalidates', 'Evidence tag', 'Summary'],
        findings.map((finding, index) => [
          [text(String(index + 1))],
          cellText(asText(finding['id'])),
          codeCell(finding['target']),
          codeCell(finding['source']),
          cellText(asText(finding['invalidates_hypothesis'])),
          cellText(asText(finding['evidence_tag'])),
          cellText(asText(finding['summary'])),
        ]),
      ),
    ),
    heading(2, text('Replans')),
    ...section(data['replans'], asRecord, 'No replans: no finding invalidated the hypothesis.', 'replans', (replans) =>
      table(
        ['#', 'Trigger finding', 'Invalidated hypothesis', 'New plan order', 'Evidence tag'],
        replans.map((replan, index) => [
          [text(String(index + 1))],
          cellText(asText(replan['trigger_finding_id'])),
          cellText(asText(replan['invalidated_hypothesis'])),
          cellCodeList(replan['new_plan_order'], asText),
          cellText(asText(replan['evidence_tag'])),
        ]),
      ),
    ),
    heading(2, text('Scratchpad')),
    bulletList([
      [text(`Persisted: ${asText(scratchpad['persisted']) || '?'}`)],
      [text('Source: '), ...codeCell(scratchpad['source'])],
      [text('Sections: '), ...cellCodeList(scratchpad['sections'], asText)],
    ]),
    heading(2, text('Evidence')),
    ...section(data['evidence'], asRecord, 'No evidence.', 'evidence items', (items) =>
      table(
        ['Claim', 'Evidence tag', 'Source'],
        items.map((item) => [cellText(asText(item['claim'])), cellText(asText(item['evidence_tag'])), codeCell(item['source'])]),
      ),
    ),
    heading(2, text('Validation')),
    bulletList([
      [text('Status: '), code(asText(validation['status']) || '?')],
      [text(`Offline: ${asText(validation['offline']) || '?'}, network required: ${asText(validation['network_required']) || '?'}`)],
      [
        text(
          `Deterministic: ${asText(validation['deterministic']) || '?'}, uses randomness: ${asText(validation['uses_randomness']) || '?'}`,
        ),
      ],
      [text('Checks: '), ...cellCodeList(validation['checks'], asText)],
    ]),
    heading(2, text('Risks')),
    ...section(risks['remaining'], asText, 'No remaining risks declared.', 'risks', (remaining) =>
      bulletList(remaining.map((risk) => [text(singleLine(risk))])),
    ),
    paragraph(text('Forbidden patterns: '), ...forbidden(risks['forbidden_patterns'])),
    heading(2, text('Flow')),
    flowSection(boundedKatasFlowchart(data)),
    ...gateAndDiagnostics(report),
  ];
  return { type: 'root', children };
}

function summaryList(report: Report, katas: KatasSummary): RootContent {
  const { counts } = katas;
  const items: PhrasingContent[][] = [
    verdictLine(report),
    [text('Dialect: '), code(KATAS_REPORT_SCHEMA)],
    [text('Scope: '), ...codeCell(katas.scope)],
    [text(`Hypothesis: ${singleLine(katas.hypothesis ?? '?')}`)],
    [text('Budget status: '), code(katas.budget.status ?? '?')],
    [
      text(
        `Topology: ${plural(counts.cheapMappings, 'cheap mapping')}, ${plural(counts.candidates, 'candidate')}; plan: ${plural(counts.planEntries, 'target')}`,
      ),
    ],
    [text(`Findings: ${counts.findings} (${counts.invalidatingFindings} invalidating), ${report.metrics.nodesRead} distinct targets read`)],
    [text(`Replans: ${counts.replans}; evidence: ${counts.evidence}; remaining risks: ${counts.remainingRisks}`)],
  ];
  return bulletList(items);
}

function budgetTable({ budget }: KatasSummary): RootContent {
  const row = (name: string, dimension: BudgetDimension): PhrasingContent[][] => [
    [text(name)],
    [text(numberOrDash(dimension.limit))],
    [text(numberOrDash(dimension.used))],
    [text(numberOrDash(dimension.remaining))],
  ];
  return table(
    ['Budget', 'Limit', 'Used', 'Left'],
    [row('files', budget.files), row('queries', budget.queries), row('minutes', budget.minutes)],
  );
}

function pendingQuestions(data: Record<string, unknown>): RootContent[] {
  const budget = isRecord(data['budget']) ? data['budget'] : {};
  const questions = budget['pending_questions'];
  if (!Array.isArray(questions) || questions.length === 0) return [];
  return [
    paragraph(text('Pending questions:')),
    ...section(questions, asText, '', 'questions', (items) => bulletList(items.map((item) => [text(singleLine(item))]))),
  ];
}

function forbidden(value: unknown): PhrasingContent[] {
  const cells = cellCodeList(value, asText);
  return cells.length === 0 ? [text('none')] : cells;
}

function numberOrDash(value: number | null): string {
  return value === null ? '–' : String(value);
}
