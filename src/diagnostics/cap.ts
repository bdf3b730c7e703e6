import type { Diagnostic, Severity } from './diagnostic.js';

/**
 * Most diagnostics one file lists. Past it, one final `too-many-problems` diagnostic says how many
 * more there are, so that one hostile file cannot make millions of diagnostics (and of lines of
 * output), and a person gets a list short enough to start fixing.
 */
export const DIAGNOSTIC_CAP = 1000;

/** The id of the diagnostic that stands for the problems not listed. It is not a rule of the catalog. */
export const TOO_MANY_PROBLEMS = 'too-many-problems';

/** Problems by what they weigh: errors and warnings count against the gate, suppressed ones (accepted by a baseline) do not. */
export interface ProblemCounts {
  errors: number;
  warnings: number;
  suppressed: number;
}

/** Errors, warnings and suppressed problems in a list of diagnostics, counting what a `too-many-problems` entry stands for. */
export function countSeverities(diagnostics: readonly Diagnostic[]): ProblemCounts {
  const counts: ProblemCounts = { errors: 0, warnings: 0, suppressed: 0 };
  for (const diagnostic of diagnostics) {
    if (diagnostic.omitted) {
      counts.errors += diagnostic.omitted.errors;
      counts.warnings += diagnostic.omitted.warnings;
      counts.suppressed += diagnostic.omitted.suppressed ?? 0;
    } else {
      counts[weightOf(diagnostic)]++;
    }
  }
  return counts;
}

/** Which count a diagnostic adds to. */
export function weightOf(diagnostic: Diagnostic): keyof ProblemCounts {
  if (diagnostic.suppressed !== undefined) return 'suppressed';
  return diagnostic.severity === 'error' ? 'errors' : 'warnings';
}

/**
 * The first `cap` diagnostics of a sorted list, then, when anything was left out (here or before,
 * as `alreadyOmitted`), one diagnostic at the document root that counts it.
 */
export function capDiagnostics(
  sorted: readonly Diagnostic[],
  alreadyOmitted: ProblemCounts = { errors: 0, warnings: 0, suppressed: 0 },
  note = '',
): Diagnostic[] {
  const omitted = { ...alreadyOmitted };
  for (const diagnostic of sorted.slice(DIAGNOSTIC_CAP)) omitted[weightOf(diagnostic)]++;
  const kept = sorted.length > DIAGNOSTIC_CAP ? sorted.slice(0, DIAGNOSTIC_CAP) : [...sorted];
  if (omitted.errors + omitted.warnings + omitted.suppressed > 0) kept.push(moreProblems(omitted, note));
  return kept;
}

function moreProblems({ errors, warnings, suppressed }: ProblemCounts, note: string): Diagnostic {
  const total = errors + warnings + suppressed;
  const severity: Severity = errors > 0 ? 'error' : 'warning';
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  const parts = [
    count(errors, 'error'),
    count(warnings, 'warning'),
    ...(suppressed > 0 ? [`${suppressed.toLocaleString('en-US')} suppressed`] : []),
  ];
  return {
    ruleId: TOO_MANY_PROBLEMS,
    severity,
    message:
      `${count(total, 'more problem')} (${parts.join(', ')}) not listed: a file lists at most ` +
      `${DIAGNOSTIC_CAP.toLocaleString('en-US')}.${note} Fix the problems above and run again.`,
    path: '',
    omitted: suppressed > 0 ? { errors, warnings, suppressed } : { errors, warnings },
  };
}
