// The commands, one line each, in the order --help lists them (a subcommand after its command).
// The program, the `Invocation` type, the dispatcher and the synopsis of docs/cli.md come from here.

import { briefs, briefsAppend } from './briefs.js';
import { compare } from './compare.js';
import { compile } from './compile.js';
import { config } from './config.js';
import { convert } from './convert.js';
import type { CommandDeclaration } from './declaration.js';
import { hook } from './hook.js';
import { hookInstall, hookUninstall } from './hook-install.js';
import { explain, rules, schema } from './info.js';
import { init } from './init.js';
import { lsp } from './lsp.js';
import { mcp } from './mcp.js';
import { next } from './next.js';
import { stats } from './stats.js';
import { summary } from './summary.js';
import { test } from './test.js';
import { traceDraft, traceExport, traceShow } from './trace.js';

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
  traceShow,
  traceDraft,
  traceExport,
  config,
  convert,
  mcp,
  lsp,
  hook,
  hookInstall,
  hookUninstall,
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
  const lines = COMMANDS.flatMap((command) => {
    const group = [...COMMAND_GROUPS].find(([, subcommands]) => subcommands[0] === command.name);
    if (group === undefined) return [command.synopsis];
    const [name, subcommands] = group;
    return [
      `compile-investigation ${name} <${subcommands.map((subcommand) => subcommand.slice(name.length + 1)).join('|')}>`,
      command.synopsis,
    ];
  });
  return `\`\`\`text\n${lines.join('\n')}\n\`\`\``;
}

/**
 * The commands that are only their subcommands (trace, whose subcommands are all declared but
 * not itself), with those subcommands in order: the program makes one for each, and the synopsis
 * gives it a line before its first subcommand.
 */
export const COMMAND_GROUPS: ReadonlyMap<string, readonly string[]> = (() => {
  const groups = new Map<string, string[]>();
  for (const command of COMMANDS) {
    const parent = command.name.split(' ').slice(0, -1).join(' ');
    if (parent === '' || COMMANDS.some((other) => other.name === parent)) continue;
    groups.set(parent, [...(groups.get(parent) ?? []), command.name]);
  }
  return groups;
})();
