import fc from 'fast-check';
import type {
  BlockContent,
  Code,
  Heading,
  Html,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  ThematicBreak,
} from 'mdast';
import { describe, expect, it } from 'vitest';
import { markdownTree } from '../src/dialects/markdown.js';
import { createCompiler } from '../src/index.js';
import { writeDocument } from '../src/render/markdown/direct.js';
import { stringifyMarkdown, stringifyWithRemark } from '../src/render/markdown/stringify.js';
import { DEFAULT_SEED, mutatedSpecArbitrary, textArbitrary, validSpecArbitrary } from './support/properties.js';

/**
 * The direct writer (`writeDocument`) against remark-stringify with remark-gfm and the same options
 * and handlers: for any tree, `stringifyMarkdown` must give remark's bytes, whichever path wrote them.
 */

const compiler = createCompiler();

/** Characters with a meaning in Markdown, GFM tables, autolinks, HTML or Mermaid labels, and line breaks and bidi text. */
const SYNTAX = [
  ' ',
  '  ',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '#',
  '*',
  '**',
  '_',
  '`',
  '```',
  '|',
  '\\',
  '\\|',
  '-',
  '+',
  '=',
  ':',
  '>',
  '<',
  '&',
  '[',
  ']',
  '(',
  ')',
  '1.',
  '2)',
  '.',
  '@',
  'www.',
  'http://',
  'a',
  'Z',
  '9',
  '"',
  ';',
  '%%',
  '{',
  '}',
  '~',
  '!',
  '<br>',
  '<!---->',
  '&#x20;',
  '-->',
  '\u202E',
  '\u2028',
  '\u0085',
  '\u0000',
  '\u001B',
  'שלום',
  'é',
  'e\u0301',
  '🧑‍💻',
  '\uD800',
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...SYNTAX), { maxLength: 8 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: textArbitrary },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'word', 'two words', 'Verdict', 'x1') },
);

/** A report's shape of discovery block, with hostile keywords and phases. */
const discoveryArbitrary = fc.record({
  stop: fc.record({ reason: hostileText, evidence: hostileText }),
  cycles: fc.array(
    fc.record({
      cycle: fc.oneof(fc.nat(9), hostileText),
      keywords: fc.array(hostileText, { maxLength: 3 }),
      newSignals: fc.nat(3),
      events: fc.array(
        fc.record({
          phase: fc.oneof(fc.constantFrom('forage', 'focus', 'deepen'), hostileText),
          keyword: hostileText,
          tokens: fc.nat(900),
          filesRead: fc.nat(4),
          candidates: fc.nat(4),
        }),
        { maxLength: 4 },
      ),
    }),
    { maxLength: 3 },
  ),
});

const reportSpec = fc.oneof(
  validSpecArbitrary,
  mutatedSpecArbitrary.map(({ spec }) => spec),
  fc.tuple(validSpecArbitrary, discoveryArbitrary).map(([spec, discovery]) => ({ ...spec, discovery })),
);

// Arbitrary trees of every shape the direct writer handles, and of shapes it must hand to remark.

const textNode = hostileText.map((value): PhrasingContent => ({ type: 'text', value }));
const leaf: fc.Arbitrary<PhrasingContent> = fc.oneof(
  { weight: 6, arbitrary: textNode },
  { weight: 2, arbitrary: hostileText.map((value): PhrasingContent => ({ type: 'inlineCode', value })) },
  { weight: 1, arbitrary: fc.constantFrom('<br>', '<!---->', '<b>', '<div>').map((value): PhrasingContent => ({ type: 'html', value })) },
);
const attention = fc
  .tuple(
    fc.constantFrom('strong' as const, 'emphasis' as const),
    fc.array(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom('pass', 'fail', 'a b', '9', 'x_y') }, { weight: 1, arbitrary: hostileText }),
      { minLength: 1, maxLength: 2 },
    ),
  )
  .map(([type, values]): PhrasingContent => ({ type, children: values.map((value) => ({ type: 'text', value })) }));
const link = hostileText.map(
  (value): PhrasingContent => ({ type: 'link', url: 'https://example.com', children: [{ type: 'text', value }] }),
);
/** Nodes only remark writes, rare enough that most trees still take the direct path. */
const remarkOnly = fc.oneof(link, fc.constant<PhrasingContent>({ type: 'break' }));
const phrasing = fc.array(
  fc.oneof({ weight: 30, arbitrary: leaf }, { weight: 10, arbitrary: attention }, { weight: 1, arbitrary: remarkOnly }),
  { maxLength: 5 },
);

const heading = fc
  .tuple(fc.constantFrom(0, 1, 2, 3, 6, 7), phrasing)
  .map(([depth, children]): Heading => ({ type: 'heading', depth: depth as Heading['depth'], children }));
const paragraph = phrasing.map((children): Paragraph => ({ type: 'paragraph', children }));
const listItem = fc
  .tuple(
    fc.constantFrom(undefined, null, true, false),
    fc.constantFrom(undefined, true, false),
    fc.oneof({ weight: 6, arbitrary: paragraph.map((only) => [only]) }, { weight: 1, arbitrary: fc.array(paragraph, { maxLength: 2 }) }),
  )
  .map(
    ([checked, spread, children]): ListItem => ({
      type: 'listItem',
      ...(checked === undefined ? {} : { checked }),
      ...(spread === undefined ? {} : { spread }),
      children,
    }),
  );
const list = fc
  .tuple(fc.constantFrom(false, false, true), fc.constantFrom(undefined, true, false, false), fc.array(listItem, { maxLength: 4 }))
  .map(([ordered, spread, children]): List => ({ type: 'list', ordered, ...(spread === undefined ? {} : { spread }), children }));
const code = fc
  .tuple(hostileText, fc.constantFrom(undefined, null, '', 'mermaid', 'js', 'a b', 'x`y'), fc.constantFrom(undefined, null, 'meta'))
  .map(([value, lang, meta]): Code => ({ type: 'code', value, lang, meta }));
const cell = phrasing.map((children): TableCell => ({ type: 'tableCell', children }));
const table = fc.array(fc.array(cell, { maxLength: 4 }), { maxLength: 4 }).map(
  (rows): Table => ({
    type: 'table',
    align: rows[0]?.map(() => null) ?? [],
    children: rows.map((children) => ({ type: 'tableRow', children })),
  }),
);
const html = fc.constantFrom('<br>', '<!-- note -->', '<div>\nx\n</div>', '').map((value): Html => ({ type: 'html', value }));
const other = fc.constantFrom<RootContent>({ type: 'thematicBreak' } satisfies ThematicBreak, {
  type: 'blockquote',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: 'quoted' }] } satisfies BlockContent],
});

const block: fc.Arbitrary<RootContent> = fc.oneof(
  { weight: 3, arbitrary: heading },
  { weight: 3, arbitrary: paragraph },
  { weight: 3, arbitrary: list },
  { weight: 2, arbitrary: code },
  { weight: 3, arbitrary: table },
  { weight: 1, arbitrary: html },
);
const tree = fc
  .array(fc.oneof({ weight: 30, arbitrary: block }, { weight: 1, arbitrary: other }), { maxLength: 4 })
  .map((children): Root => ({ type: 'root', children }));

describe('The direct Markdown writer', () => {
  it('writes every report as remark would, and writes it without remark', () => {
    fc.assert(
      fc.property(reportSpec, (spec) => {
        const { report } = compiler.compile(spec);
        if (report === null) return;
        const reportTree = markdownTree(report);
        expect(writeDocument(reportTree)).toBeDefined();
        expect(stringifyMarkdown(reportTree)).toBe(stringifyWithRemark(reportTree));
      }),
      { seed: DEFAULT_SEED, numRuns: 200 },
    );
  });

  it('writes any tree as remark would, whichever path writes it', () => {
    let direct = 0;
    fc.assert(
      fc.property(tree, (document) => {
        if (writeDocument(document) !== undefined) direct++;
        expect(stringifyMarkdown(document)).toBe(stringifyWithRemark(document));
      }),
      { seed: DEFAULT_SEED, numRuns: 2000 },
    );
    // Many trees must take the direct path, or the comparison would test remark against itself.
    expect(direct).toBeGreaterThan(500);
  });
});
