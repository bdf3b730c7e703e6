import { criticalSubcodes, inputErrorSubcodes } from '../catalog.js';
import { exitCodes } from '../common/exit-codes.js';

/** Version of the machine contract: the envelope, the error codes and the exit codes. */
export const CONTRACT_VERSION = '1';

export type ErrorCode = 'GATE_FAILED' | 'USAGE_ERROR' | 'INPUT_ERROR' | 'CRITICAL_INPUT' | 'INTERNAL_ERROR';

const usageErrorSubcodes = {
  UNKNOWN_OPTION: 'an option the command does not know',
  UNKNOWN_COMMAND: 'a command that does not exist',
  INVALID_ARGUMENT: 'an option value or argument that is not allowed',
  MISSING_ARGUMENT: 'a required argument or option value is missing',
  CONFLICTING_ARGUMENTS: 'arguments that cannot be used together',
  NO_INPUT: 'no input file, directory or glob was given, or none matched',
  UNKNOWN_PRESET: 'a preset name that does not exist',
  UNKNOWN_RULE: 'a rule id that does not exist',
  INVALID_SETTING: 'a rule setting other than off, warning or error',
  INVALID_POLICY: 'a policy that does not satisfy the policy schema',
  INVALID_CONFIG: 'a configuration file that cannot be read, has unknown keys or values of the wrong type; every problem is named at once',
  CONFIG_NOT_FOUND: 'the configuration file named by --config or INVESTIGATION_CONFIG does not exist',
  OUTPUT_IS_INPUT: '--output names an input file',
  OUTPUT_NOT_WRITABLE: 'the output file or folder cannot be written',
  OUTPUT_EXISTS: 'init: the --output file exists, and --force was not given',
  INVALID_SHARD: 'a --shard that is not i/n with 1 <= i <= n',
  NOT_A_DIRECTORY:
    'test or compare was given something that is not a directory; briefs append a DIR that is not a folder, or is missing and so is the folder it would be in',
  INVALID_SUPPRESSIONS:
    'a suppressions file that cannot be read, is not JSON or holds entries that are not spec paths mapping rule ids to {"count": N}; every problem is named at once',
  SUPPRESSIONS_NOT_FOUND: 'the suppressions file named by --suppressions does not exist (and the run does not write one)',
  OUTSIDE_ROOTS: 'mcp: a path outside the folders the server was started with (--root)',
  COMPARE_MISMATCH: 'compare: BASE and HEAD have no file in common (no path without extension is in both)',
  INVALID_HYPOTHESIS:
    'briefs append: a --hypothesis that cannot name an artifact file: empty, or holding a path separator, control or bidi characters or a lone surrogate, or too long for a file name',
  CHAIN_BROKEN:
    'briefs append: an artifact of the chain of --hypothesis in DIR does not pass briefs (a gap, a parent or hash that does not match, a fork, a file that cannot be read, a brief with errors), or the new one would fork it; nothing was written',
  ARTIFACT_EXISTS:
    'briefs append: the file the next artifact would have exists: another append created it meanwhile, or it is a folder or a link that briefs does not read; nothing was written',
  INVALID_AGENT_SETTINGS:
    "hook install, hook uninstall: the agent's settings file cannot be read as the agent reads it (not UTF-8 or JSON, a comment where the agent allows none, not an object, a key twice, hooks of the wrong shape); nothing was written",
  KEY_COLLISION: 'compare: two files of BASE, or of HEAD, have the same path without extension (a/x.json and a/x.report.json)',
} as const;

export type UsageSubcode = keyof typeof usageErrorSubcodes;

export interface ErrorCodeEntry {
  code: ErrorCode;
  exitCode: number;
  meaning: string;
  subcodes: Array<{ subcode: string; meaning: string }>;
}

function entries(record: Readonly<Record<string, string>>): Array<{ subcode: string; meaning: string }> {
  return Object.entries(record).map(([subcode, meaning]) => ({ subcode, meaning }));
}

/** Stable: codes and exit codes never change; subcodes may be added. */
export const errorCodes: readonly ErrorCodeEntry[] = [
  {
    code: 'GATE_FAILED',
    exitCode: exitCodes.gateFailed,
    meaning: 'the gate failed for at least one file (errors, or warnings with --fail-on warning); reports are still produced',
    subcodes: entries({
      ERRORS: 'at least one error diagnostic',
      WARNINGS: 'no errors, but warnings and --fail-on warning',
      TOO_MANY_WARNINGS: 'no errors, but more warnings than --max-warnings allows',
      UNUSED_SUPPRESSIONS:
        'no errors, but --fail-on-unused-suppressions and baseline entries that accept more problems than are left (fixed, or of specs that are gone)',
      FIXTURES_FAILED: 'test: at least one fixture does not match its expectation',
      REGRESSION: 'compare --fail-on-regression: at least one file got worse from BASE to HEAD',
      CONVERSION_FAILS: 'convert: the converted spec would fail the default gate; nothing was written (--allow-failing writes it)',
      FIXES_PENDING: 'compile --fix-dry-run: at least one fix would be written (the diff shows each); nothing was',
    }),
  },
  {
    code: 'USAGE_ERROR',
    exitCode: exitCodes.usage,
    meaning: 'the command line, the configuration or the policy is wrong',
    subcodes: entries(usageErrorSubcodes),
  },
  {
    code: 'INPUT_ERROR',
    exitCode: exitCodes.input,
    meaning: 'an input file could not be read or parsed into an object',
    subcodes: entries(inputErrorSubcodes),
  },
  {
    code: 'CRITICAL_INPUT',
    exitCode: exitCodes.critical,
    meaning: '{VACIO_CRITICO}: the goal or the budget is missing; no report',
    subcodes: entries(criticalSubcodes),
  },
  { code: 'INTERNAL_ERROR', exitCode: exitCodes.internal, meaning: 'a bug in compile-investigation', subcodes: [] },
];

export interface EnvelopeError {
  code: ErrorCode;
  subcode: string | null;
  message: string;
}

/** The one JSON document `--json` prints on stdout, for every outcome. */
export interface Envelope {
  schema: typeof CONTRACT_VERSION;
  ok: boolean;
  command: string;
  data: Record<string, unknown>;
  warnings: string[];
  error: EnvelopeError | null;
}

/** The exit code of an error code, as `errorCodes` states it: the one place the two are paired. */
export function exitCodeOf(code: ErrorCode): number {
  return (errorCodes.find((entry) => entry.code === code) as ErrorCodeEntry).exitCode;
}

/** A failure the CLI reports with a code, a subcode and the code's exit code, never with a stack trace. */
export class CliError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly subcode: string | null,
    message: string,
  ) {
    super(message);
  }

  get exitCode(): number {
    return exitCodeOf(this.code);
  }
}

export function usageError(subcode: UsageSubcode, message: string): CliError {
  return new CliError('USAGE_ERROR', subcode, message);
}

/** An input file that cannot be read or parsed, with the subcode of its problem. */
export function inputError(subcode: string, message: string): CliError {
  return new CliError('INPUT_ERROR', subcode, message);
}
