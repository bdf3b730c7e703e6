import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatText } from '../../src/render/text.js';
import type { FileOutcome } from '../../src/report/outcome.js';
import { judgedOutcome } from '../support/outcomes.js';
import { growthRatio, LINEAR } from '../support/scaling.js';

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
