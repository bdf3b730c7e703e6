export type Severity = 'error' | 'warning';

/** How many allowed values a diagnostic lists in `expected`; `policy` and `config` list them all. */
export const MAX_EXPECTED = 10;
export type RuleSetting = Severity | 'off';

/**
 * A problem fixed by writing one value where `path` points. Safe when the meaning stays (only the
 * spelling or case changes, or a count is recomputed from the spec): `--fix` writes it. Unsafe
 * when the value becomes another one: only `--fix-unsafe` writes it.
 */
export interface ValueFix {
  replacement: string | number;
  safety: 'safe' | 'unsafe';
}

/** One finding of the compiler, in the shape of tsc and ESLint messages. */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  /** What is wrong and how to fix it. */
  message: string;
  /** RFC 6901 JSON Pointer to the offending value ("" is the whole document). */
  path: string;
  /**
   * For a value outside a list (a tool, unit, tag, status…): the values the list allows, at most
   * MAX_EXPECTED of them, in the list's order.
   */
  expected?: string[];
  /** With `expected`, when the list allows more values than it shows: how many it allows in all. */
  expectedCount?: number;
  /** For a value outside a list: the allowed value closest to it, when one is close enough. */
  suggestion?: string;
  /** A fix that rewrites the one value at `path`: what `compile --fix` and an editor's quick fix write. */
  fix?: ValueFix;
  /**
   * 1-based position in the input text: of the key of an object member, of an array item, or,
   * for a missing field, of the object that lacks it. Absent when the input was not text.
   */
  line?: number;
  /** 1-based column, in UTF-16 code units (as editors, ESLint and SARIF count them). */
  column?: number;
  /** Only on the final `too-many-problems` diagnostic: how many problems it stands for. */
  omitted?: { errors: number; warnings: number; suppressed?: number };
  /**
   * A problem a baseline accepts (see src/suppressions/): still listed, never counted as an error
   * or a warning. `baseline` names the suppressions file.
   */
  suppressed?: { baseline: string };
}

/** Code-unit comparison: independent of the locale, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of diagnostics at one place: errors before warnings, then by rule id, then by message. */
export function compareAtOnePlace(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
    compareStrings(a.ruleId, b.ruleId) ||
    compareStrings(a.message, b.message)
  );
}
