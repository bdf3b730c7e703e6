import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ExpectedDiagnostic } from './expectation.js';
import type { Problem } from './types.js';

/**
 * Compares diagnostics as sets: an expected entry matches an actual diagnostic with the same rule
 * id and path, and the same severity and line where the entry gives them. Lists every expected
 * entry nothing matches (missing) and every actual diagnostic no entry matches (unexpected).
 */
export function compareDiagnostics(expected: readonly ExpectedDiagnostic[], actual: readonly Diagnostic[]): Problem[] {
  const problems: Problem[] = [];
  for (const entry of expected) {
    if (actual.some((diagnostic) => matches(entry, diagnostic))) continue;
    const near = actual.filter((diagnostic) => diagnostic.ruleId === entry.ruleId && diagnostic.path === entry.path);
    const got = near.length === 0 ? '' : `; got ${near.map(describe).join(', ')}`;
    problems.push({ message: `missing diagnostic ${describe(entry)}${got}` });
  }
  for (const diagnostic of actual) {
    if (expected.some((entry) => matches(entry, diagnostic))) continue;
    problems.push({ message: `unexpected diagnostic ${describe(diagnostic)}: ${diagnostic.message}` });
  }
  return problems;
}

function matches(entry: ExpectedDiagnostic, diagnostic: Diagnostic): boolean {
  return (
    entry.ruleId === diagnostic.ruleId &&
    entry.path === diagnostic.path &&
    (entry.severity === undefined || entry.severity === diagnostic.severity) &&
    (entry.line === undefined || entry.line === diagnostic.line)
  );
}

/** "error budget-limit at /budget/total (line 4)"; severity and line only when known. */
function describe(item: { ruleId: string; path: string; severity?: string | undefined; line?: number | undefined }): string {
  const severity = item.severity === undefined ? '' : `${item.severity} `;
  const line = item.line === undefined ? '' : ` (line ${item.line})`;
  return `${severity}${item.ruleId} at ${item.path === '' ? '(root)' : item.path}${line}`;
}
