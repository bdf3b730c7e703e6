import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CommanderError } from 'commander';
import { COMMANDS, execute, type Invocation } from '../commands/table/index.js';
import { exitCodes } from '../common/exit-codes.js';
import { jsonPieces } from '../common/json-text.js';
import { type OutputText, wholeText } from '../common/output-text.js';
import { suggestionFor } from '../common/suggest.js';
import { show } from '../common/text.js';
import { type CliError, CONTRACT_VERSION, type Envelope, type UsageSubcode, usageError } from '../engine/contract.js';
import { ERROR_TABLE, type ErrorRow, errorRow, internalError, reportedError } from '../engine/error-table.js';
import type { CommandResult, Io } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { buildProgram } from './program.js';

/** The usage subcode of each of the command-line parser's own errors. */
const COMMANDER_SUBCODES: Record<string, UsageSubcode> = {
  'commander.unknownOption': 'UNKNOWN_OPTION',
  'commander.unknownCommand': 'UNKNOWN_COMMAND',
  'commander.invalidArgument': 'INVALID_ARGUMENT',
  'commander.missingArgument': 'MISSING_ARGUMENT',
  'commander.optionMissingArgument': 'MISSING_ARGUMENT',
  'commander.missingMandatoryOptionValue': 'MISSING_ARGUMENT',
  'commander.excessArguments': 'INVALID_ARGUMENT',
  'commander.conflictingOption': 'CONFLICTING_ARGUMENTS',
};

/**
 * The error table with the parser's row: only the command line parses with commander, so the row
 * is added here rather than in the engine's table, whose bundles (the servers, the library) must
 * not carry the parser. Its message loses commander's "error: ".
 */
const CLI_ERROR_TABLE: readonly ErrorRow[] = [
  ...ERROR_TABLE,
  errorRow(
    CommanderError,
    (error) => ({ code: 'USAGE_ERROR', subcode: COMMANDER_SUBCODES[error.code] ?? 'INVALID_ARGUMENT' }),
    (error) => error.message.replace(/^error: /, ''),
  ),
];

/** One invocation, in process: the exit code and what goes to standard output, whole; human text goes to io.stderr. */
export async function run(argv: string[], io: Io): Promise<{ exitCode: number; stdout: string }> {
  const { exitCode, stdout } = await runCommand(argv, io);
  return { exitCode, stdout: wholeText(stdout) };
}

/**
 * As run, with standard output as the command made it: a large JSON report or envelope comes in
 * pieces made as they are written, for the process entry to print without ever holding it whole.
 */
export async function runCommand(argv: string[], io: Io): Promise<{ exitCode: number; stdout: OutputText }> {
  const json = argv.includes('--json');
  let invocation: Invocation | undefined;
  let printed = '';
  const program = buildProgram((parsed) => (invocation = parsed), {
    writeOut: (text) => void (printed += text),
    writeErr: (text) => void io.stderr.write(text),
  });
  const commands = program.commands.map((command) => command.name());
  try {
    refuseMistypedCommand(argv, io.cwd, commands);
    program.parse(argv, { from: 'user' });
    if (!invocation) return informational(printed, json, argv);
    const result = await execute(invocation, io);
    return { exitCode: result.exitCode, stdout: json ? envelope(invocation.command, result) : result.stdout };
  } catch (error) {
    const failure = asCliError(error);
    if (!failure) return informational(printed, json, argv);
    if (!(error instanceof CommanderError)) io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(failure.message)}\n`);
    const result: CommandResult = {
      exitCode: failure.exitCode,
      data: {},
      warnings: [],
      error: { code: failure.code, subcode: failure.subcode, message: failure.message },
      stdout: '',
    };
    return { exitCode: failure.exitCode, stdout: json ? envelope(invocation?.command ?? commandName(argv, commands), result) : '' };
  }
}

/** --help and --version: their text, or with --json an envelope holding it. */
function informational(text: string, json: boolean, argv: string[]): { exitCode: number; stdout: OutputText } {
  if (!json) return { exitCode: exitCodes.passed, stdout: text };
  const isVersion = argv.includes('--version') || argv.includes('-V');
  const data = isVersion ? { version: text.trim() } : { help: text };
  return {
    exitCode: exitCodes.passed,
    stdout: envelope(isVersion ? 'version' : 'help', { exitCode: 0, data, warnings: [], error: null, stdout: '' }),
  };
}

/** Help and version requests are not failures; every other problem becomes a coded CliError, by the error table. */
function asCliError(error: unknown): CliError | undefined {
  if (error instanceof CommanderError) {
    if (
      error.exitCode === 0 ||
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    )
      return undefined;
  }
  return reportedError(error, '', CLI_ERROR_TABLE) ?? internalError(error);
}

function envelope(command: string, result: CommandResult): OutputText {
  const value: Envelope = {
    schema: CONTRACT_VERSION,
    ok: result.exitCode === exitCodes.passed,
    command,
    data: result.data,
    warnings: result.warnings,
    error: result.error,
  };
  return jsonPieces(value);
}

/**
 * The default command takes file names, so a mistyped command ("rule", "tests") would be read as a
 * missing file: a first word that names no file but is close to a command is refused with the command.
 */
function refuseMistypedCommand(argv: string[], cwd: string, commands: readonly string[]): void {
  const first = argv[0];
  if (first === undefined || first.startsWith('-') || commands.includes(first)) return;
  const command = suggestionFor(first, commands);
  if (command === undefined || existsSync(resolve(cwd, first))) return;
  throw usageError(
    'UNKNOWN_COMMAND',
    `unknown command ${show(first)}, and no file of that name exists. Did you mean ${show(command)}? (run with --help for the commands)`,
  );
}

/** The command a failed parse was meant for, for the envelope: the first argument naming one (with its subcommand), else the default command. */
function commandName(argv: string[], commands: readonly string[]): string {
  const at = argv.findIndex((arg) => !arg.startsWith('-'));
  const first = argv[at];
  const names = COMMANDS.map((command) => command.name as string);
  const withSubcommand = `${first} ${argv[at + 1]}`;
  if (names.includes(withSubcommand)) return withSubcommand;
  if (first !== undefined && commands.includes(first)) return first;
  return COMMANDS.find((command) => command.isDefault === true)?.name ?? 'compile';
}
