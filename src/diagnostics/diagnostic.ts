export type Severity = 'error' | 'warning';
export type RuleSetting = Severity | 'off';

/** One finding of the compiler, in the shape of tsc and ESLint messages. */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  /** What is wrong and how to fix it. */
  message: string;
  /** RFC 6901 JSON Pointer to the offending value ("" is the whole document). */
  path: string;
}

const severityOrder: Record<Severity, number> = { error: 0, warning: 1 };

/** Document order first, so that a reader meets diagnostics the way they meet the file. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    comparePointers(a.path, b.path) ||
    severityOrder[a.severity] - severityOrder[b.severity] ||
    compareStrings(a.ruleId, b.ruleId) ||
    compareStrings(a.message, b.message)
  );
}

function comparePointers(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  const shared = Math.min(left.length, right.length);
  for (let i = 0; i < shared; i++) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x === y) continue;
    const bothIndices = /^\d+$/.test(x) && /^\d+$/.test(y);
    return bothIndices ? Number(x) - Number(y) : compareStrings(x, y);
  }
  return left.length - right.length;
}

/** Code-unit comparison: independent of the locale, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
