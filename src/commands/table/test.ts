import type { WorkersRequest } from '../../workers/choose.js';
import { ignoreOption, jsonOption, parsePath, pick, pickIgnore, policyOption, presetOption, workersOption } from '../options.js';
import type { TestOptions } from '../test.js';
import { defineCommand } from './declaration.js';

export const test = defineCommand({
  name: 'test',
  arguments: '<dirs...>',
  description: 'run fixture folders against their <name>.expect.json|yaml sidecars and golden reports',
  options: [
    {
      flags: '--update [what]',
      description: 'rewrite goldens and expectations ("all", the default) or goldens only ("goldens")',
      choices: ['all', 'goldens'],
      preset: 'all',
    },
    presetOption("rule preset, under each fixture's own (default: the configuration's, else gate)"),
    policyOption("the configuration's policy, under each fixture's own"),
    {
      flags: '-c, --config <file>',
      description: "configuration file for fixtures whose expectation names none (default: as for compile, from each fixture's folder)",
    },
    ignoreOption(),
    { flags: '--shard <i/n>', description: 'run the i-th of n deterministic shares of the fixtures' },
    { flags: '--junit <file>', description: 'also write a JUnit XML report', parser: parsePath('--junit') },
    workersOption('fixtures', 'auto'),
    jsonOption,
  ],
  synopsis: `compile-investigation test <dirs...> [--update [all|goldens]] [--preset NAME] [--policy FILE] [--config FILE]
        [--ignore PATTERN]... [--shard i/n] [--junit FILE] [--workers N] [--json]`,
  parse: (args, options): TestOptions => ({
    dirs: args[0] as string[],
    update: (options['update'] as 'all' | 'goldens' | undefined) ?? 'none',
    ...pick(options, ['shard', 'junit', 'preset', 'policy', 'config']),
    ...pickIgnore(options),
    ...(options['workers'] === undefined ? {} : { workers: options['workers'] as WorkersRequest }),
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../test.js')).testCommand(options, io),
});
