// The one table from an error a part of the tool throws to how a front end reports it: its code
// (whose exit code `errorCodes` gives), its subcode and its message. Data, not a chain of ifs, as
// ESLint and Spectral keep theirs: every place that turns an error into an exit code and a
// message (the command line, the language server, the MCP server, the library's entry, the
// commands that refuse a run) goes through `reportedError`, so a new error class is one row here.
// Errors a part turns into a problem of its own before they reach a front end (a trace or YAML
// that cannot be read, a fixture's expectation) are not rows: test/contract/error-table.test.ts
// lists them with where they are kept.

import { CompareInputError, CompareMismatchError } from '../compare/index.js';
import { UsageError } from '../compile.js';
import { ConfigError } from '../config/resolve.js';
import { GateResultsError } from '../gate/index.js';
import { RegressionUsageError } from '../regression/index.js';
import { SuppressionsError } from '../suppressions/index.js';
import { CliError, type ErrorCode, type UsageSubcode } from './contract.js';

/** An error class, as `instanceof` takes it. */
type ErrorKind<E extends Error> = abstract new (...args: never[]) => E;

/** How an error of one class is reported: the code and subcode, and its one-line message (the error's own unless said). */
export interface ErrorRow<E extends Error = Error> {
  kind: ErrorKind<E>;
  reportAs: (error: E) => { code: ErrorCode; subcode: string | null };
  message?: (error: E) => string;
}

/** A row, typed by its class (so that `reportAs` sees the class's own fields). */
export function errorRow<E extends Error>(
  kind: ErrorKind<E>,
  reportAs: ErrorRow<E>['reportAs'],
  message?: ErrorRow<E>['message'],
): ErrorRow {
  return { kind, reportAs, ...(message === undefined ? {} : { message }) } as unknown as ErrorRow;
}

const usage = (subcode: UsageSubcode): { code: ErrorCode; subcode: string } => ({ code: 'USAGE_ERROR', subcode });

/** The usage subcode of each way the fixture runner can be called wrongly. */
const REGRESSION_SUBCODES: Record<RegressionUsageError['subcode'], UsageSubcode> = {
  NOT_FOUND: 'NO_INPUT',
  NOT_A_FIXTURE: 'NOT_A_DIRECTORY',
  BAD_SHARD: 'INVALID_SHARD',
};

/** Every error class a front end reports, first match wins (a CliError is reported as it says). */
export const ERROR_TABLE: readonly ErrorRow[] = [
  errorRow(CliError, (error) => ({ code: error.code, subcode: error.subcode })),
  errorRow(UsageError, (error) => usage(error.subcode)),
  errorRow(ConfigError, (error) => usage(error.subcode)),
  errorRow(SuppressionsError, (error) => usage(error.subcode)),
  errorRow(RegressionUsageError, (error) => usage(REGRESSION_SUBCODES[error.subcode])),
  errorRow(CompareMismatchError, () => usage('COMPARE_MISMATCH')),
  errorRow(CompareInputError, (error) => ({ code: 'INPUT_ERROR', subcode: error.subcode })),
  errorRow(GateResultsError, (error) =>
    // Two result files that judged one spec are two arguments that cannot go together.
    error.subcode === 'DUPLICATE_FILE' ? usage('CONFLICTING_ARGUMENTS') : { code: 'INPUT_ERROR', subcode: error.subcode },
  ),
];

/**
 * The error as the front ends report it: a CliError whose code gives the exit code, its message
 * after `where` (the file or flag it concerns); undefined for an error of no row (a bug: the
 * caller reports it as `internalError`).
 */
export function reportedError(error: unknown, where = '', table: readonly ErrorRow[] = ERROR_TABLE): CliError | undefined {
  const row = table.find(({ kind }) => error instanceof kind);
  if (row === undefined) return undefined;
  const { code, subcode } = row.reportAs(error as Error);
  const message = `${where}${row.message?.(error as Error) ?? (error as Error).message}`;
  return error instanceof CliError && where === '' ? error : new CliError(code, subcode, message);
}

/** What `run` returns; an error of a row of the table is thrown as it is reported, any other as it is. */
export function reportingErrors<T>(run: () => T, where = ''): T {
  try {
    return run();
  } catch (error) {
    throw reportedError(error, where) ?? error;
  }
}

/** An error of no row: a bug, said in one line with what it said, never as a stack trace. */
export function internalError(error: unknown): CliError {
  const detail = error instanceof Error ? error.message : String(error);
  return new CliError('INTERNAL_ERROR', null, `internal error: ${detail}. This is a bug; please report it with the input that caused it.`);
}
