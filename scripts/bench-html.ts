// What the HTML report costs beside the Markdown one: both renderers over the same reports, in this
// process (warm, medians), for a typical spec, for one of 1,000 deep dives and for the corpus page
// of 2,000 specs (`stats`); the size of each
// output; and, where Debian's Chromium is installed, the time from navigation to the first
// contentful paint of each page opened from disk (headless, through playwright-core).
//
//   npx tsx scripts/bench-html.ts             # 30 rounds a size
//   npx tsx scripts/bench-html.ts --rounds 5
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import { renderMarkdown } from '../src/dialects/markdown.js';
import type { Report } from '../src/report/types.js';
import { compileFile, type FileOutcome } from '../src/run/compile-file.js';
import { collectStats, renderStatsHtml, renderStatsMarkdown } from '../src/stats/index.js';
import { positiveWholeFlag } from './bench/args.js';
import { root } from './bench/context.js';
import { formatMiB, formatMs } from './bench/goals.js';
import { median } from './bench/measure.js';
import { generateScaledSpec, generateValidJsonCorpus } from './gen-corpus.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

const argv = process.argv.slice(2);
const ROUNDS = positiveWholeFlag(argv, '--rounds', 30, 'bench-html');
const FLAGS = { maxBytes: 1 << 24, failOn: 'error' as const, quiet: false };
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((path) => existsSync(path));

const inputs: Array<[string, string]> = [
  ['typical spec (payments-refund-retry.json)', readFileSync(join(root, 'fixtures/valid/payments-refund-retry.json'), 'utf8')],
  ['spec of 1,000 deep dives', generateScaledSpec(1000)],
];
const work = mkdtempSync(join(tmpdir(), 'bench-html-'));
const rows: string[] = [];
try {
  const browser = CHROMIUM === undefined ? null : await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  for (const [name, source] of inputs) {
    const report = createCompiler().compile(source, { path: 'spec.json' }).report as Report;
    const html = timed(() => renderHtml(report, { source }));
    const markdown = timed(() => renderMarkdown(report));
    const file = join(work, `${rows.length}.html`);
    writeFileSync(file, html.output);
    const paint = browser === null ? null : await firstPaint(browser, file);
    rows.push(
      `${name}: HTML ${formatMs(html.ms)}, ${size(html.output)}; Markdown ${formatMs(markdown.ms)}, ${size(markdown.output)}; ratio ${(html.ms / markdown.ms).toFixed(2)}x time, ${(Buffer.byteLength(html.output) / Buffer.byteLength(markdown.output)).toFixed(2)}x size; first contentful paint ${paint === null ? 'skipped: Chromium not installed' : formatMs(paint)}`,
    );
  }
  // The corpus page of 2,000 specs, beside the Markdown statistics of the same outcomes.
  let files: FileOutcome[] = [];
  const compiler = createCompiler();
  const corpus = generateValidJsonCorpus(2000, 20240601);
  const compiling = timed(() => {
    files = corpus.map(({ name, text }) =>
      compileFile(compiler, { open: '-', shown: name, reportPath: name, given: { text, format: 'json' } }, FLAGS, false),
    );
    return '';
  }, 3);
  const stats = collectStats(files);
  const page = timed(() => renderStatsHtml(stats, files));
  const markdown = timed(() => renderStatsMarkdown(stats));
  const file = join(work, 'corpus.html');
  writeFileSync(file, page.output);
  const paint = browser === null ? null : await firstPaint(browser, file);
  rows.push(
    `corpus page of 2,000 specs (stats; compiling them takes ${formatMs(compiling.ms)}): HTML ${formatMs(page.ms)}, ${size(page.output)}; Markdown ${formatMs(markdown.ms)}, ${size(markdown.output)}; ratio ${(page.ms / markdown.ms).toFixed(2)}x time, ${(Buffer.byteLength(page.output) / Buffer.byteLength(markdown.output)).toFixed(2)}x size; first contentful paint ${paint === null ? 'skipped: Chromium not installed' : formatMs(paint)}`,
  );
  await browser?.close();
  process.stdout.write(`bench-html: ${ROUNDS} rounds a size, medians\n${rows.join('\n')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The median time of `render` over `rounds` rounds after one to warm up, and what it made. */
function timed(render: () => string, rounds = ROUNDS): { ms: number; output: string } {
  let output = render();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    output = render();
    times.push(performance.now() - start);
  }
  return { ms: median(times), output };
}

/** A page's size in UTF-8: in KB below a MiB, where a tenth of a MiB would round a typical page to nothing. */
function size(text: string): string {
  const bytes = Buffer.byteLength(text);
  return bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(1)} KB` : formatMiB(bytes);
}

/** The median time from navigation to the first contentful paint of a page from disk, over five fresh pages. */
async function firstPaint(browser: import('playwright-core').Browser, file: string): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const found = performance.getEntriesByName('first-contentful-paint')[0];
          if (found !== undefined) return resolve(found.startTime);
          new PerformanceObserver((list) => resolve((list.getEntries()[0] as PerformanceEntry).startTime)).observe({
            type: 'paint',
            buffered: true,
          });
        }),
    );
    times.push(paint);
    await page.close();
  }
  return median(times);
}
