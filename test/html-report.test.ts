/**
 * The page of `--format html`, read as a browser's DOM would read it (jsdom: no browser needed):
 * one file with nothing from outside, every link to a place in the page, the data embedded as
 * inert JSON, the same bytes for the same input, and no text from a spec, however hostile, that
 * becomes markup. test/html-browser.test.ts opens the same pages in Chromium.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { generateScaledSpec } from '../scripts/gen-corpus.js';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import { FILTER_SCRIPT } from '../src/render/html/filters.js';
import type { Report } from '../src/report/types.js';
import { traceEvidence } from '../src/trace/evidence.js';
import { readTrace } from '../src/trace/read-trace.js';
import { projectRoot, runHermetic } from './support/cli.js';
import { HOSTILE } from './support/hostile-labels.js';
import { runBuiltInProcess as runBuilt } from './support/in-process.js';
import { DEFAULT_SEED, textArbitrary, validSpecArbitrary } from './support/properties.js';
import { useTempDirs } from './support/temp.js';
import { HOSTILE_TEXTS } from './support/untrusted-output.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

/** The elements a page is made of; anything else in a page came from its input. */
const PAGE_ELEMENTS = new Set(
  'html head meta title style body a header nav ul li main section div h1 h2 h3 p dl dt dd span table thead tbody tr th td code br strong figure figcaption pre footer script svg g text line rect path circle polyline desc form label select option output mark wbr'.split(
    ' ',
  ),
);

const tempDir = useTempDirs('html-report');

/** Characters that act on what a reader sees: C0 and C1 controls (but tab and line ends), bidi controls. */
const ACTIVE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function pageOf(path: string): { html: string; report: Report; source: string } {
  const source = readFileSync(join(projectRoot, path), 'utf8');
  const result = createCompiler().compile(source, { path });
  if (result.report === null) throw new Error(`${path} has no report`);
  return { html: renderHtml(result.report, { source }), report: result.report, source };
}

/**
 * What makes a page unsafe or incomplete, as a list of findings (empty when there are none). A
 * caller that reads the page further passes the document it parsed: parsing is most of the cost.
 */
function pageProblems(html: string, report: unknown, allowedScript?: string, document = new JSDOM(html).window.document): string[] {
  const problems: string[] = [];
  // Nowhere in the file, the embedded data included, a character that would act on its reader.
  if (ACTIVE.test(html)) problems.push('a control or bidi control in the file');
  for (const element of document.querySelectorAll('*')) {
    const name = element.localName;
    if (!PAGE_ELEMENTS.has(name)) problems.push(`an element <${name}> the page does not make`);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) problems.push(`an event handler ${attribute.name}`);
      if (/^(src|srcset|action|formaction|xlink:href|background|poster)$/i.test(attribute.name))
        problems.push(`a resource attribute ${attribute.name}`);
      if (attribute.name === 'href' && !attribute.value.startsWith('#')) problems.push(`a link out of the page: ${attribute.value}`);
      if (attribute.name === 'href' && document.getElementById(attribute.value.slice(1)) === null)
        problems.push(`a link to a place the page lacks: ${attribute.value}`);
    }
  }
  // What a reader sees holds no control and no bidi control: each is shown as a visible stand-in.
  const shown = [...document.querySelectorAll('body *:not(script)')].flatMap((element) =>
    [...element.childNodes].filter((node) => node.nodeType === node.TEXT_NODE).map((node) => node.textContent ?? ''),
  );
  if (shown.some((text) => ACTIVE.test(text))) problems.push('a control or bidi control in the text shown');
  const scripts = [...document.querySelectorAll('script')];
  const ownScripts = scripts.filter((script) => script.getAttribute('type') !== 'application/json');
  if (scripts[0]?.getAttribute('type') !== 'application/json' || ownScripts.some((script) => script.textContent !== allowedScript))
    problems.push("a script other than the inert data and the page's own");
  const data = scripts[0]?.textContent ?? '';
  if (!isDeepStrictEqual(JSON.parse(data), JSON.parse(JSON.stringify(report)))) problems.push('the embedded data is not the report');
  return problems;
}

/**
 * The source view shows every line of the source, numbered from 1 in its gutter, each flagged line
 * where its number says, and nothing else but the flagged lines' notes.
 */
function expectSourceShown(document: Document, source: string): void {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/(\r\n|\r|\n)$/, '')
    .split(/\r\n|\r|\n/);
  expect(document.querySelector('.source .gutter')?.textContent).toBe(lines.map((_line, index) => String(index + 1)).join('\n'));
  const code = document.querySelector('.source .code code') as Element;
  const shown = (node: Node): string => {
    const copy = node.cloneNode(true) as Element;
    if (copy.nodeType === copy.ELEMENT_NODE) for (const note of copy.querySelectorAll('a.note')) note.remove();
    return copy.textContent ?? '';
  };
  expect(shown(code)).toBe(lines.join('\n'));
  let before = '';
  for (const node of code.childNodes) {
    if (node.nodeType === node.ELEMENT_NODE) expect((node as Element).id).toBe(`L${before.split('\n').length}`);
    before += shown(node);
  }
}

describe('the page of one spec', () => {
  it('holds everything it shows, allows only its own style, and links only inside itself', () => {
    const { html, report } = pageOf('fixtures/valid/payments-refund-retry.json');
    const { document } = new JSDOM(html).window;
    expect(pageProblems(html, report, undefined, document)).toEqual([]);
    const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    const style = document.querySelector('style')?.textContent ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(csp).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect([...document.querySelectorAll('main > section > h2')].map((heading) => heading.textContent)).toEqual([
      'Gate',
      'Problems (0 errors, 0 warnings)',
      'Timeline',
      'Budget',
      'Surface map',
      'Hypotheses',
      'Deep dives and findings',
      'Replans',
      'Stop',
      'Deliverable',
      'Risks and coverage left out',
      'Source',
    ]);
    expect(document.querySelector('.verdict')?.textContent).toBe('Verdict: pass');
    expect(document.title).toBe(`pass: ${(report.summary.goal as string).slice(0, 119)}…`);
  });

  it('draws the timeline in the order the method runs, and the budget spent dive by dive', () => {
    const { html, report } = pageOf('fixtures/valid/payments-refund-retry.json');
    const { document } = new JSDOM(html).window;
    const svg = document.querySelector('#timeline svg');
    expect(svg?.getAttribute('role')).toBe('img');
    const labelled = (svg?.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(labelled[0]).toBe('Timeline of the investigation');
    const lanes = [...(svg?.querySelectorAll('text.lane') ?? [])].map((lane) => lane.textContent);
    expect(lanes).toEqual(['Map', 'Hypothesis', 'Deep dive', 'Replan', 'Deep dive', 'Stop']);
    const dives = report.investigation['deepDives'] as unknown[];
    // One point a deep dive, and the start.
    expect(document.querySelectorAll('#budget circle.point')).toHaveLength(dives.length + 1);
    expect(document.querySelector('#budget desc')?.textContent).toBe('Spent 4 of 6 reads over 4 deep dives; the document records 4 used.');
  });

  it('draws the cycles of a discovery trace first, each with its phases, then its stop', () => {
    const { html, report } = pageOf('fixtures/valid/discovery-churn-count-gap.yaml');
    const { document } = new JSDOM(html).window;
    const rows = [...document.querySelectorAll('#timeline svg > g')];
    const cycles = (report.investigation['discovery'] as { cycles: unknown[] }).cycles;
    expect(rows[0]?.querySelector('text.lane')?.textContent).toBe('Discovery');
    const titles = rows.slice(0, cycles.length + 1).map((row) => row.querySelector('title')?.textContent ?? '');
    expect(
      titles.slice(0, cycles.length).every((title, index) => title.startsWith(`cycle ${index + 1} · `) && title.includes('forage')),
    ).toBe(true);
    expect(titles[cycles.length]).toMatch(/^discovery stops: /);
    expect(rows[cycles.length + 1]?.querySelector('text.lane')?.textContent).toBe('Map');
  });

  it('marks the reads of the trace of the agent that the record does not name', async () => {
    const folder = tempDir();
    const spec = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
    // The record without its second deep dive: the trace still read src/reports/monthly.ts.
    const cut = spec.replace(/\n {2}- id: D2\n(?: {4}.*\n)+/, '\n');
    expect(cut).not.toContain('id: D2');
    writeFileSync(join(folder, 'spec.yaml'), cut);
    const trace = join(projectRoot, 'fixtures/traces/transcript-small.jsonl');
    const run = await runBuilt(['spec.yaml', '--trace', trace, '--format', 'html'], { cwd: folder });
    expect(run.status).toBe(1);
    const { document } = new JSDOM(run.stdout).window;
    const rows = [...document.querySelectorAll('#timeline svg > g')];
    const traced = rows.filter((row) => row.querySelector('circle.unmatched') !== null);
    expect(traced.map((row) => row.querySelector('title')?.textContent)).toEqual([
      'read in the trace (line 12), with no deep dive in the record: src/reports/monthly.ts',
    ]);
    expect(traced[0]?.querySelector('text.lane')?.textContent).toBe('Trace');
    expect(document.querySelector('dl.facts')?.textContent).toContain('1 of 2 reads in the record');
    // The trace's own section: its calls by tool, most first, and the reads the record names and leaves out.
    const tools = [...document.querySelectorAll('#trace tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(tools).toEqual([
      ['Read', '3'],
      ['Bash', '2'],
      ['Glob', '1'],
      ['Grep', '1'],
    ]);
    expect(document.querySelector('#trace dl.facts')?.textContent).toContain('7: 1 failed, 1 in subagents');
    expect([...document.querySelectorAll('#trace p')].map((line) => line.textContent)).toContain(
      "1 of the trace's 2 successful reads has a deep dive in the record, one dive a read.",
    );
    expect([...document.querySelectorAll('#trace li')].map((item) => item.textContent)).toEqual(['src/reports/monthly.ts (trace line 12)']);
  });

  it('rings each entry of the record that has a problem, naming its rules first: a dive the trace does not bear out', async () => {
    const folder = tempDir();
    const spec = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
    writeFileSync(join(folder, 'spec.yaml'), spec.replace('node: src/reports/monthly.ts', 'node: src/reports/nowhere.ts'));
    const trace = join(projectRoot, 'fixtures/traces/transcript-small.jsonl');
    const run = await runBuilt(['spec.yaml', '--trace', trace, '--format', 'html'], { cwd: folder });
    expect(run.status).toBe(1);
    const { document } = new JSDOM(run.stdout).window;
    const ringed = [...document.querySelectorAll('#timeline svg > g')].filter((row) => row.querySelector('circle.problem') !== null);
    expect(ringed.map((row) => row.querySelector('title')?.textContent?.split(' · ').slice(0, 2))).toEqual([
      ['✗ dive-grounded, trace-dive-observed', 'D2 → H2'],
    ]);
    expect(ringed[0]?.querySelector('text.label')?.textContent).toMatch(/^✗ dive-grounded, trace-dive-observed · D2/);
  });

  it('draws at most 60 rows a lane of a large spec, counting the rest, and numbers every line of its source', () => {
    const source = generateScaledSpec(1000);
    const report = createCompiler().compile(source, { path: 'large.json' }).report as Report;
    const { document } = new JSDOM(renderHtml(report, { source })).window;
    const rows = [...document.querySelectorAll('#timeline svg > g')];
    const lanes = new Map<string, number>();
    let lane = '';
    for (const row of rows) {
      lane = row.querySelector('text.lane')?.textContent ?? lane;
      lanes.set(lane, (lanes.get(lane) ?? 0) + 1);
    }
    expect(lanes.get('Deep dive')).toBe(61);
    expect(rows.some((row) => row.querySelector('title')?.textContent === '… and 940 more (the tables list them all)')).toBe(true);
    // Every dive is in the table; every line of the source is there, numbered.
    expect(document.querySelectorAll('#findings tbody tr')).toHaveLength(1000);
    expectSourceShown(document, source);
    // The burn-down of so many dives is its line and eight or so names, not a point and a name a dive.
    expect(document.querySelectorAll('#budget circle.point')).toHaveLength(0);
    expect(document.querySelector('#budget polyline')?.getAttribute('points')?.split(' ')).toHaveLength(1001);
    expect(document.querySelectorAll('#budget text.tick').length).toBeLessThanOrEqual(2 + 9);
  });

  it('links each failed criterion to its problems, each problem to its line, and each flagged line back', () => {
    const path = 'fixtures/invalid/finding-provenance-unknown-tag.yaml';
    const { html, report, source } = pageOf(path);
    const { document } = new JSDOM(html).window;
    expect(pageProblems(html, report, undefined, document)).toEqual([]);
    const failed = [...document.querySelectorAll('ul.checklist li.fail')];
    expect(failed.length).toBeGreaterThan(0);
    for (const criterion of failed) {
      const links = [...criterion.querySelectorAll('a')];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(document.getElementById((link.getAttribute('href') as string).slice(1))?.localName).toBe('tr');
    }
    const problem = report.diagnostics[0];
    const row = document.getElementById('problem-1');
    expect(row?.querySelector(`a[href="#L${problem?.line}"]`)).not.toBeNull();
    const line = document.getElementById(`L${problem?.line}`);
    expect(line?.classList.contains('flagged')).toBe(true);
    expect(line?.querySelector('a.note')?.getAttribute('href')).toBe('#problem-1');
    // The value the problem's pointer names is marked on its line, and only it.
    const value = (problem?.path ?? '')
      .split('/')
      .reduce<unknown>((node, token) => (token === '' ? node : (node as Record<string, unknown>)[token]), report.investigation);
    expect(line?.querySelector('mark')?.textContent?.replace(/^["']|["']$/g, '')).toBe(value);
    expectSourceShown(document, source);
  });

  it('shows a katas report with its own timeline, its three budget dimensions and its record as tables', () => {
    const { html, report } = pageOf('fixtures/katas/invalid/katas-cheap-mapping-read-as-scan.json');
    const { document } = new JSDOM(html).window;
    expect(pageProblems(html, report, undefined, document)).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Investigation report (katas-report-v1)');
    expect([...document.querySelectorAll('main > section > h2')].map((heading) => heading.textContent)).toEqual([
      'Gate',
      'Problems (1 error, 0 warnings)',
      'Timeline',
      'Budget',
      'Topology: cheap mapping',
      'Prioritized plan',
      'Findings',
      'Replans',
      'Evidence',
      'Scratchpad',
      'Validation',
      'Risks',
      'Source',
    ]);
    // Three mappings and the candidates, four plan entries, the invalidating finding and its replan, two more findings, the end.
    const lanes = [...document.querySelectorAll('#timeline text.lane')].map((lane) => lane.textContent);
    expect(lanes).toEqual(['Map', 'Plan', 'Finding', 'Replan', 'Finding', 'Stop']);
    expect(document.querySelectorAll('#timeline g')).toHaveLength(4 + 4 + 3 + 1 + 1);
    const findings = [...document.querySelectorAll('#timeline g > title')]
      .map((title) => title.textContent ?? '')
      .filter((text) => /\d\/8 files/.test(text));
    expect(findings.map((text) => /(\d)\/8 files/.exec(text)?.[1])).toEqual(['1', '2', '3']);
    expect(document.querySelector('#timeline circle.invalidates')).not.toBeNull();
    // The one problem, at /topology/cheap_mapping/1/tool, rings the second mapping.
    const ringed = [...document.querySelectorAll('#timeline svg > g')].filter((row) => row.querySelector('circle.problem') !== null);
    expect(ringed.map((row) => row.querySelector('title')?.textContent?.split(' · ').slice(0, 2))).toEqual([
      ['✗ katas-cheap-mapping', 'Read onePageCheckout|one_page_checkout → 5 results'],
    ]);
    const dimensions = [...document.querySelectorAll('#budget tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(dimensions).toEqual([
      ['files', '8', '3', '5'],
      ['queries', '10', '4', '6'],
      ['minutes', '40', '25', '15'],
    ]);
    expect(document.querySelectorAll('#budget circle.point')).toHaveLength(4);
    expect(document.querySelector('#budget desc')?.textContent).toBe('Spent 3 of 8 files over 3 findings; the document records 3 used.');
    expect(document.querySelectorAll('#findings tbody tr')).toHaveLength(3);
    expect(document.querySelectorAll('#plan tbody tr')).toHaveLength(4);
  });
});

describe('the corpus page (stats --format html)', () => {
  const inputs = ['fixtures/valid', 'fixtures/invalid', 'fixtures/stats-runs'];
  let run: { status: number; stdout: string };
  let stats: any;
  beforeAll(async () => {
    run = await runBuilt(['stats', ...inputs, '--format', 'html'], { cwd: projectRoot });
    stats = JSON.parse((await runBuilt(['stats', ...inputs, '--format', 'json'], { cwd: projectRoot })).stdout);
  });

  it('holds every spec, each row linked to its own section, with the statistics as data', () => {
    expect(run.status).toBe(0);
    const { document } = new JSDOM(run.stdout).window;
    expect(pageProblems(run.stdout, stats, FILTER_SCRIPT, document)).toEqual([]);
    const rows = [...document.querySelectorAll('#specs tbody tr')];
    expect(rows).toHaveLength(stats.files);
    for (const row of rows) {
      const target = document.getElementById((row.querySelector('a')?.getAttribute('href') ?? '').slice(1));
      expect(target?.localName).toBe('section');
      expect(target?.querySelector('h3')?.textContent).toBe(row.querySelector('a')?.textContent);
    }
    const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(FILTER_SCRIPT, 'utf8').digest('base64')}'`);
    // The counts drawn as bars beside their tables: one a stop reason, the longest for the most.
    const bars = [...document.querySelectorAll('#stop-reasons svg g')];
    expect(bars.map((bar) => bar.querySelector('text')?.textContent)).toEqual(
      stats.stopReasons.map((reason: { reason: string | null }) => reason.reason ?? '(none)'),
    );
    const widths = bars.map((bar) => Number(bar.querySelector('rect')?.getAttribute('width')));
    expect(widths[0]).toBe(Math.max(...widths));
    expect(document.querySelectorAll('#budget-use svg rect')).toHaveLength(stats.budgetUse.buckets.length);
    // Pass rates against a full bar of 100%, whatever the best task's rate.
    const rates = [...document.querySelectorAll('#tasks svg g')].map((bar) => ({
      width: Number(bar.querySelector('rect')?.getAttribute('width')),
      said: bar.querySelectorAll('text')[1]?.textContent,
    }));
    type Task = { passRate: number; passes: number; runs: number };
    expect(rates.map((rate) => rate.said)).toEqual(
      stats.tasks.map((task: Task) => `${Math.round(task.passRate * 100)}% (${task.passes} of ${task.runs})`),
    );
    const full = Math.max(...rates.map((rate) => rate.width)) / Math.max(...stats.tasks.map((task: Task) => task.passRate));
    expect(stats.tasks.some((task: Task) => task.passRate < 1)).toBe(true);
    for (const [index, rate] of rates.entries()) expect(rate.width).toBeCloseTo(full * stats.tasks[index].passRate, -1);
    // Without the script the filters stay hidden and every spec is shown.
    expect(document.getElementById('filters')?.hasAttribute('hidden')).toBe(true);
    expect(document.querySelectorAll('[data-verdict][hidden]')).toHaveLength(0);
  });

  it('filters by verdict, rule and task when its script runs', () => {
    const { window } = new JSDOM(run.stdout, { runScripts: 'dangerously' });
    const { document } = window;
    const form = document.getElementById('filters') as HTMLFormElement;
    expect(form.hidden).toBe(false);
    const choose = (name: string, value: string): void => {
      const select = form.querySelector(`select[name="${name}"]`) as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new window.Event('change'));
    };
    const shown = (): Element[] => [...document.querySelectorAll('#specs tbody tr:not([hidden])')];
    choose('verdict', 'pass');
    expect(shown()).toHaveLength(stats.verdicts.pass);
    expect(document.getElementById('filter-count')?.textContent).toBe(`${stats.verdicts.pass} of ${stats.files} specs shown`);
    choose('verdict', '');
    choose('rules', 'dive-selective');
    const withRule = stats.rules.find((rule: { ruleId: string }) => rule.ruleId === 'dive-selective').files;
    expect(shown()).toHaveLength(withRule);
    // A spec's section is hidden with its row.
    expect(document.querySelectorAll('#each-spec section[data-verdict]:not([hidden])')).toHaveLength(withRule);
    choose('rules', '');
    const task = stats.tasks.find((entry: { runs: number }) => entry.runs > 1);
    choose('task', task.task);
    expect(shown()).toHaveLength(task.runs);
    window.close();
  });
});

describe('the comparison page (compare --format html)', () => {
  const sides = ['fixtures/compare/base', 'fixtures/compare/head'];
  let run: { status: number; stdout: string };
  let comparison: any;
  beforeAll(async () => {
    run = await runBuilt(['compare', ...sides, '--format', 'html'], { cwd: projectRoot });
    comparison = JSON.parse((await runBuilt(['compare', ...sides, '--format', 'json'], { cwd: projectRoot })).stdout);
  });

  it('lists the regressions first, links each changed file to its new and fixed problems, and filters by change and rule', () => {
    expect(run.status).toBe(0);
    expect(pageProblems(run.stdout, comparison, FILTER_SCRIPT)).toEqual([]);
    const { window } = new JSDOM(run.stdout, { runScripts: 'dangerously' });
    const { document } = window;
    const worse = comparison.files.filter((file: { worse: boolean }) => file.worse).map((file: { key: string }) => file.key);
    expect(worse.length).toBeGreaterThan(0);
    const keys = [...document.querySelectorAll('#files tbody tr td:first-child')].map((cell) => cell.textContent);
    expect(keys.slice(0, worse.length)).toEqual(worse);
    expect(keys).toHaveLength(comparison.files.length);
    const problems = [...document.querySelectorAll('#problems section tbody tr')];
    expect(problems).toHaveLength(comparison.summary.newProblems + comparison.summary.fixedProblems);
    const choose = (name: string, value: string): void => {
      const select = document.querySelector(`#filters select[name="${name}"]`) as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new window.Event('change'));
    };
    choose('change', 'worse');
    expect([...document.querySelectorAll('#files tbody tr:not([hidden])')].map((row) => row.querySelector('td')?.textContent)).toEqual(
      worse,
    );
    choose('change', '');
    choose('rules', 'dive-selective');
    const withRule = comparison.files.filter((file: { rules: Array<{ ruleId: string }> }) =>
      file.rules.some((rule) => rule.ruleId === 'dive-selective'),
    );
    expect(document.querySelectorAll('#files tbody tr:not([hidden])')).toHaveLength(withRule.length);
    window.close();
  });
});

describe('hostile names and tasks on the corpus and comparison pages', () => {
  it('keeps file names, tasks and goals as text, and the filters matching them', async () => {
    const [base, head] = [tempDir(), tempDir()];
    const spec = JSON.parse(readFileSync(join(projectRoot, 'fixtures/valid/payments-refund-retry.json'), 'utf8'));
    const names = ['"><img src=x onerror=alert(1)>', '<script>alert(2)<script>', "a'b&c \u202e", 'x=1 y=2'];
    names.forEach((name, index) => {
      const hostile = { ...spec, goal: `${HOSTILE[index % HOSTILE.length]} ${name}`, 'x-task': name };
      writeFileSync(join(base, `${name}.json`), JSON.stringify(hostile));
      writeFileSync(join(head, `${name}.json`), JSON.stringify({ ...hostile, deepDives: hostile.deepDives.slice(1) }));
    });
    const stats = await runBuilt(['stats', head, '--format', 'html'], { cwd: projectRoot });
    const statsData = JSON.parse((await runBuilt(['stats', head, '--format', 'json'], { cwd: projectRoot })).stdout);
    expect(pageProblems(stats.stdout, statsData, FILTER_SCRIPT)).toEqual([]);
    const compared = await runBuilt(['compare', base, head, '--format', 'html'], { cwd: projectRoot });
    const comparedData = JSON.parse((await runBuilt(['compare', base, head, '--format', 'json'], { cwd: projectRoot })).stdout);
    expect(pageProblems(compared.stdout, comparedData, FILTER_SCRIPT)).toEqual([]);
    // Each hostile task is one choice of the task filter, and choosing it shows its one spec.
    const { window } = new JSDOM(stats.stdout, { runScripts: 'dangerously' });
    const select = window.document.querySelector('#filters select[name="task"]') as HTMLSelectElement;
    expect(select.options).toHaveLength(names.length + 1);
    for (const option of [...select.options].slice(1)) {
      select.value = option.value;
      select.dispatchEvent(new window.Event('change'));
      expect(window.document.querySelectorAll('#specs tbody tr:not([hidden])')).toHaveLength(1);
    }
    window.close();
  });
});

describe('the same input, the same bytes', () => {
  it('in any time zone and locale, from the command line', () => {
    const args = ['fixtures/valid/payments-refund-retry.json', '--format', 'html'];
    const first = runHermetic(args, { cwd: projectRoot, env: { TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' } });
    const second = runHermetic(args, { cwd: projectRoot, env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } });
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout).toBe(pageOf('fixtures/valid/payments-refund-retry.json').html);
  });
});

describe('--output-dir', () => {
  it('writes one page a spec, each with its source, the same in worker threads as in one', async () => {
    const [one, two] = [tempDir(), tempDir()];
    const inOne = await runBuilt(['fixtures/valid', '--format', 'html', '--output-dir', one, '--workers', '1'], { cwd: projectRoot });
    const inTwo = await runBuilt(['fixtures/valid', '--format', 'html', '--output-dir', two, '--workers', '2'], { cwd: projectRoot });
    expect([inOne.status, inTwo.status]).toEqual([0, 0]);
    const pages = readdirSync(one).sort();
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.every((name) => name.endsWith('.report.html'))).toBe(true);
    expect(readdirSync(two).sort()).toEqual(pages);
    for (const name of pages) {
      const html = readFileSync(join(one, name), 'utf8');
      expect(html).toBe(readFileSync(join(two, name), 'utf8'));
      expect(new JSDOM(html).window.document.querySelector('.source .gutter')?.textContent?.split('\n').length).toBeGreaterThan(10);
    }
  });
});

/** The fuzz generators' text classes, the hostile corpus's texts and labels, and labels run together. */
const hostileText = fc.oneof(
  textArbitrary,
  fc.constantFrom(...HOSTILE_TEXTS.map(({ text }) => text), ...HOSTILE),
  fc.array(fc.constantFrom(...HOSTILE), { minLength: 2, maxLength: 4 }).map((pieces) => pieces.join('')),
);

describe('hostile text', () => {
  it('whatever a spec holds, none of it becomes markup, a link, a script or a control on the page', () => {
    fc.assert(
      fc.property(validSpecArbitrary, hostileText, hostileText, hostileText, (spec, goal, finding, node) => {
        const dives = spec['deepDives'] as Array<Record<string, unknown>>;
        const edited = { ...spec, goal, deepDives: dives.map((dive, index) => (index === 0 ? { ...dive, finding, node } : dive)) };
        const source = toYaml(edited);
        const result = createCompiler().compile(source, { path: 'hostile.yaml' });
        if (result.report === null) return;
        expect(pageProblems(renderHtml(result.report, { source }), result.report)).toEqual([]);
      }),
      { seed: DEFAULT_SEED, numRuns: 150 },
    );
  });

  it("whatever the agent's trace holds (versions, tool names, paths, its own name), none of it becomes markup on the page", () => {
    const spec = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
    const transcript = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.jsonl'), 'utf8');
    const texts = [...HOSTILE_TEXTS.map(({ text }) => text), ...HOSTILE];
    let traced = 0;
    for (const text of texts) {
      const inJson = JSON.stringify(text).slice(1, -1);
      const hostile = transcript
        .replaceAll('"version":"2.1.60"', `"version":"${inJson}"`)
        .replaceAll('"name":"Bash"', `"name":"Bash${inJson}"`)
        .replaceAll('ath":"/work/ledger/src/totals.ts"', `ath":"/work/ledger/src/${inJson}.ts"`);
      const trace = traceEvidence(readTrace([Buffer.from(hostile, 'utf8')]), `trace-${text}.jsonl`);
      const result = createCompiler().compile(spec, { path: 'spec.yaml', trace });
      if (result.report?.trace === undefined) continue;
      traced++;
      const html = renderHtml(result.report, { source: spec });
      const { document } = new JSDOM(html).window;
      expect(pageProblems(html, result.report, undefined, document)).toEqual([]);
      // The hostile read is one the record leaves out, named in the trace's section.
      expect(result.report.trace.reads.unmatched).toHaveLength(1);
      expect(document.querySelectorAll('#trace tbody tr').length).toBeGreaterThan(1);
    }
    expect(traced).toBe(texts.length);
  });

  it('whatever a katas report holds, none of it becomes markup, a link, a script or a control on the page', () => {
    const base = JSON.parse(readFileSync(join(projectRoot, 'fixtures/katas/valid/mobile-checkout-flag.json'), 'utf8'));
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, hostileText, (objective, summary, target, risk) => {
        const edited = structuredClone(base);
        edited.objective = objective;
        edited.findings[0].summary = summary;
        edited.findings[1].target = target;
        edited.prioritized_plan[0].target = target;
        edited.replans[0].new_plan_order.push(target);
        edited.topology.cheap_mapping[0].pattern = summary;
        edited.topology.candidates.push(risk);
        edited.budget.pending_questions = [risk];
        edited.risks.remaining = [risk, summary];
        edited.evidence[0].claim = objective;
        const source = JSON.stringify(edited, null, 2);
        const result = createCompiler().compile(source, { path: 'hostile.json' });
        if (result.report === null) return;
        expect(pageProblems(renderHtml(result.report, { source }), result.report)).toEqual([]);
      }),
      { seed: DEFAULT_SEED, numRuns: 100 },
    );
  });
});
