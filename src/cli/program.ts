import { Command, Option } from 'commander';
import { inertError } from '../commands/options.js';
import type { CommandDeclaration, OptionSpec } from '../commands/table/declaration.js';
import { COMMAND_GROUPS, COMMANDS, type Invocation } from '../commands/table/index.js';
import { usageError } from '../engine/contract.js';
import { toolInfo } from '../tool.js';

export type { Invocation } from '../commands/table/index.js';

/** The command line, made from the table of commands (`commands`: the tests' own table): commander builds --help from it. */
export function buildProgram(
  onInvocation: (invocation: Invocation) => void,
  output: { writeOut: (text: string) => void; writeErr: (text: string) => void },
  commands: readonly CommandDeclaration<string, unknown>[] = COMMANDS as readonly CommandDeclaration<string, unknown>[],
): Command {
  const program = new Command()
    .name(toolInfo.name)
    .description("Compile adaptive investigation specs (JSON or YAML): run the method's acceptance gate as rules and render reports.")
    .version(toolInfo.version, '-V, --version')
    // The program's own options (--version, --help) come before a command's name, and a command's
    // options after it: so `briefs append DIR --json` gives --json to append, not to briefs.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ ...output, outputError: (text, write) => write(inertError(text)) });

  const made = new Map<string, Command>();
  // A command that is only its subcommands (trace): --help lists them; alone, or with a word that
  // names none of them, it is a usage error that names them.
  const group = (name: string): Command => {
    const named = COMMAND_GROUPS.get(name) ?? [];
    const subcommands = named.map((subcommand) => subcommand.slice(name.length + 1));
    const command = program
      .command(name)
      .description(`${name} commands: ${named.join(', ')}`)
      .allowExcessArguments(true)
      .action(() => {
        const given = command.args[0];
        const choices = subcommands.join(', ');
        if (given === undefined) throw usageError('MISSING_ARGUMENT', `${name} needs a command: ${choices}`);
        throw usageError('INVALID_ARGUMENT', `unknown ${name} command ${JSON.stringify(given)}; use ${choices}`);
      });
    made.set(name, command);
    return command;
  };
  for (const declaration of commands) {
    const words = declaration.name.split(' ');
    const parent = words.length === 1 ? program : (made.get(words.slice(0, -1).join(' ')) ?? group(words.slice(0, -1).join(' ')));
    const name = words[words.length - 1] as string;
    const command = parent.command(
      declaration.arguments === undefined ? name : `${name} ${declaration.arguments}`,
      declaration.isDefault === true ? { isDefault: true } : {},
    );
    command.description(declaration.description);
    for (const option of declaration.options) command.addOption(toOption(option));
    if (declaration.helpCommand === false) command.helpCommand(false);
    const helpAfter = declaration.helpAfter;
    if (helpAfter !== undefined) command.addHelpText('after', helpAfter);
    command.action((...values: unknown[]) => {
      // commander passes the positional values, then the options, then the command itself.
      const args = values.slice(0, -2) as string[];
      const options = values[values.length - 2] as Record<string, unknown>;
      onInvocation({ command: declaration.name, options: declaration.parse(args, options, command) } as Invocation);
    });
    if (declaration.isDefault === true)
      program.addHelpText('after', () => `\nThe default command, ${name}:\n\n${command.helpInformation()}${helpAfter?.() ?? ''}`);
    made.set(declaration.name, command);
  }
  return program;
}

/** The commander option an OptionSpec describes. */
function toOption(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices !== undefined) option.choices(spec.choices);
  if (spec.default !== undefined) option.default(spec.default);
  if (spec.preset !== undefined) option.preset(spec.preset);
  if (spec.parser !== undefined) option.argParser(spec.parser as (value: string, previous: unknown) => unknown);
  if (spec.mandatory === true) option.makeOptionMandatory();
  return option;
}
