import fc from 'fast-check';
import type { Root, RootContent, Table, TableCell } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { visible } from '../../src/common/visible.js';
import { createCompiler } from '../../src/compile.js';
import { describePointer } from '../../src/diagnostics/pointer.js';
import { renderMarkdown } from '../../src/dialects/markdown.js';
import { phaseSummary } from '../../src/render/discovery-section.js';
import { stringifyMarkdown } from '../../src/render/markdown/stringify.js';
import { code, table } from '../../src/render/mdast-builders.js';
import type { FileOutcome } from '../../src/report/outcome.js';
import { collectStats, renderStatsMarkdown } from '../../src/stats/index.js';
import { passingOutcome } from '../support/outcomes.js';
import { validSpec } from '../support/specs.js';

const parser = unified().use(remarkParse).use(remarkGfm);
const compiler = createCompiler();

/** Code spans are wrapped in these in a cell's reading: visible() maps them, so spec text cannot fake one. */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/;

/** What a text cell must read as: each line made visible, line breaks as <br>. */
const asText = (value: string): string =>
  value
    .split(LINE_BREAK)
    .map((line) => visible(line))
    .join('\n');
/** What one inline code must read as: on one line, made visible; an empty value, which no code span holds, as one space. */
const asCode = (value: string): string => `${OPEN}${visible(value.split(LINE_BREAK).join(' ')) || ' '}${CLOSE}`;
const asCodeList = (values: readonly string[]): string => values.map(asCode).join(', ');
const asCodeCell = (value: string): string => (value === '' ? '' : asCode(value));

/** A parsed cell as text, <br> as a line break and each code span wrapped; code split at a backslash before a pipe reads as one. */
function readCell(cell: TableCell): string {
  let out = '';
  let joined = false;
  for (const node of cell.children) {
    if (node.type === 'html' && node.value === '<!---->') {
      joined = true;
      continue;
    }
    if (node.type === 'inlineCode')
      out =
        joined && out.endsWith(`\\${CLOSE}`) && node.value.startsWith('|')
          ? `${out.slice(0, -1)}${node.value}${CLOSE}`
          : `${out}${OPEN}${node.value}${CLOSE}`;
    else if (node.type === 'text') out += node.value;
    else if (node.type === 'html' && node.value === '<br>') out += '\n';
    else out += `[${node.type}]`;
    joined = false;
  }
  // GFM trims the spaces around a cell's content.
  return out.replace(/^ +| +$/g, '');
}

/**
 * The tables of a document, by header. Only the table blocks are parsed (remark-parse takes ~20 ms
 * for a whole report): a cell that let a line break through would end its row there, and the rows
 * would no longer match.
 */
function tablesByHeader(markdown: string): Map<string, string[][]> {
  const tree = parser.parse(
    markdown
      .split('\n\n')
      .filter((block) => block.startsWith('|'))
      .join('\n\n'),
  ) as Root;
  const found = new Map<string, string[][]>();
  for (const node of tree.children as RootContent[]) {
    if (node.type !== 'table') continue;
    const rows = (node as Table).children.map((row) => row.children.map(readCell));
    const width = rows[0]?.length;
    for (const row of rows) expect(row, `a row of the ${rows[0]?.join('|')} table`).toHaveLength(width ?? 0);
    found.set(rows[0]?.join('|') ?? '', rows.slice(1));
  }
  return found;
}

/** Strings biased to what breaks tables and code spans: pipes, backslashes, backticks, spaces, line breaks, controls, markup. */
const hostileUnit = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '|',
      '\\',
      '`',
      ' ',
      '\n',
      '\r\n',
      '\u2028',
      'a',
      '-',
      '*',
      '_',
      '<br>',
      '<!---->',
      '&amp;',
      '#',
      ':',
      '\t',
      '\u001b',
      '\u202e',
      '\u0000',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const hostile = fc.string({ unit: hostileUnit, maxLength: 12 });
/** Some fields must stay non-blank for the report to exist at all (a blank goal is {VACIO_CRITICO}). */
const values = fc.array(hostile, { minLength: 24, maxLength: 24 });

function hostileSpec(v: string[]): Record<string, any> {
  const at = (index: number): string => v[index] ?? '';
  const spec = validSpec();
  // One row a table keeps each run fast; every cell kind is still there.
  for (const list of ['surfaceMap', 'hypotheses', 'deepDives', 'replanLog']) spec[list] = spec[list].slice(0, 1);
  const entry = spec.surfaceMap[0];
  Object.assign(entry, { id: at(0), tool: at(1), query: at(2), candidateNodes: [at(3), at(4)], evidence: at(5) });
  Object.assign(spec.hypotheses[0], { id: at(6), priority: at(7), cost: at(8), status: at(9), claim: at(10), candidateNodes: [at(11)] });
  Object.assign(spec.deepDives[0], {
    id: at(12),
    hypothesisId: at(13),
    node: at(14),
    tool: at(15),
    effect: at(16),
    provenance: at(17),
    finding: at(18),
    tokens: at(19),
  });
  Object.assign(spec.replanLog[0], { trigger: at(20), hypothesisId: at(21), afterDeepDive: at(22), decision: at(23) });
  spec.stopCondition.reason = at(1);
  spec[`k${at(2)}`] = 1;
  spec.discovery = {
    limits: {},
    cycles: [
      {
        cycle: at(0),
        keywords: [at(3), at(5)],
        newSignals: at(7),
        events: [
          { phase: at(9), tokens: 1 },
          { phase: 'focus', filesRead: 2 },
        ],
      },
    ],
    stop: { reason: at(4), evidence: at(6) },
  };
  return spec;
}

function expectedReportTables(
  spec: Record<string, any>,
  diagnostics: ReadonlyArray<{ severity: string; ruleId: string; path: string; message: string }>,
): Map<string, string[][]> {
  return new Map<string, string[][]>([
    [
      'ID|Tool|Query|Candidate nodes|Evidence',
      spec.surfaceMap.map((e: any) => [
        asText(e.id),
        asText(e.tool),
        asCodeCell(e.query),
        asCodeList(e.candidateNodes),
        asText(e.evidence),
      ]),
    ],
    [
      'ID|Priority|Cost|Status|Claim|Candidate nodes',
      spec.hypotheses.map((h: any) => [
        asText(h.id),
        asText(String(h.priority)),
        asText(String(h.cost)),
        asText(h.status),
        asText(h.claim),
        asCodeList(h.candidateNodes),
      ]),
    ],
    [
      '#|ID|Hypothesis|Node|Tool|Effect|Provenance|Tokens|Finding',
      spec.deepDives.map((d: any, i: number) => [
        String(i + 1),
        asText(d.id),
        asText(d.hypothesisId),
        asCodeCell(d.node),
        asText(d.tool),
        asText(d.effect),
        asText(d.provenance ?? ''),
        asText(d.tokens === undefined ? '' : String(d.tokens)),
        asText(d.finding),
      ]),
    ],
    [
      '#|Trigger|Hypothesis|After dive|Decision|Evidence',
      spec.replanLog.map((r: any, i: number) => [
        String(i + 1),
        asText(r.trigger),
        asText(r.hypothesisId),
        asText(r.afterDeepDive ?? ''),
        asText(r.decision),
        asText(r.evidence),
      ]),
    ],
    [
      'Cycle|Keywords|Phases|Tokens|Files read|New signals',
      spec.discovery.cycles.map((c: any) => [
        asText(c.cycle),
        asCodeList(c.keywords),
        asText(phaseSummary(c.events.map((e: any) => e.phase || '?'))),
        '1',
        '2',
        asText(c.newSignals),
      ]),
    ],
    [
      'Severity|Rule|Path|Message',
      diagnostics.map((d) => [d.severity, asCode(d.ruleId), asCode(describePointer(d.path)), asText(d.message)]),
    ],
  ]);
}

const trimmed = (rows: string[][]): string[][] => rows.map((row) => row.map((cell) => cell.replace(/^ +| +$/g, '')));

describe('table cells hold any text: the column count and the cell text and code survive', () => {
  it('in every table of the report (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(values, (v) => {
        const spec = hostileSpec(v);
        const result = compiler.compile(JSON.stringify(spec));
        expect(result.report).not.toBeNull();
        const found = tablesByHeader(renderMarkdown(result.report!));
        for (const [header, rows] of expectedReportTables(spec, result.report!.diagnostics))
          expect(found.get(header), header).toEqual(trimmed(rows));
      }),
      { seed: 20_261_201, numRuns: 100 },
    );
  });

  it('in the stats tables (fast-check, fixed seed)', () => {
    const base = compiler.compile(JSON.stringify(validSpec())).report!;
    fc.assert(
      fc.property(hostile, hostile, (reason, discoveryReason) => {
        const investigation = { ...base.investigation, discovery: { limits: {}, cycles: [], stop: { reason: discoveryReason } } };
        const file: FileOutcome = passingOutcome('a.json', { ...base, investigation, summary: { ...base.summary, stopReason: reason } });
        const found = tablesByHeader(renderStatsMarkdown(collectStats([file])));
        expect(found.get('Stop reason|Investigations|Share')).toEqual([[asCode(reason), '1', '100%']]);
        expect(found.get('Discovery stop reason|Investigations|Share')).toEqual([[asCode(discoveryReason), '1', '100%']]);
      }),
      { seed: 20_261_202, numRuns: 200 },
    );
  });

  it('in the stats table of tasks, whose names are spec text (fast-check, fixed seed)', () => {
    const base = compiler.compile(JSON.stringify(validSpec())).report!;
    const header = 'Task|Runs|Passes|Pass rate|pass@1|pass@3|pass@5|pass^1|pass^3|pass^5|Most failing rules';
    fc.assert(
      fc.property(hostile, hostile, (task, goal) => {
        const run = (path: string, investigation: Record<string, unknown>, summary = base.summary): FileOutcome =>
          passingOutcome(path, { ...base, investigation, summary });
        const byTask = run('a.json', { ...base.investigation, 'x-task': task });
        const byGoal = run('b.json', { ...base.investigation, goal }, { ...base.summary, goal });
        const key = (value: string, otherwise: string | null) => value.replace(/[\s\u0085]+/gu, ' ').trim() || otherwise;
        const keys = [key(task, base.summary.goal), key(goal, null)].filter((k): k is string => k !== null);
        const rows = new Map<string, string[]>();
        for (const k of keys) {
          const runs = keys.filter((other) => other === k).length;
          rows.set(k, [asText(k), String(runs), String(runs), '1', '1', '—', '—', '1', '—', '—', '—']);
        }
        const expected = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
        const found = tablesByHeader(renderStatsMarkdown(collectStats([byTask, byGoal])));
        expect(found.get(header)).toEqual(trimmed(expected));
      }),
      { seed: 20_261_203, numRuns: 200 },
    );
  });

  it('a backslash before a pipe closes the code span and opens another: GFM reads two code spans, not a cell delimiter', () => {
    const markdown = stringifyMarkdown({ type: 'root', children: [table(['Query'], [[[code('grep a\\|b')]], [[code('\\\\|\\')]]])] });
    expect(markdown).toContain('| `grep a\\`<!---->`\\|b` |');
    const tree = parser.parse(markdown) as Root;
    const [first, second] = (tree.children[0] as Table).children.slice(1).map((row) => row.children[0]?.children);
    expect(first).toEqual([
      expect.objectContaining({ type: 'inlineCode', value: 'grep a\\' }),
      expect.objectContaining({ type: 'html', value: '<!---->' }),
      expect.objectContaining({ type: 'inlineCode', value: '|b' }),
    ]);
    expect(second?.filter((node) => node.type === 'inlineCode').map((node) => (node as { value: string }).value)).toEqual(['\\\\', '|\\']);
  });
});
