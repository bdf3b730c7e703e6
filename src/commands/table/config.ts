import { definedFields } from '../../common/defined-fields.js';
import type { ConfigOptions } from '../config.js';
import { jsonOption, pick, policyOption, presetOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const config = defineCommand({
  name: 'config',
  arguments: '[spec]',
  description: 'print the preset, every policy value and every rule setting a compile would use, and where each came from',
  options: [
    presetOption('rule preset (default: gate)'),
    policyOption(),
    { flags: '-c, --config <file>', description: 'configuration file (default: as for compile)' },
    jsonOption,
  ],
  synopsis: 'compile-investigation config [spec] [--preset gate|reference] [--policy FILE] [--config FILE] [--json]',
  parse: (args, options): ConfigOptions => ({
    ...definedFields({ spec: args[0] as string | undefined }),
    ...pick(options, ['preset', 'policy', 'config']),
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../config.js')).configCommand(options, io),
});
