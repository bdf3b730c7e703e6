import fc from 'fast-check';
import type { Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { visible } from '../src/common/visible.js';
import { compileInvestigation } from '../src/index.js';
import { stringifyMarkdown } from '../src/render/markdown/stringify.js';
import { cellText, code, table } from '../src/render/mdast-builders.js';
import { validSpec } from './support/specs.js';
import { LINK_SYNTAX, outputProblems } from './support/untrusted-output.js';

const parser = unified().use(remarkParse).use(remarkGfm);

function tables(markdown: string): Table[] {
  const tree = parser.parse(markdown) as Root;
  return tree.children.filter((node): node is Table => node.type === 'table');
}

function flatten(node: unknown): string {
  const value = node as { value?: string; children?: unknown[]; type: string } | undefined;
  if (!value) return '';
  if (value.type === 'html' && value.value === '<br>') return '\n';
  // The empty comment that breaks text where an autolink could start shows nothing.
  if (value.type === 'html' && value.value === '<!---->') return '';
  if (typeof value.value === 'string') return value.value;
  return (value.children ?? []).map(flatten).join('');
}

function render(spec: Record<string, unknown>): string {
  const result = compileInvestigation(spec, { format: 'markdown' });
  if (result.output === null) throw new Error(`no report: ${JSON.stringify(result.error)}`);
  return result.output;
}

const hostile = 'a | b || c\\|d\nsecond line\r\nthird\rfourth `tick` *star* _under_ <b>html</b> [link](x) \u200b\u202eRTL\u202c';

describe('Markdown tables', () => {
  it('keep their shape whatever the cell text holds', () => {
    const spec = validSpec();
    spec.hypotheses[0].claim = hostile;
    spec.deepDives[1].finding = hostile;
    spec.surfaceMap[0].evidence = hostile;
    spec.surfaceMap[0].query = 'a|b\nc';
    spec.replanLog[0].decision = '| --- | --- |\n| x | y |';
    const markdown = render(spec);
    const found = tables(markdown);
    expect(found.map((table) => table.children[0]?.children.length)).toEqual([5, 6, 8, 6]);
    for (const table of found) {
      const width = table.children[0]?.children.length;
      for (const row of table.children) expect(row.children.length).toBe(width);
    }
    const [, hypotheses, dives] = found;
    // The bidi override and its pop are shown, not applied.
    const expectedText = hostile
      .split(/\r\n|\n|\r/)
      .map((line) => visible(line))
      .join('\n');
    expect(flatten(hypotheses?.children[1]?.children[4])).toBe(expectedText);
    expect(flatten(dives?.children[2]?.children[7])).toBe(expectedText);
  });

  it('never turn a multi-line deliverable or risk into a table or a heading', () => {
    const spec = validSpec();
    spec.deliverable = 'Result | Where\n--- | ---\n# not a heading\n- not a list';
    spec.risks[0] = 'H3 | open\n--- | ---';
    const markdown = render(spec);
    expect(tables(markdown)).toHaveLength(4);
    const tree = parser.parse(markdown) as Root;
    const headings = tree.children.filter((node) => node.type === 'heading').map((node) => flatten(node));
    expect(headings).toEqual([
      'Adaptive Investigation Report: Find where the billing service rounds invoice totals.',
      'Summary',
      'Surface Map',
      'Hypotheses',
      'Deep-Dives',
      'Replan Log',
      'Deliverable',
      'Risks',
      'Flow',
      'Gate',
    ]);
  });

  it('a goal with line breaks stays a one-line title', () => {
    const spec = validSpec();
    spec.goal = 'Find the cache\nand its # eviction';
    const markdown = render(spec);
    expect(markdown.split('\n')[0]).toBe('# Adaptive Investigation Report: Find the cache and its # eviction');
  });

  it('renders the hypotheses row the way the reference reports do', () => {
    const markdown = render(validSpec());
    expect(markdown).toContain(
      '| H1 | 1 | 1 | invalidated | Invoice totals are rounded in the invoice module. | `billing/invoice/total.ts` |',
    );
    expect(markdown).toContain('- Budget: `3/6 reads` (3 left)');
  });

  it('lists the gate checklist with every criterion and its rules, and diagnostics only when there are some', () => {
    const passing = render(validSpec());
    expect(passing).toContain('- [x] Re-plan only when evidence invalidates a hypothesis (`replan-typed`, `replan-evidence`)');
    expect(passing).not.toContain('## Diagnostics');
    const spec = validSpec();
    spec.replanLog[0].trigger = 'every_turn';
    const failing = render(spec);
    expect(failing).toContain('- [ ] Re-plan only when evidence invalidates a hypothesis (`replan-typed`, `replan-evidence`)');
    expect(failing).toContain('## Diagnostics');
    expect(failing).toContain('| error | `replan-typed` | `/replanLog/0/trigger` |');
  });

  it('shows a Tokens column only when dives record tokens', () => {
    const spec = validSpec();
    spec.budget = { total: 9000, used: 2400, unit: 'tokens' };
    spec.deepDives.forEach((dive: Record<string, unknown>) => (dive['tokens'] = 800));
    const markdown = render(spec);
    expect(markdown).toContain('| # | ID | Hypothesis | Node | Tool | Effect | Provenance | Tokens | Finding |');
    expect(render(validSpec())).not.toContain('| Tokens |');
  });

  it('renders a report even for a spec whose values have the wrong types', () => {
    const spec: Record<string, unknown> = validSpec();
    spec['surfaceMap'] = [{ id: 7, candidateNodes: 'one', evidence: null }, 'not an object'];
    spec['hypotheses'] = { H1: 'not a list' };
    spec['risks'] = [1, { two: 2 }];
    const result = compileInvestigation(spec, { format: 'markdown' });
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('## Surface Map');
    expect(result.output).toContain('No hypotheses.');
    expect(result.output?.endsWith('\n')).toBe(true);
    expect(result.output?.endsWith('\n\n')).toBe(false);
  });
});

describe('Markdown escaping, as a property', () => {
  const roundTrip = (value: string, asCode: boolean): string => {
    const cell = asCode ? [code(value)] : cellText(value);
    const markdown = stringifyMarkdown({ type: 'root', children: [table(['Value'], [[cell]])] });
    // Text is data: whatever it holds, it never becomes a link, an image, a footnote, a definition,
    // HTML or a workflow command once printed.
    expect(outputProblems(markdown, 'markdown')).toEqual([]);
    const cellNode = tables(markdown)[0]?.children[1]?.children[0];
    // A backslash before a pipe splits the code into spans kept apart by an empty comment; together they hold the value.
    return asCode
      ? (cellNode?.children ?? []).map((child) => (child.type === 'inlineCode' ? child.value : '')).join('')
      : flatten(cellNode);
  };

  it('any text in a table cell parses back to its visible form', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
          fc.array(fc.constantFrom(...LINK_SYNTAX), { maxLength: 12 }).map((pieces) => pieces.join('')),
        ),
        (value) => {
          const lines = value.split(/\r\n|[\n\r\u2028\u2029\u0085]/);
          const expected = lines
            .map((line) => visible(line))
            .join('\n')
            .trim();
          expect(roundTrip(value, false).trim()).toBe(expected);
        },
      ),
      { seed: 20261130, numRuns: 1000 },
    );
  });

  it('any single-line text in inline code parses back to its visible form', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
            fc.string({ unit: fc.constantFrom('\\', '|', '`', ' ', 'a', '#', '['), maxLength: 12 }),
          )
          .filter((value) => !/[\r\n]/.test(value) && value.trim() !== ''),
        (value) => {
          expect(roundTrip(value, true)).toBe(visible(value));
        },
      ),
      { seed: 20261130, numRuns: 1000 },
    );
  });
});
