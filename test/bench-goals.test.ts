import { describe, expect, it } from 'vitest';
import { parseOptions } from '../scripts/bench/context.js';
import { bytesRow, formatMs, formatTable, meets, ratioRow, skippedRow } from '../scripts/bench/goals.js';
import { busyRefusal } from '../scripts/bench/load.js';

describe('benchmark goals', () => {
  it('meets a bound given as at most or at least, the bound itself included', () => {
    expect(meets(4.4, '<=', 4.4)).toBe(true);
    expect(meets(4.41, '<=', 4.4)).toBe(false);
    expect(meets(1.7, '>=', 1.7)).toBe(true);
    expect(meets(1.69, '>=', 1.7)).toBe(false);
  });

  it('shows a ratio with its raw figures and the target as the issue writes it', () => {
    const row = ratioRow({
      id: '23.1',
      goal: 'json, 2,000 / 500 files',
      value: 4.567,
      comparison: '<=',
      target: 4.4,
      detail: '9.13 s / 2.00 s',
    });
    expect(row).toEqual({
      id: '23.1',
      goal: 'json, 2,000 / 500 files',
      measured: '4.57x (9.13 s / 2.00 s)',
      target: '<= 4.4x',
      met: 'no',
      value: 4.567,
    });
  });

  it('shows a memory goal in MiB with the rule its bound comes from', () => {
    const row = bytesRow(
      { id: '23.4', goal: 'peak RSS', value: 100 * 2 ** 20, comparison: '<=', target: 240.5 * 2 ** 20, detail: 'input 45.1 MiB' },
      '60 MiB + 4 x input',
    );
    expect(row.measured).toBe('100.0 MiB (input 45.1 MiB)');
    expect(row.target).toBe('<= 240.5 MiB (60 MiB + 4 x input)');
    expect(row.met).toBe('yes');
  });

  it('keeps a skipped goal in the table, with the reason and no value', () => {
    expect(skippedRow('23.2', 'against the reference', '<= 1x', '../shared/reference not found')).toEqual({
      id: '23.2',
      goal: 'against the reference',
      measured: 'skipped: ../shared/reference not found',
      target: '<= 1x',
      met: 'skipped',
      value: null,
    });
  });

  it('prints one Markdown table whose cells cannot be split by a pipe', () => {
    const table = formatTable([ratioRow({ id: '23.3', goal: 'a | b', value: 3, comparison: '>=', target: 3, detail: '3 / 1 specs/s' })]);
    expect(table.split('\n')).toEqual([
      '| # | goal | measured | target | met |',
      '| --- | --- | --- | --- | --- |',
      '| 23.3 | a \\| b | 3.00x (3 / 1 specs/s) | >= 3x | yes |',
    ]);
  });

  it('shows milliseconds under a second and seconds above', () => {
    expect(formatMs(999.94)).toBe('999.9 ms');
    expect(formatMs(53_612)).toBe('53.61 s');
  });
});

describe('the load the bench measures under', () => {
  it('measures on a machine whose load average is at most its cores, the bound itself included', () => {
    expect(busyRefusal({ start: 2, end: 2, cores: 2 }, 'start')).toBeNull();
    expect(busyRefusal({ start: 0.4, end: 1.9, cores: 2 }, 'end')).toBeNull();
  });

  it('refuses to start above it, and to report when the load rose above it while measuring', () => {
    expect(busyRefusal({ start: 2.01, end: 0, cores: 2 }, 'start')).toMatch(
      /^the load average is 2\.01 on 2 cores: .*none is taken\..*--busy/,
    );
    expect(busyRefusal({ start: 1, end: 5.5, cores: 2 }, 'start')).toBeNull();
    expect(busyRefusal({ start: 1, end: 5.5, cores: 2 }, 'end')).toMatch(
      /^the load average reached 5\.50 on 2 cores while measuring: .*none is reported\./,
    );
    expect(busyRefusal({ start: 9, end: 1, cores: 8 }, 'end')).toMatch(/reached 9\.00 on 8 cores/);
  });

  it('takes --busy among its options, and still refuses an unknown one', () => {
    expect(parseOptions(['--busy', '--quick'])).toEqual({ quick: true, rounds: undefined, build: true, busy: true });
    expect(parseOptions([]).busy).toBe(false);
    expect(() => parseOptions(['--bussy'])).toThrow('unknown option --bussy; use --quick, --rounds N, --no-build or --busy');
  });
});
