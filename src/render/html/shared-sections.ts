// What every report's page shows, whatever its dialect: the verdict, the gate checklist (each failed
// criterion linked to its problems), and the problems, each linked to its line of the source view
// (source-view.ts), whose flagged lines link back to them.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Report } from '../../report/types.js';
import { headingRow } from './table.js';
import { say } from './text.js';

/** The id of a problem's row: its place in the report's list, from 1, after the prefix of its report on a page of several. */
export const problemId = (index: number, prefix = ''): string => `${prefix}problem-${index + 1}`;
/** The id of a line of the source view, from 1. */
export const lineId = (line: number): string => `L${line}`;

export function verdictBadge(report: Report): ElementContent {
  return h('p', { className: ['verdict', `verdict-${report.verdict}`] }, `Verdict: ${report.verdict}`);
}

/** Terms and their values, as a list of two columns; a value is its text, or elements (a link). */
export function facts(entries: Array<[string, string | ElementContent]>): ElementContent {
  return h(
    'dl',
    { className: ['facts'] },
    entries.flatMap(([term, value]) => [h('dt', term), h('dd', value)]),
  );
}

/**
 * The gate's criteria: passed ones ticked, failed ones crossed with a link to each of their errors.
 * `failedOnly` (a page of many reports) lists the failed ones under a line that counts the rest.
 */
export function gateChecklist(report: Report, prefix = '', failedOnly = false): ElementContent[] {
  const criteria = failedOnly ? report.summary.gate.filter((criterion) => !criterion.passed) : report.summary.gate;
  const passed = report.summary.gate.length - report.summary.gate.filter((criterion) => !criterion.passed).length;
  const count = failedOnly ? [h('p', `${passed} of ${report.summary.gate.length} criteria passed.`)] : [];
  const items = criteria.map((criterion) => {
    const errors = report.diagnostics
      .map((diagnostic, index) => ({ diagnostic, index }))
      .filter(
        ({ diagnostic }) =>
          diagnostic.severity === 'error' && diagnostic.suppressed === undefined && criterion.rules.includes(diagnostic.ruleId),
      );
    const links = errors.flatMap(({ diagnostic, index }, position) => [
      ...(position === 0 ? [' ('] : [', ']),
      h('a', { href: `#${problemId(index, prefix)}` }, `${say(diagnostic.ruleId)} at ${say(diagnostic.path || '/')}`),
      ...(position === errors.length - 1 ? [')'] : []),
    ]);
    return h('li', { className: [criterion.passed ? 'pass' : 'fail'] }, [
      h('span', { className: ['mark'], ariaHidden: 'true' }, criterion.passed ? '✓' : '✗'),
      h('span', { className: ['visually-hidden'] }, criterion.passed ? 'passed: ' : 'failed: '),
      say(criterion.title),
      ...links,
    ]);
  });
  return [...count, ...(items.length === 0 ? [] : [h('ul', { className: ['checklist'] }, items)])];
}

/** The problems as a table; where the source is shown, each row links to its line. */
export function problemsTable(report: Report, withSource: boolean, prefix = ''): ElementContent[] {
  if (report.diagnostics.length === 0) return [h('p', 'No problems.')];
  return [
    h('table', [
      headingRow(['Severity', 'Rule', 'Where', 'Message']),
      h(
        'tbody',
        report.diagnostics.map((diagnostic, index) =>
          h('tr', { id: problemId(index, prefix) }, [
            h(
              'td',
              { className: [diagnostic.severity] },
              diagnostic.suppressed === undefined ? diagnostic.severity : `${diagnostic.severity} (accepted by the baseline)`,
            ),
            h('td', h('code', say(diagnostic.ruleId))),
            h('td', where(diagnostic, withSource)),
            h('td', { className: ['text'] }, say(diagnostic.message)),
          ]),
        ),
      ),
    ]),
  ];
}

function where(diagnostic: Diagnostic, withSource: boolean): Array<ElementContent | string> {
  const pointer = h('code', say(diagnostic.path || '/'));
  if (diagnostic.line === undefined) return [pointer];
  const place = `line ${diagnostic.line}${diagnostic.column === undefined ? '' : `:${diagnostic.column}`}`;
  return [pointer, h('br'), withSource ? h('a', { href: `#${lineId(diagnostic.line)}` }, place) : place];
}
