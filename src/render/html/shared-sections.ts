// What every report's page shows, whatever its dialect: the verdict, the gate checklist (each failed
// criterion linked to its problems), the problems (each linked to its line of the source), and the
// source itself with line numbers, each flagged line linked back to its problems.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { valueSpans } from '../../diagnostics/value-places.js';
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

export function facts(entries: Array<[string, string]>): ElementContent {
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

/**
 * The source with line numbers; the lines problems point at are flagged, with an id, and link back
 * to them, and on each the value the problem's pointer names is marked (its part on that line).
 * The numbers are one column of text beside the code, and the lines no problem points at are text
 * between the flagged ones: a spec of 15,000 lines is not 15,000 elements, which would be most of
 * the page's size and of the time it takes to write and to lay out.
 */
export function sourceView(source: string, diagnostics: readonly Diagnostic[], format?: 'json' | 'yaml'): ElementContent[] {
  const byLine = new Map<number, number[]>();
  diagnostics.forEach((diagnostic, index) => {
    if (diagnostic.line === undefined) return;
    byLine.set(diagnostic.line, [...(byLine.get(diagnostic.line) ?? []), index]);
  });
  const body = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const spanOf = format === undefined ? () => undefined : valueSpans(body, format);
  const lines: Array<{ text: string; start: number }> = [];
  const breaks = /\r\n|\r|\n/g;
  let start = 0;
  for (let found = breaks.exec(body); found !== null; found = breaks.exec(body)) {
    lines.push({ text: body.slice(start, found.index), start });
    start = found.index + found[0].length;
  }
  if (start < body.length || lines.length === 0) lines.push({ text: body.slice(start), start });
  const code: Array<ElementContent | string> = [];
  // The text of the lines since the last flagged one, each with its line end, shown as one run.
  let plain: string[] = [];
  lines.forEach(({ text, start: lineStart }, index) => {
    const number = index + 1;
    const end = number === lines.length ? '' : '\n';
    const flagged = byLine.get(number) ?? [];
    if (flagged.length === 0) {
      plain.push(text, end);
      return;
    }
    if (plain.length > 0) code.push(say(plain.join('')));
    plain = [end];
    const marks = flagged.flatMap((problem) => {
      const path = diagnostics[problem]?.path ?? '';
      const span = path === '' ? undefined : spanOf(path);
      if (span === undefined) return [];
      const from = Math.max(span.start, lineStart) - lineStart;
      const to = Math.min(span.end, lineStart + text.length) - lineStart;
      return from < to ? [{ from, to }] : [];
    });
    code.push(
      h('span', { id: lineId(number), className: ['flagged'] }, [
        ...marked(text, marks),
        ...flagged.map((problem) =>
          h(
            'a',
            { className: ['note'], href: `#${problemId(problem)}` },
            `← ${say(diagnostics[problem]?.ruleId)} ${say(diagnostics[problem]?.path || '/')}`,
          ),
        ),
      ]),
    );
  });
  const rest = plain.join('');
  if (rest !== '') code.push(say(rest));
  const numbers = lines.map((_line, index) => String(index + 1)).join('\n');
  return [
    h('div', { className: ['source'] }, [
      h('pre', { className: ['gutter'], ariaHidden: 'true' }, numbers),
      h('pre', { className: ['code'], tabIndex: 0, ariaLabel: 'The spec as written' }, h('code', code)),
    ]),
  ];
}

/** A line's text with the ranges marked (overlapping ones as one), the rest as it is. */
function marked(text: string, ranges: ReadonlyArray<{ from: number; to: number }>): Array<ElementContent | string> {
  const merged: Array<{ from: number; to: number }> = [];
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last !== undefined && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  const pieces: Array<ElementContent | string> = [];
  let at = 0;
  for (const { from, to } of merged) {
    if (from > at) pieces.push(say(text.slice(at, from)));
    pieces.push(h('mark', say(text.slice(from, to))));
    at = to;
  }
  if (at < text.length || pieces.length === 0) pieces.push(say(text.slice(at)));
  return pieces;
}
