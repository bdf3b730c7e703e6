/**
 * The source view of a large spec, under jsdom: past WHOLE_SOURCE_LINES lines or WHOLE_SOURCE_BYTES
 * bytes it shows the head and the lines around each flagged one, every line cut to LINE_CHARS but
 * around the values its problems name, and a note for each run left out that counts its lines and
 * bytes; every flagged line stays reachable from its problem, up to the cap of 1,000; and what the
 * page holds of the source stops growing with the input. test/hostile/html-page-cost.test.ts
 * measures the built CLI's page and peak memory on the same shapes.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { createCompiler } from '../src/compile.js';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import { htmlRenderer } from '../src/dialects/html.js';
import {
  CONTEXT_LINES,
  HEAD_LINES,
  LINE_CHARS,
  MARK_CONTEXT_CHARS,
  WHOLE_SOURCE_BYTES,
  WHOLE_SOURCE_LINES,
} from '../src/render/html/source-view.js';
import type { Report } from '../src/report/types.js';
import { validSpec } from './support/specs.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

const base = createCompiler().compile(JSON.stringify(validSpec()), { path: 'large.json' }).report as Report;

/** A spec's report with these problems, its text as given (JSON, or YAML): the view reads both as they are. */
function pageOf(source: string, diagnostics: Diagnostic[], format: 'json' | 'yaml' = 'json'): Document {
  const report: Report = { ...base, input: { ...base.input, format }, diagnostics };
  return new JSDOM(renderHtml(report, { source })).window.document;
}

/** A problem at a line, naming a value by its pointer. */
const problem = (line: number, path: string, column?: number): Diagnostic => ({
  ruleId: 'schema',
  severity: 'error',
  message: 'must be an object',
  path,
  line,
  ...(column === undefined ? {} : { column }),
});

/** A pretty-printed spec whose risks are `count` strings, one a line, and the line of each risk; each line ends with a line break. */
function specOfRisks(count: number, risk: (index: number) => string = () => 'r'): { text: string; lineOf: (index: number) => number } {
  const head = JSON.stringify({ ...validSpec(), risks: '@@' }, null, 2);
  const before = head.slice(0, head.indexOf('"@@"')).split('\n').length;
  const risks = Array.from({ length: count }, (_, index) => `    ${JSON.stringify(risk(index))}`).join(',\n');
  return { text: `${head.replace('"@@"', `[\n${risks}\n  ]`)}\n`, lineOf: (index) => before + 1 + index };
}

/** The rows of the gutter and of the code, the notes that link to problems left out (they stand after a line's text). */
function rowsOf(document: Document): { gutter: string[]; code: string[] } {
  const gutter = document.querySelector('.source .gutter')?.textContent?.split('\n') ?? [];
  const copy = document.querySelector('.source .code code')?.cloneNode(true) as Element;
  for (const note of copy.querySelectorAll('a.note')) note.remove();
  return { gutter, code: (copy.textContent ?? '').split('\n') };
}

const bytes = (text: string): number => Buffer.byteLength(text);
const numbersIn = (text: string): number[] => (text.match(/\d[\d,]*/g) ?? []).map((figure) => Number(figure.replaceAll(',', '')));

describe('the source view of a spec past the bound', () => {
  it('shows a spec of WHOLE_SOURCE_LINES lines whole, and one line more in part, with a note that says why', () => {
    const spec = JSON.stringify(validSpec(), null, 2);
    const lines = spec.split('\n').length;
    const atBound = `${spec}${'\n'.repeat(WHOLE_SOURCE_LINES - lines)}\n`;
    const whole = pageOf(atBound, []);
    expect(rowsOf(whole).gutter).toHaveLength(WHOLE_SOURCE_LINES);
    expect(whole.querySelector('.source .elided')).toBeNull();
    const past = pageOf(`${atBound}\n`, []);
    expect(rowsOf(past).gutter).toEqual([...Array.from({ length: HEAD_LINES }, (_, index) => String(index + 1)), '⋮']);
    expect(past.querySelector('#source p')?.textContent).toMatch(
      new RegExp(`^The spec has ${(WHOLE_SOURCE_LINES + 1).toLocaleString('en-US')} lines .* the input file holds it all\\.$`),
    );
    const headBytes = bytes(`${atBound}\n`.split('\n').slice(0, HEAD_LINES).join('\n')) + 1;
    expect(numbersIn(past.querySelector('.source .elided')?.textContent ?? '')).toEqual([
      WHOLE_SOURCE_LINES + 1 - HEAD_LINES,
      bytes(atBound) + 1 - headBytes,
    ]);
    // Past the bytes, however few the lines.
    const wide = pageOf(`${spec}\n${'x'.repeat(WHOLE_SOURCE_BYTES)}\n`, []);
    expect(wide.querySelector('.source .code')?.getAttribute('aria-label')).toBe('The spec as written, in part');
  });

  it('shows the head and CONTEXT_LINES around each flagged line, numbered as in the file, and counts what it leaves out to the line and byte', () => {
    const { text, lineOf } = specOfRisks(60_000, (index) => `risk ${index} é😀`);
    const flagged = [10, 11, 30_000, 59_999];
    const document = pageOf(
      text,
      flagged.map((index) => problem(lineOf(index), `/risks/${index}`)),
    );
    const { gutter, code } = rowsOf(document);
    expect(gutter).toHaveLength(code.length);
    const fileLines = text.split('\n').slice(0, -1);
    const expected = new Set<number>(Array.from({ length: HEAD_LINES }, (_, index) => index + 1));
    for (const index of flagged)
      for (let line = lineOf(index) - CONTEXT_LINES; line <= lineOf(index) + CONTEXT_LINES; line++)
        if (line <= fileLines.length) expected.add(line);
    const shown = gutter.filter((row) => row !== '⋮').map(Number);
    expect(shown).toEqual([...expected].sort((a, b) => a - b));
    let leftOutLines = 0;
    let leftOutBytes = 0;
    gutter.forEach((row, index) => {
      if (row === '⋮') {
        const [lines, byteCount] = numbersIn(code[index] as string);
        leftOutLines += lines as number;
        leftOutBytes += byteCount as number;
      } else expect(code[index]).toBe(fileLines[Number(row) - 1]);
    });
    // What is shown and what the notes count add up to the file, its line breaks included.
    expect(shown.length + leftOutLines).toBe(fileLines.length);
    expect(shown.reduce((sum, line) => sum + bytes(fileLines[line - 1] as string) + 1, 0) + leftOutBytes).toBe(bytes(text));
    // Each flagged line has its value marked and links to its problem.
    flagged.forEach((index, position) => {
      const line = document.getElementById(`L${lineOf(index)}`);
      expect(line?.querySelector('mark')?.textContent).toBe(JSON.stringify(`risk ${index} é😀`));
      expect(line?.querySelector('a.note')?.getAttribute('href')).toBe(`#problem-${position + 1}`);
    });
  });

  it('keeps every flagged line reachable from its problem, up to the cap of 1,000 problems', () => {
    const { text, lineOf } = specOfRisks(200_000);
    const diagnostics = Array.from({ length: 1000 }, (_, index) => problem(lineOf(index * 199), `/risks/${index * 199}`));
    const document = pageOf(text, diagnostics);
    diagnostics.forEach((diagnostic, index) => {
      const link = document.querySelector(`#problem-${index + 1} a[href^="#L"]`);
      expect(link?.getAttribute('href')).toBe(`#L${diagnostic.line}`);
      const line = document.getElementById(`L${diagnostic.line}`);
      expect(line?.classList.contains('flagged')).toBe(true);
      expect(line?.querySelector('a.note')?.getAttribute('href')).toBe(`#problem-${index + 1}`);
      expect(line?.querySelector('mark')?.textContent).toBe('"r"');
    });
    // Far apart, each flagged line has its context of its own and a note on each side.
    const apartFromHead = lineOf(0) - CONTEXT_LINES > HEAD_LINES + 1;
    expect(document.querySelectorAll('.source .elided')).toHaveLength(1000 + (apartFromHead ? 1 : 0));
  });

  it('cuts a long line to LINE_CHARS, and a long flagged line around its marked values, never within a surrogate pair', () => {
    const risks = Array.from({ length: 20_000 }, (_, index) => (index % 7 === 0 ? '😀' : `r${index}`));
    const text = JSON.stringify({ ...validSpec(), risks });
    const pointers = [5000, 17_004];
    const document = pageOf(
      `${text}\nx${'😀'.repeat(300_000)}\n`,
      pointers.map((index) => problem(1, `/risks/${index}`, text.indexOf(`"r${index}"`) + 1)),
    );
    const [line1 = '', line2 = ''] = rowsOf(document).code;
    const marks = [...(document.getElementById('L1')?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent);
    expect(marks).toEqual(['"r5000"', '"r17004"']);
    const notes = [...(document.getElementById('L1')?.querySelectorAll('.elided') ?? [])].map((note) => note.textContent);
    expect(notes).toHaveLength(3);
    expect(line1.length).toBeLessThan(LINE_CHARS + 2 * (4 * MARK_CONTEXT_CHARS + 50) + 3 * 50);
    expect(line1.startsWith(text.slice(0, LINE_CHARS - 1))).toBe(true);
    // The bytes the notes count and the bytes shown make the line.
    const shownBytes = [...(document.getElementById('L1')?.childNodes ?? [])]
      .filter((node) => !(node as Element).classList?.contains('note'))
      .reduce((sum, node) => sum + bytes(node.textContent ?? ''), 0);
    expect(shownBytes + notes.reduce((sum, note) => sum + (numbersIn(note ?? '')[0] ?? 0), 0)).toBe(bytes(text));
    // The line of emoji is cut at a pair's end: no lone surrogate, so nothing shows as U+FFFD.
    expect(line2).toMatch(new RegExp(`^x(😀){${LINE_CHARS / 2 - 1}}… [\\d,]+ bytes left out$`));
    expect(document.querySelector('.source .code')?.textContent).not.toContain('\uFFFD');
  });

  it('marks the values of a YAML spec past the bound', () => {
    const risks = Array.from({ length: 30_000 }, (_, index) => `  - risk ${index}`).join('\n');
    const text = `${toYaml({ ...validSpec(), risks: null }).replace('risks: null', `risks:\n${risks}`)}`;
    const lines = text.split('\n');
    const at = (index: number) => lines.indexOf(`  - risk ${index}`) + 1;
    const document = pageOf(
      text,
      [7, 29_000].map((index) => problem(at(index), `/risks/${index}`)),
      'yaml',
    );
    expect([7, 29_000].map((index) => document.getElementById(`L${at(index)}`)?.querySelector('mark')?.textContent)).toEqual([
      'risk 7',
      'risk 29000',
    ]);
    expect(document.querySelectorAll('.source .elided').length).toBeGreaterThan(0);
  });

  it('counts a left-out line break of "\\r\\n" as its two bytes', () => {
    const spec = JSON.stringify(validSpec(), null, 2).replaceAll('\n', '\r\n');
    const text = `${spec}${'\r\n'.repeat(WHOLE_SOURCE_LINES)}`;
    const note = pageOf(text, []).querySelector('.source .elided')?.textContent ?? '';
    const lines = spec.split('\r\n').length + WHOLE_SOURCE_LINES - 1;
    const headBytes = bytes(text.split('\r\n').slice(0, HEAD_LINES).join('\r\n')) + 2;
    expect(numbersIn(note)).toEqual([lines - HEAD_LINES, bytes(text) - headBytes]);
  });

  it('is the same size for a million lines as for a hundred thousand: it does not grow with the input', () => {
    const page = (lines: number) => {
      const { text, lineOf } = specOfRisks(lines);
      const diagnostics = [10, 50_000, 99_000].map((index) => problem(lineOf(index), `/risks/${index}`));
      const document = pageOf(text, diagnostics);
      return {
        elements: document.querySelectorAll('#source *').length,
        size: document.getElementById('source')?.outerHTML.length ?? 0,
      };
    };
    const small = page(100_000);
    const large = page(1_000_000);
    expect(large.elements).toBe(small.elements);
    // The counts in the notes have a digit more.
    expect(large.size - small.size).toBeLessThan(20);
    expect(large.size).toBeLessThan(64 * 1024);
  });
});
