import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, type Invocation } from '../src/cli/program.js';
import { defineCommand } from '../src/commands/table/declaration.js';
import { COMMANDS, synopsisText } from '../src/commands/table/index.js';
import { TOOLS } from '../src/mcp/tools.js';
import { projectRoot } from './support/cli.js';
import { documentationPage } from './support/documentation.js';

const quiet = { writeOut: () => undefined, writeErr: () => undefined };

/** Every command of a program, subcommands after their command, by full name. */
function commandsOf(program: Command): Array<{ name: string; command: Command }> {
  return program.commands.flatMap((command) => [
    { name: command.name(), command },
    ...command.commands.map((sub) => ({ name: `${command.name()} ${sub.name()}`, command: sub })),
  ]);
}

/** The static, dynamic and type-only imports of src/cli, file to file. */
/** The imports among the front ends and what they share (the engine, the commands), within those folders. */
function cliImports(): Map<string, string[]> {
  const folders = ['cli', 'commands', 'engine', 'lsp', 'mcp', 'hook'].map((name) => join(projectRoot, 'src', name));
  const files = folders.flatMap((folder) =>
    (readdirSync(folder, { recursive: true }) as string[]).filter((name) => name.endsWith('.ts')).map((name) => join(folder, name)),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)\.js'/g)].map((match) =>
      resolve(dirname(file), `${match[1]}.ts`),
    );
    graph.set(
      file,
      targets.filter((target) => folders.some((folder) => target.startsWith(`${folder}/`))),
    );
  }
  return graph;
}

/** The first import cycle found, as a list of files from the project's root, or undefined. */
function firstCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of [...graph.keys()].sort()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle.map((entry) => relative(projectRoot, entry));
  }
  return undefined;
}

describe('the table of commands', () => {
  it('makes the program: its commands, in order, each with the options it declares', () => {
    const program = buildProgram(() => undefined, quiet);
    const made = commandsOf(program);
    // A subcommand whose parent is not declared (trace show) gets a group made for it, just before it.
    const expected = COMMANDS.flatMap((command, index) => {
      const parent = command.name.split(' ').slice(0, -1).join(' ');
      const grouped = parent !== '' && !COMMANDS.some((other) => other.name === parent);
      const first = grouped && !COMMANDS.slice(0, index).some((other) => other.name.startsWith(`${parent} `));
      return first ? [parent, command.name] : [command.name];
    });
    expect(expected).toContain('trace');
    expect(made.map(({ name }) => name)).toEqual(expected);
    const group = made.find(({ name }) => name === 'trace')?.command;
    expect(group?.options).toEqual([]);
    expect(group?.description()).toBe('trace commands: trace show, trace draft, trace export');
    for (const declaration of COMMANDS) {
      const command = made.find(({ name }) => name === declaration.name)?.command;
      expect(command?.options.map((option) => option.flags)).toEqual(declaration.options.map((option) => option.flags));
      expect(command?.description()).toBe(declaration.description);
    }
  });

  it('is the synopsis of docs/cli.md, as npm run docs writes it', () => {
    const page = documentationPage('docs/cli.md');
    const section = /<!-- generated:synopsis -->\n([\s\S]*?)\n<!-- \/generated:synopsis -->/.exec(page)?.[1];
    expect(section).toBe(synopsisText());
  });

  it('takes a new command as one declaration: the program parses it into its typed options', () => {
    const toy = defineCommand({
      name: 'toy',
      arguments: '<thing>',
      description: 'a command of the tests only',
      options: [{ flags: '--loud', description: 'say it loudly' }],
      synopsis: 'compile-investigation toy <thing> [--loud]',
      parse: (args, options) => ({ thing: args[0] as string, loud: options['loud'] === true }),
      run: async () => ({ exitCode: 0, data: {}, warnings: [], error: null, stdout: '' }),
    });
    let parsed: Invocation | undefined;
    const program = buildProgram((invocation) => (parsed = invocation), quiet, [...COMMANDS, toy]);
    program.parse(['toy', 'box', '--loud'], { from: 'user' });
    expect(parsed as unknown).toEqual({ command: 'toy', options: { thing: 'box', loud: true } });
    expect(program.commands.at(-1)?.helpInformation()).toMatch(/--loud +say it loudly/);
  });

  it('is what the MCP tools mirror: each runs a command of the table, with its choices where they share an option', () => {
    const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    let shared = 0;
    for (const tool of TOOLS) {
      expect(COMMANDS, tool.name).toContain(tool.command);
      for (const [name, schema] of Object.entries(tool.inputSchema.properties)) {
        const option = tool.command.options.find((candidate) => candidate.flags.split(/[ ,]+/).includes(`--${kebab(name)}`));
        if (option?.choices === undefined) continue;
        expect((schema as { enum?: unknown }).enum, `${tool.name} ${name}`).toEqual([...option.choices]);
        shared += 1;
      }
    }
    // preset in compile, next, draft_from_trace, policy and schema, stage in compile, unit in draft_from_trace.
    expect(shared).toBe(7);
  });

  it('leaves no import cycle among the command line, the commands, the engine and the servers', () => {
    expect(firstCycle(cliImports())).toBeUndefined();
  });
});
