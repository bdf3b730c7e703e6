import { describe, expect, it } from 'vitest';
import { generateScaledSpec } from '../../scripts/gen-corpus.js';
import { createCompiler } from '../../src/compile.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { htmlRenderer } from '../../src/dialects/html.js';
import { formatText } from '../../src/render/text.js';
import type { FileOutcome } from '../../src/report/outcome.js';
import { judgedOutcome } from '../support/outcomes.js';
import { growthRatio, LINEAR } from '../support/scaling.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

function outcome(source: string, positions: ReadonlyArray<readonly [number, number]>): FileOutcome {
  const diagnostics: Diagnostic[] = positions.map(([line, column]) => ({
    ruleId: 'dive-selective',
    severity: 'error',
    message: 'bad dive',
    path: '/deepDives/0/tool',
    line,
    column,
  }));
  return judgedOutcome('minified.json', diagnostics, { source });
}

describe('--format text costs work in proportion to what it prints, not to the line under each diagnostic', () => {
  it('2,000 diagnostics on one 2 MB line (a minified spec) cost linear, not quadratic, time', () => {
    // Measured: 18 ms with the window cut first, 17.7 to 38 s when every frame copied the whole line.
    const minified = (count: number) => {
      const line = `{"x":"${'a'.repeat(count * 1000)}"}`;
      return outcome(
        line,
        Array.from({ length: count }, (_, index) => [1, 1 + index * 1000] as const),
      );
    };
    // Diagnostics and line length grow together: copying the line per frame grows as their product.
    expect(
      growthRatio((count) => {
        const file = minified(count);
        return () => void formatText([file], { color: false });
      }, 500),
    ).toBeLessThan(LINEAR);
    const text = formatText([minified(2000)], { color: false });
    expect(text.split('\n')).toHaveLength(1 + 2000 * 3 + 3);
    for (const frame of text.split('\n').filter((row) => row.includes('aaa')))
      expect(Array.from(frame.trim()).length).toBeLessThanOrEqual(102);
  });

  it('cuts the window in UTF-16 units without splitting a surrogate pair, and puts the caret under the column', () => {
    const line = `${'😀'.repeat(300)}X${'😀'.repeat(300)}`;
    const column = 300 * 2 + 1;
    for (const [at, expected] of [
      [column, 'X'],
      [column - 1, '😀'],
      [column - 2, '😀'],
    ] as const) {
      const [, , frame = '', caret = ''] = formatText([outcome(line, [[1, at]])], { color: false }).split('\n');
      expect(frame).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      expect(Array.from(frame)[caret.indexOf('^')]).toBe(expected);
    }
  });
});

describe('--format html costs work in proportion to the spec, not to its rows times a value they repeat', () => {
  it("a long budget unit on every deep dive's timeline row costs linear, not quadratic, time", () => {
    // Found by the fuzz campaign: a unit of 100,000 characters cost 318 times the reference spec
    // when every dive's row (and its tooltip) carried the whole unit.
    const page = (count: number) => {
      const spec = JSON.parse(generateScaledSpec(count));
      spec.budget.unit = `tokens${'\u202e'.repeat(count * 100)}`;
      const report = createCompiler().compile(spec, { path: 'long-unit.json' }).report;
      if (report === null) throw new Error('the spec has no report');
      return report;
    };
    // Dives and the unit's length grow together: a copy of the unit a row grows as their product.
    expect(
      growthRatio((count) => {
        const report = page(count);
        return () => void renderHtml(report);
      }, 50),
    ).toBeLessThan(LINEAR);
    // Each row names the unit, cut, and its tooltip holds at most a few hundred characters of it.
    const html = renderHtml(page(100));
    const titles = html.match(/<title>D\d+ →[^<]*<\/title>/g) ?? [];
    expect(titles.length).toBeGreaterThan(50);
    for (const title of titles) expect(Array.from(title).length).toBeLessThan(2000);
  });
});
