/**
 * The small faults of the HTML page a newcomer met (issue 38, item 7), each read off the page's
 * markup under jsdom: a shell tool said once on the timeline (one label for a map call wherever
 * one is labelled), ids that never break and paths that break only after a `/`, the deliverable
 * and the risks linked from the top, and the reads of a subagent marked on the timeline with text.
 * test/html-browser.test.ts checks the same breaks as Chromium lays them out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import { serializeHtml } from '../src/render/html/serialize.js';
import { PAGE_STYLE } from '../src/render/html/style.js';
import { idCode, pathCode } from '../src/render/html/wrap.js';
import { mapCallLabel } from '../src/render/map-call.js';
import type { Report } from '../src/report/types.js';
import { traceEvidence } from '../src/trace/evidence.js';
import { readTrace } from '../src/trace/read-trace.js';
import { projectRoot } from './support/cli.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

const SPEC = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
const TRACE = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.jsonl'), 'utf8');

/** The page of a spec, checked against a trace when one is given, as a DOM. */
function page(spec: string, trace?: string): Document {
  const evidence = trace === undefined ? undefined : traceEvidence(readTrace([Buffer.from(trace)]), 'trace.jsonl');
  const { report } = createCompiler().compile(spec, { path: 'spec.yaml', ...(evidence === undefined ? {} : { trace: evidence }) });
  return new JSDOM(renderHtml(report as Report, { source: spec })).window.document;
}

/** The full text of each row of the timeline, from its tooltip. */
function timelineRows(document: Document): string[] {
  return [...document.querySelectorAll('#timeline svg > g > title')].map((title) => title.textContent ?? '');
}

/** The trace with the call made on the line that holds `marker` made by a subagent. */
function bySubagent(marker: string): string {
  const lines = TRACE.split('\n');
  const at = lines.findIndex((line) => line.includes(marker));
  expect(at).toBeGreaterThan(-1);
  lines[at] = (lines[at] as string).replace('"isSidechain":false', '"isSidechain":true');
  return lines.join('\n');
}

/** A code element as a DOM, from its hast tree. */
function codeElement(element: ReturnType<typeof pathCode>): Element {
  const document = new JSDOM(serializeHtml({ type: 'root', children: [element] })).window.document;
  return document.body.firstElementChild as Element;
}

describe("a map call's label", () => {
  it('says a shell tool once when its query is the command line that runs it', () => {
    const label = (tool: unknown, query: unknown) => mapCallLabel({ tool, query }, String);
    expect(label('ls', 'ls -la /path/to/Demo')).toBe('ls -la /path/to/Demo');
    expect(label('find', "find . -name '*.md'")).toBe("find . -name '*.md'");
    expect(label('ls', '/bin/ls -la src')).toBe('/bin/ls -la src');
    // A query that is no command line of the tool keeps the tool before it.
    expect(label('Glob', '**/*.md')).toBe('Glob **/*.md');
    expect(label('rg', 'ls -la')).toBe('rg ls -la');
    expect(label('ls', 'cd src && ls')).toBe('ls cd src && ls');
    expect(label(undefined, 'monthlyTotal')).toBe('monthlyTotal');
  });

  it('says where a call searched, so that one pattern in two folders reads as two calls', () => {
    expect(mapCallLabel({ query: '**/*.md', searchPath: 'docs' }, String)).toBe('**/*.md in docs');
    expect(mapCallLabel({ tool: 'Glob', query: '**/*.md', searchPath: 'notes' }, String)).toBe('Glob **/*.md in notes');
    // Each value goes through the caller's `show` (cut, made inert).
    expect(mapCallLabel({ tool: 'Grep', query: 'x'.repeat(50), searchPath: 'src' }, (value) => String(value).slice(0, 3))).toBe(
      'Gre xxx in src',
    );
  });
});

describe('the page of a spec', () => {
  it('says a shell tool once on the timeline, and a tool that is no program of the query with it', () => {
    const spec = SPEC.replace('query: ls -la src/reports', 'query: ls -la /path/to/Demo');
    const rows = timelineRows(page(spec));
    expect(rows.filter((row) => row.startsWith('M'))).toEqual([
      'M1 · Glob src/**/*.ts → 2 candidate nodes',
      'M2 · ls -la /path/to/Demo → 1 candidate node',
    ]);
  });

  it('shows each id as code that never breaks, and each path as code that breaks only after a slash', () => {
    const spec = SPEC.replace('node: src/reports/monthly.ts', 'node: todo-app/package.json');
    const document = page(spec);
    const ids = [...document.querySelectorAll('#findings tbody tr')].map((row) => row.children[1]?.querySelector('code'));
    expect(ids.map((code) => [code?.className, code?.textContent])).toEqual([
      ['id', 'D1'],
      ['id', 'D2'],
    ]);
    const node = [...document.querySelectorAll('#findings tbody tr')][1]?.children[3]?.querySelector('code');
    expect(node?.className).toBe('path');
    // `todo-app/` is held whole (a browser breaks after its `-`), then the one break, then `package.json`.
    expect(node?.innerHTML).toBe('<span class="segment">todo-app/</span><wbr>package.json');
    // The style says so: an id on one line, a path's segments held, code broken anywhere only when too long.
    expect(PAGE_STYLE).toContain('code.id{white-space:nowrap;overflow-wrap:normal}');
    expect(PAGE_STYLE).toContain(
      'code.path{overflow-wrap:normal}code.path .segment{white-space:nowrap}code.path.long{overflow-wrap:anywhere}',
    );
  });

  it('lets a path, a pattern or a command line break at its spaces and after each inner slash, nowhere else', () => {
    const code = codeElement(pathCode('ls -la /path/to/my-Demo//x/'));
    expect(code.innerHTML).toBe('ls <span class="segment">-la</span> /path/<wbr>to/<wbr><span class="segment">my-Demo//x/</span>');
    expect(code.textContent).toBe('ls -la /path/to/my-Demo//x/');
    // A run longer than any column may break anywhere, as a last resort; an id that long too.
    const long = codeElement(pathCode(`src/${'a'.repeat(60)}.ts`));
    expect(long.className).toBe('path long');
    expect(codeElement(idCode('D1')).outerHTML).toBe('<code class="id">D1</code>');
    expect(codeElement(idCode('D'.repeat(60))).className).toBe('path long');
  });

  it('gives a value of many slashes a bounded number of breaks, and keeps all its text', () => {
    const text = 'a/'.repeat(10_000);
    const code = codeElement(pathCode(text));
    expect(code.textContent).toBe(text);
    expect(code.querySelectorAll('wbr').length).toBe(127);
  });

  it('links the deliverable and the risks from the top of the page, each a section of its own in the navigation', () => {
    const document = page(SPEC);
    const header = [...document.querySelectorAll('header dl.facts dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.querySelector('a')?.getAttribute('href'),
      term.nextElementSibling?.textContent,
    ]);
    expect(header.slice(-2)).toEqual([
      ['Deliverable', '#deliverable', 'Monthly totals are computed by monthlyTotal() in src/totals.ts; the report only formats them.'],
      ['Risks and coverage left out', '#risks', '1 declared'],
    ]);
    const nav = [...document.querySelectorAll('nav a')].map((link) => link.getAttribute('href'));
    expect(nav).toEqual([...document.querySelectorAll('main > section')].map((section) => `#${section.id}`));
    expect(nav).toContain('#deliverable');
    expect(document.querySelector('#deliverable p')?.textContent).toContain('monthlyTotal()');
    // A long deliverable is cut in the header; its section holds it whole.
    const long = `The answer. ${'word '.repeat(100)}`.trim();
    const cut = page(SPEC.replace(/^deliverable: .*$/m, `deliverable: ${long}`));
    expect(cut.querySelector('header a[href="#deliverable"]')?.textContent?.length).toBeLessThanOrEqual(200);
    expect(cut.querySelector('#deliverable p')?.textContent).toBe(long);
  });

  it('marks a deep dive whose read a subagent made with a dashed ring and words, and says what the mark means', () => {
    const document = page(SPEC, bySubagent('"id":"call-read-totals"'));
    const rows = [...document.querySelectorAll('#timeline svg > g')];
    const marked = rows.filter((row) => row.querySelector('circle.subagent') !== null);
    expect(marked.map((row) => row.querySelector('title')?.textContent)).toEqual([
      'D1 → H1 · confirms · 1/4 reads · read by a subagent: src/totals.ts · monthlyTotal() in src/totals.ts sums the entries of a month.',
    ]);
    // The words are on the line drawn, not only in its tooltip.
    expect(marked[0]?.querySelector('text.label')?.textContent).toContain('read by a subagent: src/totals.ts');
    const legend = document.querySelector('#timeline figcaption .legend');
    expect(legend?.querySelector('circle.subagent')).not.toBeNull();
    expect(legend?.textContent).toContain('A dashed ring marks a read a subagent made');
  });

  it('marks a read of a subagent the record leaves out, on the timeline and in the trace section', () => {
    const spec = SPEC.replace(/\n {2}- id: D2\n(?: {4}.*\n)+/, '\n');
    const document = page(spec, bySubagent('"id":"call-sed"'));
    const traced = [...document.querySelectorAll('#timeline svg > g')].filter((row) => row.querySelector('circle.unmatched') !== null);
    expect(traced.map((row) => [row.querySelector('title')?.textContent, row.querySelector('circle.subagent') !== null])).toEqual([
      ['read in the trace (line 12) by a subagent, with no deep dive in the record: src/reports/monthly.ts', true],
    ]);
    expect(document.querySelector('#trace li')?.textContent).toBe('src/reports/monthly.ts (trace line 12, read by a subagent)');
  });

  it('draws no subagent mark and no legend for it when no subagent read anything', () => {
    const document = page(SPEC, TRACE);
    expect(document.querySelectorAll('circle.subagent')).toHaveLength(0);
    expect(document.querySelector('#timeline .legend')).toBeNull();
  });
});
