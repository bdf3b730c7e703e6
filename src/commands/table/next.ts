import { SUPPRESSIONS_FILE_NAME } from '../../suppressions/index.js';
import type { NextOptions } from '../next.js';
import { jsonOption, maxBytesOption, parsePath, pick, policyOption, presetOption, traceOptions } from '../options.js';
import { defineCommand } from './declaration.js';

export const next = defineCommand({
  name: 'next',
  arguments: '<spec>',
  description:
    'advise on a draft: what the method allows now and what it forbids (budget left, the hypothesis to test next, replan, stop reasons), each with the rule it comes from',
  options: [
    { flags: '-f, --format <format>', description: 'text or JSON advice', choices: ['text', 'json'], default: 'text' },
    presetOption("rule preset (default: the configuration's, else gate)"),
    policyOption(),
    { flags: '-c, --config <file>', description: 'configuration file (default: as for compile)' },
    maxBytesOption('largest input accepted, in bytes'),
    {
      flags: '--suppressions <file>',
      description: `the baseline, as for compile: the problems it accepts are not advised as fixes (default: the nearest ${SUPPRESSIONS_FILE_NAME} up from the spec's folder, then from here)`,
      parser: parsePath('--suppressions'),
    },
    ...traceOptions,
    jsonOption,
  ],
  synopsis: `compile-investigation next <spec> [--format text|json] [--preset NAME] [--policy FILE] [--config FILE] [--max-bytes N]
        [--suppressions FILE] [--trace FILE] [--trace-root DIR] [--trace-since TIME] [--trace-until TIME] [--trace-turn N] [--json]`,
  parse: (args, options): NextOptions => ({
    spec: args[0] as string,
    format: options['format'] as 'text' | 'json',
    ...pick(options, ['preset', 'policy', 'config', 'suppressions', 'trace', 'traceRoot', 'traceSince', 'traceUntil']),
    ...(typeof options['traceTurn'] === 'number' ? { traceTurn: options['traceTurn'] } : {}),
    maxBytes: options['maxBytes'] as number,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../next.js')).nextCommand(options, io),
});
