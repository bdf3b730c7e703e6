import { countSeverities, type ProblemCounts } from '../diagnostics/cap.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { InputErrorSubcode } from '../load/input-error.js';
import type { CompileError } from './compile-error.js';
import type { DialectId, Report, Verdict } from './types.js';

/**
 * What one input file came to, as the diagnostic formatters (text, SARIF, GitHub) and the
 * envelope see it. `exitCode` is per file: 0 pass, 1 gate failed, 3 input error, 4 critical input.
 */
export interface FileOutcome {
  /** The path as shown to the user: relative to the working directory, with forward slashes; "<stdin>" for standard input. */
  path: string;
  exitCode: 0 | 1 | 3 | 4;
  verdict: Verdict;
  /** Diagnostics after --quiet filtering, with line and column when the input was text. */
  diagnostics: Diagnostic[];
  /** Warnings --quiet left out of `diagnostics` that still fail the gate under --fail-on warning. */
  hiddenWarnings?: number;
  /** Errors, warnings and suppressed problems, before --quiet left any out; an input error counts as one error. */
  counts: ProblemCounts;
  /** Which document the file was, once it could be read as an object. */
  dialect?: DialectId;
  /** Problems found by each rule that found any, listed or not, suppressed or not: what a baseline counts. Only for compiled specs. */
  ruleTotals?: Record<string, number>;
  /** The input or critical-input error, when the file produced no report. */
  error: CompileError | null;
  report: Report | null;
  /** The input text, for code frames; absent when it could not be read or decoded. */
  source?: string;
  /** Where the file lies, for formats that link to it (SARIF, GitHub); absent for standard input and in the library, where `path` is used. */
  location?: FileLocation;
}

/**
 * A file inside the working directory has its path relative to it (forward slashes, no "./"); a
 * file outside it, where a relative path would climb with "../", has its absolute path.
 */
export type FileLocation = { kind: 'relative'; path: string } | { kind: 'absolute'; path: string };

/** The rule id under which an input error is listed beside the diagnostics. */
export const INPUT_ERROR_RULE_ID = 'input-error';

/** Says that warnings left out by --quiet failed the gate; undefined when none did. */
export function hiddenWarningsNote(files: readonly FileOutcome[]): string | undefined {
  const hidden = files.reduce((sum, file) => sum + (file.hiddenWarnings ?? 0), 0);
  if (hidden === 0) return undefined;
  return `${hidden} ${hidden === 1 ? 'warning hidden by --quiet fails' : 'warnings hidden by --quiet fail'} the gate under --fail-on warning`;
}

/** The counts of a file whose every problem is in `diagnostics` (nothing hidden), plus its input error. */
export function countsOf(diagnostics: readonly Diagnostic[], error: CompileError | null): ProblemCounts {
  const counts = countSeverities(diagnostics);
  return error?.code === 'INPUT_ERROR' ? { ...counts, errors: counts.errors + 1 } : counts;
}

/** A problem as the diagnostic formatters list it: a diagnostic, or an input error in the same shape with its subcode. */
export interface Problem extends Diagnostic {
  subcode?: InputErrorSubcode;
}

/**
 * A file's problems in the order they are listed: its input error first, then its diagnostics. A
 * critical-input error is already among the diagnostics, so only an input error is added. An input
 * error with no place in the text (a file that is missing or cannot be read) is at line 1, column
 * 1, where editors and SARIF viewers put a problem of the whole file.
 */
export function problemsOf(file: FileOutcome): Problem[] {
  if (file.error?.code !== 'INPUT_ERROR') return file.diagnostics;
  const { subcode, message, line = 1, column = 1 } = file.error;
  const inputError: Problem = { ruleId: INPUT_ERROR_RULE_ID, severity: 'error', message, path: '', subcode, line, column };
  return [inputError, ...file.diagnostics];
}
