// The commands, one line each, in the order --help lists them (a subcommand after its command).
// The program, the `Invocation` type, the dispatcher and the synopsis of docs/cli.md come from here.

import { briefs, briefsAppend } from './briefs.js';
import { compare } from './compare.js';
import { compile } from './compile.js';
import { config } from './config.js';
import { convert } from './convert.js';
import type { CommandDeclaration } from './declaration.js';
import { explain, rules, schema } from './info.js';
import { init } from './init.js';
import { mcp } from './mcp.js';
import { next } from './next.js';
import { stats } from './stats.js';
import { summary } from './summary.js';
import { test } from './test.js';

export const COMMANDS = [
  compile,
  schema,
  rules,
  explain,
  test,
  briefs,
  briefsAppend,
  stats,
  summary,
  compare,
  next,
  config,
  convert,
  mcp,
  init,
] as const;

type Declared = (typeof COMMANDS)[number];

/** A parsed command line: the command's name and its options, typed by its declaration. */
export type Invocation = Declared extends infer D
  ? D extends CommandDeclaration<infer Name, infer Options>
    ? { command: Name; options: Options }
    : never
  : never;

/** Runs a parsed command line with the command it names. */
export function execute(invocation: Invocation, io: Parameters<Declared['run']>[1]): ReturnType<Declared['run']> {
  const declaration = COMMANDS.find((command) => command.name === invocation.command) as CommandDeclaration<string, unknown>;
  return declaration.run(invocation.options, io);
}

/** The synopsis of every command, the ```text block of docs/cli.md. */
export function synopsisText(): string {
  return `\`\`\`text\n${COMMANDS.map((command) => command.synopsis).join('\n')}\n\`\`\``;
}
