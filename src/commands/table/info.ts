// The commands that print the tool's own contract and rules: `schema`, `rules` and `explain`.
import { definedFields } from '../../common/defined-fields.js';
import type { PresetName } from '../../policy/presets.js';
import { jsonOption, presetOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const schema = defineCommand({
  name: 'schema',
  description: 'print the machine contract: envelope schema, exit codes, error codes, rules and the input schema',
  options: [
    presetOption("print only the input schema, with the preset's allowed values as enum and examples, for an editor's $schema"),
    { flags: '--json', description: 'print it inside the JSON envelope' },
  ],
  synopsis: 'compile-investigation schema [--preset gate|reference] [--json]',
  parse: (_args, options) => ({
    ...definedFields({ preset: options['preset'] as PresetName | undefined }),
    json: options['json'] === true,
  }),
  run: async (options) => (await import('../info.js')).schemaCommand(options.preset),
});

export const rules = defineCommand({
  name: 'rules',
  description: 'list the rules with their criterion, severity per preset and description',
  options: [jsonOption],
  synopsis: 'compile-investigation rules [--json]',
  parse: (_args, options) => ({ json: options['json'] === true }),
  run: async () => (await import('../info.js')).rulesCommand(),
});

export const explain = defineCommand({
  name: 'explain',
  arguments: '<ruleId>',
  description: "print a rule's documentation with a failing and a passing example spec",
  options: [jsonOption],
  synopsis: 'compile-investigation explain <ruleId> [--json]',
  parse: (args, options) => ({ ruleId: args[0] as string, json: options['json'] === true }),
  run: async (options) => (await import('../info.js')).explainCommand(options.ruleId),
});
