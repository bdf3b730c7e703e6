/**
 * The pages of `--format html` in a real browser: Debian's Chromium, headless, driven by
 * playwright-core with the system browser (it cannot download its own here). Each page opens from
 * file:// with nothing requested beyond itself, no console error (a Content-Security-Policy
 * violation is one), no script run from the spec's text, zero axe-core violations, and the keyboard
 * reaching the report. With HTML_SCREENSHOTS=DIR the pages are also saved as screenshots. Skips,
 * saying so, where Chromium is not installed; test/html-report.test.ts checks the same pages under
 * jsdom.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import type { Report } from '../src/report/types.js';
import { type TraceEvidence, traceEvidence } from '../src/trace/evidence.js';
import { readTrace } from '../src/trace/read-trace.js';
import { projectRoot, runHermetic } from './support/cli.js';
import { HOSTILE } from './support/hostile-labels.js';
import { DEFAULT_SEED, textArbitrary, validSpecArbitrary } from './support/properties.js';
import { useTempDirs } from './support/temp.js';
import { HOSTILE_TEXTS } from './support/untrusted-output.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

const CHROMIUM = [process.env['CHROMIUM_PATH'], '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);
if (CHROMIUM === undefined)
  console.warn(
    'SKIPPED: the browser tests of the HTML report need Chromium (Debian package chromium), which is not installed; they did not run.',
  );

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tempDir = useTempDirs('html-browser');

/**
 * A spec whose every text field the timeline and the tables show holds text that would be markup
 * or script, and whose findings and risks hold the whole hostile corpus of test/hostile and the
 * hostile labels.
 */
function hostileSpec(): string {
  const spec = JSON.parse(readFileSync(join(projectRoot, 'fixtures/valid/payments-refund-retry.json'), 'utf8'));
  const attack = HOSTILE.filter((text) => /[<>"'&]/.test(text)).join(' ');
  const scripted = `${attack} </script><script>window.__ran = 1</script> <svg onload="window.__ran = 2">`;
  spec.goal = `Where is it? ${scripted}`;
  spec.deepDives[0].finding = scripted;
  spec.deepDives[1].node = `<img src="https://example.invalid/x.png" onerror="window.__ran = 3">`;
  spec.hypotheses[0].claim = `${scripted}\u202eevil\u202c`;
  const corpus = [...HOSTILE_TEXTS.map(({ text }) => text), ...HOSTILE];
  spec.deepDives[2].finding = corpus.join(' ');
  spec.risks = [scripted, ...corpus];
  return JSON.stringify(spec, null, 2);
}

/** The small transcript's spec with its second dive moved to a node the trace never read: a ringed dive, and a read left out. */
function tracedSpec(): { path: string; text: string; trace: TraceEvidence } {
  const spec = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
  const bytes = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.jsonl'));
  return {
    path: 'fixtures/traces/transcript-small.spec.yaml',
    text: spec.replace('node: src/reports/monthly.ts', 'node: src/reports/nowhere.ts'),
    trace: traceEvidence(readTrace([bytes]), 'transcript-small.jsonl'),
  };
}

/**
 * A spec past the source view's bound: 30,000 risks, one a line, of which four are numbers, each a
 * schema error on its line, far apart; the view shows them with their context, the rest noted.
 */
function largeSpec(): string {
  const spec = JSON.parse(readFileSync(join(projectRoot, 'fixtures/valid/payments-refund-retry.json'), 'utf8'));
  spec.risks = Array.from({ length: 30_000 }, (_, index) => (index % 7_000 === 4_000 ? index : `risk ${index}`));
  return JSON.stringify(spec, null, 2);
}

const PAGES: Array<{ name: string; path?: string; text?: string; trace?: TraceEvidence }> = [
  { name: 'valid', path: 'fixtures/valid/payments-refund-retry.json' },
  { name: 'invalid', path: 'fixtures/invalid/finding-provenance-unknown-tag.yaml' },
  { name: 'katas', path: 'fixtures/katas/invalid/katas-cheap-mapping-read-as-scan.json' },
  { name: 'hostile', text: hostileSpec() },
  { name: 'traced', ...tracedSpec() },
  { name: 'large', text: largeSpec() },
];

/** A page opened from disk, with every request, console error and warning, and uncaught error it made. */
async function opened(browser: Browser, url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });
  return { page, requests, errors };
}

/** axe-core's violations on the page (WCAG 2.1 A and AA, best practice), each as "id (nodes)"; evaluated through the browser's protocol, as the page's own policy allows no script. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  return results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** How much of a page a screenshot shows: its first 1,600 pixels, the part a reviewer reads at a glance. */
const SHOT = { width: 1280, height: 1600 };

/** The page as a screenshot in HTML_SCREENSHOTS, when it names a folder: its top, or the window where it was scrolled to. */
async function screenshot(page: Page, name: string, from: 'top' | 'window' = 'top'): Promise<void> {
  const shots = process.env['HTML_SCREENSHOTS'];
  if (shots === undefined || shots === '') return;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize(from === 'top' ? SHOT : { width: SHOT.width, height: 720 });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
}

/** A filtered page (corpus or comparison): shown filters, then every row again with JavaScript off. */
async function checkFiltered(browser: Browser, file: string, select: string, value: string, noun: string): Promise<void> {
  const url = pathToFileURL(file).href;
  const { page, requests, errors } = await opened(browser, url);
  expect(requests).toEqual([url]);
  expect(errors).toEqual([]);
  // The script ran (its hash is in the policy): the filters are shown.
  expect(await page.locator('#filters').isVisible()).toBe(true);
  const rows = await page.locator('tbody tr[data-filtered]').count();
  await page.selectOption(select, value);
  const shown = await page.locator('tbody tr[data-filtered]:visible').count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(rows);
  expect(await page.locator('#filter-count').textContent()).toBe(`${shown} of ${rows} ${noun} shown`);
  await page.selectOption(select, '');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, noun === 'specs' ? 'corpus' : 'comparison');
  // With scripts off, the page is whole: every row shown, the filters hidden.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const still = await context.newPage();
  await still.goto(url);
  expect(await still.locator('tbody tr[data-filtered]:visible').count()).toBe(rows);
  expect(await still.locator('#filters').isVisible()).toBe(false);
  await context.close();
  await page.close();
}

describe.skipIf(CHROMIUM === undefined)('the HTML report in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser;
  const files = new Map<string, string>();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM as string, args: ['--no-sandbox'] });
    const folder = tempDir();
    for (const { name, path, text, trace } of PAGES) {
      const source = text ?? readFileSync(join(projectRoot, path as string), 'utf8');
      const report = createCompiler().compile(source, { path: path ?? `${name}.json`, ...(trace === undefined ? {} : { trace }) }).report;
      if (report === null) throw new Error(`${name} has no report`);
      const file = join(folder, `${name}.html`);
      writeFileSync(file, renderHtml(report, { source }));
      files.set(name, file);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES.map(({ name }) => name))(
    'opens %s from disk with no request, no console error, no script run and no axe violation',
    async (name) => {
      const url = pathToFileURL(files.get(name) as string).href;
      const { page, requests, errors } = await opened(browser, url);
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
      expect(await page.locator('script').count()).toBe(1);
      // The style was allowed by its hash: the verdict is drawn in its colour, not the default.
      expect(await page.locator('.verdict').evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, name);
      // The keyboard reaches the report first through the skip link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main');
      await page.close();
    },
  );

  it('lays out each id on one line and breaks a path only after a slash, in a wide window and a narrow one', async () => {
    const spec = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8')
      .replace('node: src/reports/monthly.ts', 'node: todo-app/some-long-folder-name/package.json')
      .replace('query: ls -la src/reports', 'query: ls -la /path/to/todo-app/some-long-folder-name/deeper-still');
    const file = join(tempDir(), 'paths.html');
    writeFileSync(file, renderHtml(createCompiler().compile(spec, { path: 'paths.yaml' }).report as Report, { source: spec }));
    for (const width of [1200, 420]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const laidOut = await page.evaluate(() => {
        /** How many lines a range of text is laid out on: its boxes' distinct tops. */
        const lines = (range: Range): number => new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
        const faults: string[] = [];
        let ids = 0;
        let paths = 0;
        for (const code of document.querySelectorAll('code.id')) {
          ids++;
          const range = document.createRange();
          range.selectNodeContents(code);
          if (lines(range) !== 1) faults.push(`id ${code.textContent} on ${lines(range)} lines`);
        }
        for (const code of document.querySelectorAll('code.path:not(.long)')) {
          if ((code.textContent ?? '').includes('/')) paths++;
          // Every word between two breaks (a space, a <wbr>) on one line.
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const word of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, word.index ?? 0);
              range.setEnd(node, (word.index ?? 0) + word[0].length);
              if (lines(range) !== 1) faults.push(`${word[0]} of ${code.textContent} broken`);
            }
          }
        }
        return { faults, ids, paths };
      });
      expect(laidOut.faults).toEqual([]);
      expect(laidOut.ids).toBeGreaterThan(5);
      expect(laidOut.paths).toBeGreaterThan(5);
      if (width === 420) {
        // The narrow window did break the long path, after its slashes: the check above had breaks to judge.
        const node = page.locator('#findings tbody tr:nth-child(2) td:nth-child(4) code');
        expect((await node.evaluate((code) => code.getClientRects().length)) > 1).toBe(true);
      }
      await page.close();
    }
  });

  it('opens the corpus page with its script allowed, filters it, and finds no axe violation', async () => {
    const file = join(tempDir(), 'corpus.html');
    const run = runHermetic(['stats', 'fixtures/valid', 'fixtures/invalid', 'fixtures/stats-runs', '--format', 'html', '--output', file], {
      cwd: projectRoot,
    });
    expect(run.status).toBe(0);
    await checkFiltered(browser, file, '#filter-verdict', 'pass', 'specs');
  });

  it('opens the comparison page with its script allowed, filters it, and finds no axe violation', async () => {
    const file = join(tempDir(), 'comparison.html');
    const run = runHermetic(['compare', 'fixtures/compare/base', 'fixtures/compare/head', '--format', 'html', '--output', file], {
      cwd: projectRoot,
    });
    expect(run.status).toBe(0);
    await checkFiltered(browser, file, '#filter-change', 'worse', 'files');
  });

  it('opens pages of specs drawn by the fuzz generators, hostile text in every field they fill, with nothing run or fetched', async () => {
    const hostile = fc.oneof(textArbitrary, fc.constantFrom(...HOSTILE_TEXTS.map(({ text }) => text), ...HOSTILE));
    const drawn = fc.sample(fc.tuple(validSpecArbitrary, hostile, hostile, hostile), { seed: DEFAULT_SEED, numRuns: 12 });
    const folder = tempDir();
    for (const [index, [spec, goal, finding, claim]] of drawn.entries()) {
      const dives = spec['deepDives'] as Array<Record<string, unknown>>;
      const hypotheses = spec['hypotheses'] as Array<Record<string, unknown>>;
      const edited = {
        ...spec,
        goal: `${goal}<script>window.__ran = ${index}</script>`,
        deepDives: dives.map((dive, at) => (at === 0 ? { ...dive, finding } : dive)),
        hypotheses: hypotheses.map((hypothesis, at) => (at === 0 ? { ...hypothesis, claim } : hypothesis)),
      };
      const source = JSON.stringify(edited, null, 2);
      const report = createCompiler().compile(source, { path: `drawn-${index}.json` }).report;
      if (report === null) continue;
      const file = join(folder, `drawn-${index}.html`);
      writeFileSync(file, renderHtml(report, { source }));
      const url = pathToFileURL(file).href;
      const { page, requests, errors } = await opened(browser, url);
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
      expect(await page.locator('script').count()).toBe(1);
      expect(await page.locator('img, iframe, object, embed, link, base, form').count()).toBe(0);
      await page.close();
    }
  });

  it('follows a failed criterion to its problem, and the problem to its highlighted line', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(files.get('invalid') as string).href);
    await page.locator('ul.checklist li.fail a').first().click();
    expect(await page.evaluate(() => location.hash)).toBe('#problem-1');
    await page.locator('#problem-1 a[href^="#L"]').click();
    const line = await page.evaluate(() => location.hash);
    expect(line).toMatch(/^#L\d+$/);
    // The line the link points at is the one :target highlights.
    expect(await page.locator(`${line}`).evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    // And it stands level with its number in the gutter, which is a column of text of its own.
    const offset = await page.evaluate((id) => {
      const flagged = document.getElementById(id.slice(1)) as HTMLElement;
      const gutter = document.querySelector('.source .gutter') as HTMLElement;
      const style = getComputedStyle(gutter);
      const number = Number(id.slice(2));
      const expected =
        gutter.getBoundingClientRect().top + Number.parseFloat(style.paddingTop) + (number - 1) * Number.parseFloat(style.lineHeight);
      return Math.abs(flagged.getBoundingClientRect().top - expected);
    }, line);
    expect(offset).toBeLessThan(2);
    await page.evaluate((id) => document.getElementById(id.slice(1))?.scrollIntoView({ block: 'center' }), line);
    await screenshot(page, 'invalid-line', 'window');
    await page.close();
  });

  it('follows each problem of a spec past the bound to its line, level with its number, and back; each note of lines left out stands in the row of its mark', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(files.get('large') as string).href);
    expect(await page.locator('#source > p').textContent()).toMatch(/^The spec has [\d,]+ lines .* the input file holds it all\.$/);
    /** Where the nth element a selector finds stands against a row of the gutter: its top and its bottom, in pixels from the row's top and bottom. */
    const againstRow = (selector: string, nth: number, row: number) =>
      page.evaluate(
        ([selector, nth, row]) => {
          const element = (document.querySelectorAll(selector as string)[nth as number] as HTMLElement).getBoundingClientRect();
          const gutter = document.querySelector('.source .gutter') as HTMLElement;
          const style = getComputedStyle(gutter);
          const height = Number.parseFloat(style.lineHeight);
          const top = gutter.getBoundingClientRect().top + Number.parseFloat(style.paddingTop) + (row as number) * height;
          return { top: element.top - top, bottom: element.bottom - (top + height) };
        },
        [selector, nth, row],
      );
    const rows = ((await page.locator('.source .gutter').textContent()) ?? '').split('\n');
    const links = page.locator('#problems a[href^="#L"]');
    expect(await links.count()).toBe(4);
    for (let index = 0; index < 4; index++) {
      await links.nth(index).click();
      const line = await page.evaluate(() => location.hash);
      expect(await page.locator(line).evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
      expect(Math.abs((await againstRow(line, 0, rows.indexOf(line.slice(2)))).top)).toBeLessThan(2);
      await page.locator(`${line} a.note`).click();
      expect(await page.evaluate(() => location.hash)).toBe(`#problem-${index + 1}`);
    }
    const notes = page.locator('.source .elided');
    expect(await notes.count()).toBe(rows.filter((row) => row === '⋮').length);
    for (const [position, row] of rows.flatMap((mark, at) => (mark === '⋮' ? [at] : [])).entries()) {
      expect(await notes.nth(position).textContent()).toMatch(/^⋮ [\d,]+ lines? left out \([\d,]+ bytes\)$/);
      // An inline note's box is its text's, inside the row's line box: within the row, on no other.
      const { top, bottom } = await againstRow('.source .elided', position, row);
      expect(top).toBeGreaterThan(-1);
      expect(bottom).toBeLessThan(1);
    }
    await page.close();
  });
});
