import type { PhrasingContent, RootContent } from 'mdast';
import { isRecord } from '../common/guards.js';
import { asText } from '../common/text.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { describePointer } from '../diagnostics/pointer.js';
import type { Report } from '../report/types.js';
import { firstItems, IN_JSON_REPORT, MAX_ROWS, moreNote } from './limits.js';
import { bulletList, cellText, code, codeList, heading, paragraph, table, text } from './mdast-builders.js';
import { type BoundedFlowchart, FLOW_LIMITS } from './mermaid/flowchart.js';

// The parts every report's Markdown shares, whatever the dialect: bounded lists and tables, the
// flowchart or why it is not drawn, the gate checklist and the diagnostics.

/** Why a flowchart is not drawn, by the limit it would exceed. */
const TOO_LARGE: Record<keyof typeof FLOW_LIMITS, (count: number) => string> = {
  nodes: () => `it would have more than ${FLOW_LIMITS.nodes} nodes, too many to read`,
  edges: (count) => `it would have ${count} edges, more than Mermaid draws (at most ${FLOW_LIMITS.edges})`,
  characters: (count) => `it would take ${count} characters, more than Mermaid draws (at most ${FLOW_LIMITS.characters})`,
};

/** A bounded flowchart as a Mermaid block, or a note saying which limit it would exceed. */
export function flowSection(flowchart: BoundedFlowchart): RootContent {
  if ('text' in flowchart) return { type: 'code', lang: 'mermaid', value: flowchart.text };
  return paragraph(
    text(`The flowchart is not drawn: ${TOO_LARGE[flowchart.exceeded](flowchart.count)}; the tables above list every step.`),
  );
}

/** "Verdict: **pass** (0 errors, 1 warning, preset `gate`)": the first line of every report's summary. */
export function verdictLine(report: Report): PhrasingContent[] {
  const { summary } = report;
  const suppressed = summary.suppressed === undefined ? '' : `, ${summary.suppressed} suppressed`;
  const problems = `${summary.errors} ${summary.errors === 1 ? 'error' : 'errors'}, ${summary.warnings} ${summary.warnings === 1 ? 'warning' : 'warnings'}${suppressed}`;
  return [
    text('Verdict: '),
    { type: 'strong', children: [text(summary.verdict)] },
    text(` (${problems}, preset `),
    code(report.preset),
    text(')'),
  ];
}

/** The gate checklist, then the diagnostics when there are any. */
export function gateAndDiagnostics(report: Report): RootContent[] {
  const children: RootContent[] = [
    heading(2, text('Gate')),
    bulletList(
      report.summary.gate.map((criterion) => [
        text(`${criterion.title} (`),
        ...codeList(criterion.rules),
        text(')'),
        ...(criterion.suppressed === undefined
          ? []
          : [text(`: passed only through ${criterion.suppressed} suppressed ${criterion.suppressed === 1 ? 'error' : 'errors'}`)]),
      ]),
      report.summary.gate.map((criterion) => criterion.passed),
    ),
  ];
  if (report.diagnostics.length > 0) {
    children.push(
      heading(2, text('Diagnostics')),
      ...section(report.diagnostics, (item) => item as Diagnostic, 'No diagnostics.', 'diagnostics', diagnosticsTable),
    );
  }
  return children;
}

function diagnosticsTable(diagnostics: Diagnostic[]): RootContent {
  return table(
    ['Severity', 'Rule', 'Path', 'Message'],
    diagnostics.map((diagnostic) => [
      [text(diagnostic.suppressed === undefined ? diagnostic.severity : `${diagnostic.severity} (suppressed)`)],
      [code(diagnostic.ruleId)],
      [code(describePointer(diagnostic.path))],
      cellText(diagnostic.message),
    ]),
  );
}

/** A list's first MAX_ROWS items drawn by `render` (each read by `read`), a note on the rest, or `empty` for no items. */
export function section<T>(
  list: unknown,
  read: (item: unknown) => T,
  empty: string,
  noun: string,
  render: (items: T[]) => RootContent,
): RootContent[] {
  const { items, more } = firstItems(list, MAX_ROWS);
  if (items.length === 0) return [paragraph(text(empty))];
  return [render(items.map(read)), ...moreNote(more, noun, IN_JSON_REPORT)];
}

export function codeCell(value: unknown): PhrasingContent[] {
  const content = asText(value);
  return content === '' ? [] : [code(content)];
}

/** An item of a list of objects; anything else reads as an empty object. */
export function asRecord(item: unknown): Record<string, unknown> {
  return isRecord(item) ? item : {};
}
