// The commands that help write a spec rather than judge one (`next`, `config`, `convert`, `init`),
// and `mcp`, which serves them to an agent.
import type { ConfigOptions } from '../commands/config.js';
import type { ConvertOptions } from '../commands/convert.js';
import type { InitOptions } from '../commands/init.js';
import type { McpCommandOptions } from '../commands/mcp.js';
import type { NextOptions } from '../commands/next.js';
import { collect, jsonOption, maxBytesOption, outputOption, parseBudget, pick, pickOutput, presetOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const next = defineCommand({
  name: 'next',
  arguments: '<spec>',
  description:
    'advise on a draft: what the method allows now and what it forbids (budget left, the hypothesis to test next, replan, stop reasons), each with the rule it comes from',
  options: [
    { flags: '-f, --format <format>', description: 'text or JSON advice', choices: ['text', 'json'], default: 'text' },
    presetOption("rule preset (default: the configuration's, else gate)"),
    { flags: '--policy <file>', description: "JSON or YAML file whose values override the preset's policy" },
    { flags: '-c, --config <file>', description: 'configuration file (default: as for compile)' },
    maxBytesOption('largest input accepted, in bytes'),
    jsonOption,
  ],
  synopsis:
    'compile-investigation next <spec> [--format text|json] [--preset NAME] [--policy FILE] [--config FILE] [--max-bytes N] [--json]',
  parse: (args, options): NextOptions => ({
    spec: args[0] as string,
    format: options['format'] as 'text' | 'json',
    ...pick(options, ['preset', 'policy', 'config']),
    maxBytes: options['maxBytes'] as number,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/next.js')).nextCommand(options, io),
});

export const config = defineCommand({
  name: 'config',
  arguments: '[spec]',
  description: 'print the preset, every policy value and every rule setting a compile would use, and where each came from',
  options: [
    presetOption('rule preset (default: gate)'),
    { flags: '--policy <file>', description: "JSON or YAML file whose values override the preset's policy" },
    { flags: '-c, --config <file>', description: 'configuration file (default: as for compile)' },
    jsonOption,
  ],
  synopsis: 'compile-investigation config [spec] [--preset gate|reference] [--policy FILE] [--config FILE] [--json]',
  parse: (args, options): ConfigOptions => ({
    ...(args[0] === undefined ? {} : { spec: args[0] as string }),
    ...pick(options, ['preset', 'policy', 'config']),
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/config.js')).configCommand(options, io),
});

export const convert = defineCommand({
  name: 'convert',
  arguments: '<report>',
  description: 'write the investigation spec a katas report describes (what has no place in a spec is named, and kept under x-katas)',
  options: [
    { flags: '--to <dialect>', description: 'what to convert to', choices: ['spec'], mandatory: true },
    { flags: '-f, --format <format>', description: 'JSON or YAML', choices: ['json', 'yaml'], default: 'json' },
    outputOption('the spec'),
    maxBytesOption('largest report accepted, in bytes'),
    {
      flags: '--allow-failing',
      description: 'write the spec even when it would fail the default gate (exit 0; the criteria it fails are still named)',
    },
    jsonOption,
  ],
  synopsis:
    'compile-investigation convert <report> --to spec [--format json|yaml] [--output FILE] [--allow-failing] [--max-bytes N] [--json]',
  parse: (args, options): ConvertOptions => ({
    report: args[0] as string,
    to: 'spec',
    format: options['format'] as 'json' | 'yaml',
    ...pickOutput(options),
    maxBytes: options['maxBytes'] as number,
    allowFailing: options['allowFailing'] === true,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/convert.js')).convertCommand(options, io),
});

export const mcp = defineCommand({
  name: 'mcp',
  description:
    'serve the tools (compile, next, explain, rules, policy, schema, append_brief) and the schemas as resources to an MCP client, over standard input and output',
  options: [
    {
      flags: '--root <dir>',
      description: 'a folder the tools may read and write in (repeatable; default: the working directory)',
      parser: collect,
    },
    maxBytesOption('largest spec accepted, as a file or as text, in bytes'),
  ],
  synopsis: 'compile-investigation mcp [--root DIR]... [--max-bytes N]',
  parse: (_args, options): McpCommandOptions => ({
    roots: (options['root'] as string[] | undefined) ?? [],
    maxBytes: options['maxBytes'] as number,
  }),
  run: async (options, io) => (await import('../commands/mcp.js')).mcpCommand(options, io),
});

export const init = defineCommand({
  name: 'init',
  description:
    'write the first draft of a spec to fill in: the goal, the budget and an empty list for each section, sound under --stage draft, with comments naming the allowed values (YAML)',
  options: [
    { flags: '--goal <text>', description: 'the question the investigation must answer (default: left empty, for you to fill in)' },
    { flags: '--budget <n>', description: "the hard budget's total (default: left at 0, for you to fill in)", parser: parseBudget },
    { flags: '--unit <unit>', description: "the budget's unit", choices: ['reads', 'tokens'], default: 'reads' },
    {
      flags: '-f, --format <format>',
      description: 'YAML (with comments) or JSON (default: from the --output name, else yaml)',
      choices: ['yaml', 'json'],
    },
    outputOption('the skeleton'),
    { flags: '--force', description: 'overwrite the --output file if it exists' },
    jsonOption,
  ],
  synopsis:
    'compile-investigation init [--goal TEXT] [--budget N] [--unit reads|tokens] [--format yaml|json] [--output FILE] [--force] [--json]',
  parse: (_args, options): InitOptions => ({
    goal: typeof options['goal'] === 'string' ? options['goal'] : '',
    budget: typeof options['budget'] === 'number' ? options['budget'] : 0,
    unit: options['unit'] as 'reads' | 'tokens',
    ...(options['format'] === undefined ? {} : { format: options['format'] as 'yaml' | 'json' }),
    ...pickOutput(options),
    force: options['force'] === true,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/init.js')).initCommand(options, io),
});
