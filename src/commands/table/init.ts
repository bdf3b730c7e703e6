import type { InitOptions } from '../init.js';
import { jsonOption, outputOption, parseBudget, pickNewSpec } from '../options.js';
import { defineCommand } from './declaration.js';

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
  parse: (_args, options): InitOptions => pickNewSpec(options),
  run: async (options, io) => (await import('../init.js')).initCommand(options, io),
});
