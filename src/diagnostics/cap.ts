import type { Diagnostic, Severity } from './diagnostic.js';

/**
 * Most diagnostics one file lists. Past it, one final `too-many-problems` diagnostic says how many
 * more there are, so that one hostile file cannot make millions of diagnostics (and of lines of
 * output), and a person gets a list short enough to start fixing.
 */
export const DIAGNOSTIC_CAP = 1000;

/** The id of the diagnostic that stands for the problems not listed. It is not a rule of the catalog. */
export const TOO_MANY_PROBLEMS = 'too-many-problems';

export interface Omitted {
  errors: number;
  warnings: number;
}

/** Errors and warnings in a list of diagnostics, counting what a `too-many-problems` entry stands for. */
export function countSeverities(diagnostics: readonly Diagnostic[]): Omitted {
  const counts: Omitted = { errors: 0, warnings: 0 };
  for (const diagnostic of diagnostics) {
    if (diagnostic.omitted) {
      counts.errors += diagnostic.omitted.errors;
      counts.warnings += diagnostic.omitted.warnings;
    } else if (diagnostic.severity === 'error') {
      counts.errors++;
    } else {
      counts.warnings++;
    }
  }
  return counts;
}

/**
 * The first `cap` diagnostics of a sorted list, then, when anything was left out (here or before,
 * as `alreadyOmitted`), one diagnostic at the document root that counts it.
 */
export function capDiagnostics(
  sorted: readonly Diagnostic[],
  alreadyOmitted: Omitted = { errors: 0, warnings: 0 },
  note = '',
): Diagnostic[] {
  const omitted = { ...alreadyOmitted };
  for (const diagnostic of sorted.slice(DIAGNOSTIC_CAP)) omitted[diagnostic.severity === 'error' ? 'errors' : 'warnings']++;
  const kept = sorted.length > DIAGNOSTIC_CAP ? sorted.slice(0, DIAGNOSTIC_CAP) : [...sorted];
  if (omitted.errors + omitted.warnings > 0) kept.push(moreProblems(omitted, note));
  return kept;
}

function moreProblems(omitted: Omitted, note: string): Diagnostic {
  const total = omitted.errors + omitted.warnings;
  const severity: Severity = omitted.errors > 0 ? 'error' : 'warning';
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  return {
    ruleId: TOO_MANY_PROBLEMS,
    severity,
    message:
      `${count(total, 'more problem')} (${count(omitted.errors, 'error')}, ${count(omitted.warnings, 'warning')}) not listed: a file lists at most ` +
      `${DIAGNOSTIC_CAP.toLocaleString('en-US')}.${note} Fix the problems above and run again.`,
    path: '',
    omitted,
  };
}
