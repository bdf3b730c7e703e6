/** Rounded to 4 decimals, the precision of every ratio in a report; -0 becomes 0 so that JSON never shows it. */
export function round4(value: number): number {
  const rounded = Math.round(value * 10000) / 10000;
  return Object.is(rounded, -0) ? 0 : rounded;
}
