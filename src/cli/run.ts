import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CommanderError } from 'commander';
import { exitCodes } from '../common/exit-codes.js';
import { jsonText } from '../common/json-text.js';
import { suggestionFor } from '../common/suggest.js';
import { show } from '../common/text.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import type { CommandResult, Io } from './commands/result.js';
import { CliError, CONTRACT_VERSION, type Envelope, type UsageSubcode, usageError } from './contract.js';
import { buildProgram, type Invocation } from './program.js';

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

/** One invocation, in process: the exit code and what goes to standard output; human text goes to io.stderr. */
export async function run(argv: string[], io: Io): Promise<{ exitCode: number; stdout: string }> {
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
function informational(text: string, json: boolean, argv: string[]): { exitCode: number; stdout: string } {
  if (!json) return { exitCode: exitCodes.passed, stdout: text };
  const isVersion = argv.includes('--version') || argv.includes('-V');
  const data = isVersion ? { version: text.trim() } : { help: text };
  return {
    exitCode: exitCodes.passed,
    stdout: envelope(isVersion ? 'version' : 'help', { exitCode: 0, data, warnings: [], error: null, stdout: '' }),
  };
}

/** Each command's module is loaded when it runs, so that a run pays only for the command it is. */
async function execute(invocation: Invocation, io: Io): Promise<CommandResult> {
  switch (invocation.command) {
    case 'compile':
      return (await import('./commands/compile.js')).compileCommand(invocation.options, io);
    case 'schema':
      return (await import('./commands/info.js')).schemaCommand(invocation.preset);
    case 'rules':
      return (await import('./commands/info.js')).rulesCommand();
    case 'explain':
      return (await import('./commands/info.js')).explainCommand(invocation.ruleId);
    case 'test':
      return (await import('./commands/test.js')).testCommand(invocation.options, io);
    case 'stats':
      return (await import('./commands/stats.js')).statsCommand(invocation.options, io);
    case 'briefs':
      return (await import('./commands/briefs.js')).briefsCommand(invocation.options, io);
    case 'briefs append':
      return (await import('./commands/briefs-append.js')).briefsAppendCommand(invocation.options, io);
    case 'init':
      return (await import('./commands/init.js')).initCommand(invocation.options, io);
    case 'config':
      return (await import('./commands/config.js')).configCommand(invocation.options, io);
    case 'summary':
      return (await import('./commands/summary.js')).summaryCommand(invocation.options, io);
    case 'compare':
      return (await import('./commands/compare.js')).compareCommand(invocation.options, io);
    case 'convert':
      return (await import('./commands/convert.js')).convertCommand(invocation.options, io);
    case 'mcp':
      return (await import('./commands/mcp.js')).mcpCommand(invocation.options, io);
    case 'next':
      return (await import('./commands/next.js')).nextCommand(invocation.options, io);
  }
}

/** Help and version requests are not failures; every other problem becomes a coded CliError. */
function asCliError(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof CommanderError) {
    if (
      error.exitCode === 0 ||
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    )
      return undefined;
    const message = error.message.replace(/^error: /, '');
    return new CliError('USAGE_ERROR', COMMANDER_SUBCODES[error.code] ?? 'INVALID_ARGUMENT', message, exitCodes.usage);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new CliError(
    'INTERNAL_ERROR',
    null,
    `internal error: ${detail}. This is a bug; please report it with the input that caused it.`,
    exitCodes.internal,
  );
}

function envelope(command: string, result: CommandResult): string {
  const value: Envelope = {
    schema: CONTRACT_VERSION,
    ok: result.exitCode === exitCodes.passed,
    command,
    data: result.data,
    warnings: result.warnings,
    error: result.error,
  };
  return jsonText(value);
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

/** The command a failed parse was meant for, for the envelope: the first argument naming one (with its subcommand), else compile. */
function commandName(argv: string[], commands: readonly string[]): string {
  const at = argv.findIndex((arg) => !arg.startsWith('-'));
  const first = argv[at];
  if (first === 'briefs' && argv[at + 1] === 'append') return 'briefs append';
  return first !== undefined && commands.includes(first) ? first : 'compile';
}
