/**
 * The pages' serializer (src/render/html/serialize.ts) writes the same bytes as hast-util-to-html
 * with its default options, the library it stands in for: on every tree the pages build (each page
 * below is rendered through a serializer that also asks the library, and every pair is compared),
 * and on trees drawn at random from the elements, properties and hostile texts a page can hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h, s } from 'hastscript';
import { describe, expect, it, vi } from 'vitest';
import { generateScaledSpec } from '../scripts/gen-corpus.js';
import { renderCompareHtml } from '../src/compare/render-html.js';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import { serializeHtml } from '../src/render/html/serialize.js';
import { compileFile, type FileOutcome } from '../src/run/compile-file.js';
import { collectStats, renderStatsHtml } from '../src/stats/index.js';
import { projectRoot, runHermetic } from './support/cli.js';
import { HOSTILE } from './support/hostile-labels.js';
import { DEFAULT_SEED, textArbitrary } from './support/properties.js';
import { HOSTILE_TEXTS } from './support/untrusted-output.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

/** Every tree a page was serialized from in this file, with what each writer made of it. */
const written = vi.hoisted(() => [] as Array<{ ours: string; library: string }>);

vi.mock('../src/render/html/serialize.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/render/html/serialize.js')>();
  const library = await import('hast-util-to-html');
  return {
    serializeHtml: (tree: Root): string => {
      const ours = actual.serializeHtml(tree);
      written.push({ ours, library: library.toHtml(tree) });
      return ours;
    },
  };
});

/** Renders pages, and returns how many were serialized and which of them the two writers disagree on. */
function comparePages(render: () => void): { pages: number; different: number } {
  written.length = 0;
  render();
  return { pages: written.length, different: written.filter(({ ours, library }) => ours !== library).length };
}

function specPage(path: string): void {
  const source = readFileSync(join(projectRoot, path), 'utf8');
  const report = createCompiler().compile(source, { path }).report;
  if (report !== null) renderHtml(report, { source });
}

const FLAGS = { maxBytes: 1 << 24, failOn: 'error' as const, quiet: false };

describe('the pages, written by the serializer and by hast-util-to-html', () => {
  it('are the same bytes for every fixture page: specs, discovery traces, katas reports, valid and invalid', () => {
    const folders = ['fixtures/valid', 'fixtures/invalid', 'fixtures/katas/valid', 'fixtures/katas/invalid'];
    const paths = folders.flatMap((folder) =>
      readdirSync(join(projectRoot, folder))
        .filter((name) => /\.(json|ya?ml)$/.test(name) && !name.includes('.report.'))
        .map((name) => `${folder}/${name}`),
    );
    const { pages, different } = comparePages(() => {
      for (const path of paths) specPage(path);
    });
    expect(pages).toBeGreaterThan(100);
    expect(different).toBe(0);
  });

  it('are the same bytes for a spec of 1,000 deep dives, the corpus page and the comparison page', () => {
    const compiler = createCompiler();
    const { pages, different } = comparePages(() => {
      const source = generateScaledSpec(1000);
      renderHtml(compiler.compile(source, { path: 'large.json' }).report as NonNullable<ReturnType<typeof compiler.compile>['report']>, {
        source,
      });
      const folder = join(projectRoot, 'fixtures/stats-runs');
      const files: FileOutcome[] = readdirSync(folder).map((name) =>
        compileFile(compiler, { open: join(folder, name), shown: name, reportPath: name }, FLAGS, false),
      );
      renderStatsHtml(collectStats(files), files);
      const sides = ['fixtures/compare/base', 'fixtures/compare/head'];
      renderCompareHtml(JSON.parse(runHermetic(['compare', ...sides, '--format', 'json'], { cwd: projectRoot }).stdout));
    });
    expect(pages).toBe(3);
    expect(different).toBe(0);
  });
});

/** Text a page may hold: the fuzz generators' classes, the hostile corpus, and what the serializer escapes. */
const pageText = fc.oneof(
  textArbitrary,
  fc.constantFrom(...HOSTILE_TEXTS.map(({ text }) => text), ...HOSTILE, '', '<&>"\'`\0', '&amp;', '</script>', ']]>', '\u00a0'),
);

/** Properties of the kinds a page's elements carry, and some they never do, on both sides of the serializer's choices. */
const properties: fc.Arbitrary<Properties> = fc
  .record(
    {
      id: pageText,
      className: fc.array(pageText, { maxLength: 3 }),
      href: pageText,
      hidden: fc.oneof(fc.boolean(), fc.constant(''), fc.constant('hidden'), pageText),
      tabIndex: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constant(Number.NaN)),
      ariaLabel: pageText,
      ariaHidden: fc.constantFrom('true', 'false', true, false),
      dataVerdict: pageText,
      dataFiltered: fc.constant(''),
      download: fc.oneof(fc.boolean(), fc.constant(''), pageText),
      coords: fc.array(fc.integer(), { maxLength: 3 }),
      content: pageText,
      title: fc.option(pageText, { nil: null }),
    },
    { requiredKeys: [] },
  )
  .map((drawn) => drawn as Properties);

const svgProperties: fc.Arbitrary<Properties> = fc
  .record(
    {
      viewBox: fc.constant('0 0 10 10'),
      textAnchor: fc.constantFrom('middle', 'end'),
      strokeDashArray: fc.constant('6 4'),
      className: fc.array(pageText, { maxLength: 2 }),
      x: fc.oneof(fc.integer(), fc.double({ noNaN: false })),
      d: pageText,
    },
    { requiredKeys: [] },
  )
  .map((drawn) => drawn as Properties);

const HTML_TAGS = ['p', 'span', 'table', 'td', 'code', 'pre', 'a', 'br', 'meta', 'style', 'script', 'title', 'li', 'select', 'option'];
const SVG_TAGS = ['g', 'text', 'title', 'desc', 'line', 'rect', 'path', 'circle'];

const textNode = pageText.map((value): ElementContent => ({ type: 'text', value }));
const depth = { maxDepth: 4, depthIdentifier: 'page-tree' };

const { tree: htmlTree } = fc.letrec<{ tree: Element; svgTree: Element; child: ElementContent; svgChild: ElementContent }>((tie) => ({
  tree: fc
    .tuple(fc.constantFrom(...HTML_TAGS), properties, fc.array(tie('child'), { maxLength: 4, depthIdentifier: 'page-tree' }))
    .map(([tag, props, children]) => h(tag, props, children)),
  svgTree: fc
    .tuple(fc.constantFrom(...SVG_TAGS), svgProperties, fc.array(tie('svgChild'), { maxLength: 3, depthIdentifier: 'page-tree' }))
    .map(([tag, props, children]) => s(tag, props, children)),
  child: fc.oneof(
    depth,
    textNode,
    tie('tree') as fc.Arbitrary<ElementContent>,
    fc
      .tuple(svgProperties, fc.array(tie('svgTree'), { maxLength: 3, depthIdentifier: 'page-tree' }))
      .map(([props, children]): ElementContent => s('svg', { xmlns: 'http://www.w3.org/2000/svg', ...props }, children)),
  ),
  svgChild: fc.oneof(depth, textNode, tie('svgTree') as fc.Arbitrary<ElementContent>, tie('tree') as fc.Arbitrary<ElementContent>),
}));

describe('any tree of the kinds a page builds', () => {
  it('is written as hast-util-to-html writes it', () => {
    fc.assert(
      fc.property(htmlTree, (element) => {
        const tree: Root = { type: 'root', children: [{ type: 'doctype' }, element] };
        expect(serializeHtml(tree)).toBe(toHtml(tree));
      }),
      { seed: DEFAULT_SEED, numRuns: 500 },
    );
  });
});
