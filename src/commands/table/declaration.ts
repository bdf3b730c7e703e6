// What a command declares, as data: the program (commander), the `Invocation` type, the
// dispatcher, --help and the synopsis of docs/cli.md are all made from these declarations.
import type { Command } from 'commander';
import type { CommandResult, Io } from '../../engine/result.js';

/** One option of a command: commander builds it, and --help shows it, in the order declared. */
export interface OptionSpec {
  /** As commander takes them: "-o, --output <file>", "--update [what]", "--json". */
  flags: string;
  description: string;
  /** The only values accepted; any other is a usage error that lists them. */
  choices?: readonly string[];
  default?: unknown;
  /** The value of an optional-value option given without one (`--update` alone). */
  preset?: string;
  /** Turns the raw value into the command's (and refuses a bad one); a repeatable option collects here. */
  parser?: (value: string, previous: never) => unknown;
  /** Required, whatever else is given. */
  mandatory?: boolean;
}

/** A positional argument as commander gives it: a value, the values of a variadic one, or nothing for an optional one not given. */
export type Positional = string | string[] | undefined;

/** One command of the table: its module, the part of it that runs, is loaded only when it runs. */
export interface CommandDeclaration<Name extends string = string, Options = unknown> {
  /** Its name; "briefs append" is the subcommand append of briefs, declared after briefs. */
  name: Name;
  /** Its positional arguments, as commander takes them: "<dir>", "[inputs...]". */
  arguments?: string;
  description: string;
  options: readonly OptionSpec[];
  /** Its lines of the synopsis in docs/cli.md (continuation lines indented). */
  synopsis: string;
  /** The command run when the first word names none (compile). */
  isDefault?: boolean;
  /** Text shown after its --help (made when asked for, not on every run). */
  helpAfter?: () => string;
  /** False: `NAME help` is not a command (briefs: a folder named help is checked). */
  helpCommand?: false;
  /** The command's options from commander's parse: positional values, then option values by attribute name. */
  parse(args: readonly Positional[], options: Record<string, unknown>, command: Command): Options;
  /** Runs it: imports its module (so that a run pays only for the command it is) and calls it. */
  run(options: Options, io: Io): Promise<CommandResult>;
}

/** A declaration, checked against the shape and kept with its own name and options types. */
export function defineCommand<Name extends string, Options>(
  declaration: CommandDeclaration<Name, Options>,
): CommandDeclaration<Name, Options> {
  return declaration;
}
