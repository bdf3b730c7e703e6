// The goals of issues 23 and 9 as table rows: each row holds one measured figure, its target, and whether
// it is met. Pure functions, so the table and the verdicts can be tested without timing anything.

export type Comparison = '<=' | '>=';

export interface Row {
  /** The issue and the goal's number in it: "23.1" (issue 23's goals), "9.2" (issue 9's, still measured). */
  id: string;
  goal: string;
  measured: string;
  target: string;
  met: 'yes' | 'no' | 'skipped';
  /** The figure compared with the target (a ratio, or bytes for memory); null when skipped. */
  value: number | null;
}

export interface GoalInput {
  id: string;
  goal: string;
  value: number;
  comparison: Comparison;
  target: number;
  /** What was measured, shown after the value (the raw figures behind a ratio). */
  detail: string;
}

/** A ratio goal: the value is shown as "1.23x (detail)" and the target as "<= 1.3x". */
export function ratioRow({ id, goal, value, comparison, target, detail }: GoalInput): Row {
  return {
    id,
    goal,
    measured: `${formatNumber(value, 2)}x (${detail})`,
    target: ratioTarget(comparison, target),
    met: meets(value, comparison, target) ? 'yes' : 'no',
    value,
  };
}

/** A goal on bytes: the value and target are shown in MiB, with how the target was derived. */
export function bytesRow({ id, goal, value, comparison, target, detail }: GoalInput, targetRule: string): Row {
  return {
    id,
    goal,
    measured: `${formatMiB(value)} (${detail})`,
    target: `${comparison} ${formatMiB(target)} (${targetRule})`,
    met: meets(value, comparison, target) ? 'yes' : 'no',
    value,
  };
}

/** A goal that this run could not measure, with the reason in the measured column. */
export function skippedRow(id: string, goal: string, target: string, reason: string): Row {
  return { id, goal, measured: `skipped: ${reason}`, target, met: 'skipped', value: null };
}

/** A ratio target as the issue writes it: "<= 4.4x". */
export function ratioTarget(comparison: Comparison, target: number): string {
  return `${comparison} ${target}x`;
}

export function meets(value: number, comparison: Comparison, target: number): boolean {
  return comparison === '<=' ? value <= target : value >= target;
}

/** The rows as one Markdown table; a `|` inside a cell is escaped so that it cannot split the row. */
export function formatTable(rows: readonly Row[]): string {
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  return [
    '| # | goal | measured | target | met |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.id} | ${cell(row.goal)} | ${cell(row.measured)} | ${cell(row.target)} | ${row.met} |`),
  ].join('\n');
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Milliseconds under a second, seconds above. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${formatNumber(ms, 1)} ms` : `${formatNumber(ms / 1000, 2)} s`;
}

export function formatMiB(bytes: number): string {
  return `${formatNumber(bytes / 2 ** 20, 1)} MiB`;
}
