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
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { renderHtml } from '../src/render/html/index.js';
import { projectRoot, runHermetic } from './support/cli.js';
import { HOSTILE } from './support/hostile-labels.js';
import { useTempDirs } from './support/temp.js';

const CHROMIUM = [process.env['CHROMIUM_PATH'], '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);
if (CHROMIUM === undefined)
  console.warn(
    'SKIPPED: the browser tests of the HTML report need Chromium (Debian package chromium), which is not installed; they did not run.',
  );

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tempDir = useTempDirs('html-browser');

/** A spec whose every text field the timeline and the tables show holds text that would be markup or script. */
function hostileSpec(): string {
  const spec = JSON.parse(readFileSync(join(projectRoot, 'fixtures/valid/payments-refund-retry.json'), 'utf8'));
  const attack = HOSTILE.filter((text) => /[<>"'&]/.test(text)).join(' ');
  const scripted = `${attack} </script><script>window.__ran = 1</script> <svg onload="window.__ran = 2">`;
  spec.goal = `Where is it? ${scripted}`;
  spec.deepDives[0].finding = scripted;
  spec.deepDives[1].node = `<img src="https://example.invalid/x.png" onerror="window.__ran = 3">`;
  spec.hypotheses[0].claim = `${scripted}\u202eevil\u202c`;
  spec.risks = [scripted];
  return JSON.stringify(spec, null, 2);
}

const PAGES: Array<{ name: string; path?: string; text?: string }> = [
  { name: 'valid', path: 'fixtures/valid/payments-refund-retry.json' },
  { name: 'invalid', path: 'fixtures/invalid/finding-provenance-unknown-tag.yaml' },
  { name: 'katas', path: 'fixtures/katas/invalid/katas-cheap-mapping-read-as-scan.json' },
  { name: 'hostile', text: hostileSpec() },
];

describe.skipIf(CHROMIUM === undefined)('the HTML report in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser;
  const files = new Map<string, string>();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM as string, args: ['--no-sandbox'] });
    const folder = tempDir();
    for (const { name, path, text } of PAGES) {
      const source = text ?? readFileSync(join(projectRoot, path as string), 'utf8');
      const report = createCompiler().compile(source, { path: path ?? `${name}.json` }).report;
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
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const url = pathToFileURL(files.get(name) as string).href;
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url, { waitUntil: 'load' });
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
      expect(await page.locator('script').count()).toBe(1);
      // The style was allowed by its hash: the verdict is drawn in its colour, not the default.
      expect(await page.locator('.verdict').evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
      // axe-core, evaluated through the browser's protocol (the page's own policy allows no script).
      await page.evaluate(axeSource);
      const results = await page.evaluate(() =>
        (
          window as unknown as {
            axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
          }
        ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
      );
      expect(results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`)).toEqual([]);
      const shots = process.env['HTML_SCREENSHOTS'];
      if (shots !== undefined && shots !== '') {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
      }
      // The keyboard reaches the report first through the skip link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main');
      await page.close();
    },
  );

  it('opens the corpus page with its script allowed, filters it, and finds no axe violation', async () => {
    const file = join(tempDir(), 'corpus.html');
    const run = runHermetic(['stats', 'fixtures/valid', 'fixtures/invalid', 'fixtures/stats-runs', '--format', 'html', '--output', file], {
      cwd: projectRoot,
    });
    expect(run.status).toBe(0);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const url = pathToFileURL(file).href;
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'load' });
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    // The script ran (its hash is in the policy): the filters are shown.
    expect(await page.locator('#filters').isVisible()).toBe(true);
    const rows = await page.locator('#specs tbody tr').count();
    await page.selectOption('#filter-verdict', 'pass');
    const passing = await page.locator('#specs tbody tr:visible').count();
    expect(passing).toBeGreaterThan(0);
    expect(passing).toBeLessThan(rows);
    expect(await page.locator('#filter-count').textContent()).toBe(`${passing} of ${rows} specs shown`);
    await page.selectOption('#filter-verdict', '');
    await page.evaluate(axeSource);
    const results = await page.evaluate(() =>
      (
        window as unknown as {
          axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
        }
      ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
    );
    expect(results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`)).toEqual([]);
    const shots = process.env['HTML_SCREENSHOTS'];
    if (shots !== undefined && shots !== '') {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, 'corpus.png'), fullPage: false });
    }
    // With scripts off, the page is whole: every spec shown, the filters hidden.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(url);
    expect(await still.locator('#specs tbody tr:visible').count()).toBe(rows);
    expect(await still.locator('#filters').isVisible()).toBe(false);
    await context.close();
    await page.close();
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
    await page.close();
  });
});
