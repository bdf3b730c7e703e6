/**
 * A mistake in how the regression runner was called: a folder that does not exist, a path that is
 * not a fixture, a malformed shard. The CLI maps it to exit code 2 (usage error).
 */
export type RegressionUsageSubcode = 'NOT_FOUND' | 'NOT_A_FIXTURE' | 'BAD_SHARD';

export class RegressionUsageError extends Error {
  override readonly name = 'RegressionUsageError';

  constructor(
    readonly subcode: RegressionUsageSubcode,
    message: string,
  ) {
    super(message);
  }
}

/** An expectation file that cannot be read, parsed or does not have the expected shape. */
export class ExpectationError extends Error {
  override readonly name = 'ExpectationError';

  constructor(
    /** The expectation file, as shown to the user. */
    readonly file: string,
    /** What is wrong, without the file name. */
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
