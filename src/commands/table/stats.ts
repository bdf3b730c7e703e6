import { DEFAULT_K, MAX_K_VALUES } from '../../stats/pass-at-k.js';
import {
  ignoreOption,
  jsonOption,
  maxBytesOption,
  outputOption,
  parseKList,
  pick,
  pickIgnore,
  pickOutput,
  policyOption,
  presetOption,
} from '../options.js';
import type { StatsOptions } from '../stats.js';
import { defineCommand } from './declaration.js';

export const stats = defineCommand({
  name: 'stats',
  arguments: '<inputs...>',
  description:
    'compile every spec under the inputs and aggregate the corpus: verdicts, stop reasons, budget use, replans, rule failures, discovery, and runs of the same task (pass@k, pass^k)',
  options: [
    {
      flags: '-f, --format <format>',
      description: 'Markdown tables and Mermaid charts, JSON, or one HTML page with every spec and filters by verdict, rule and task',
      choices: ['markdown', 'json', 'html'],
      default: 'markdown',
    },
    outputOption('the statistics'),
    {
      flags: '--k <list>',
      description: `the k values of pass@k and pass^k per task: comma-separated positive whole numbers, at most ${MAX_K_VALUES} (default: ${DEFAULT_K.join(',')})`,
      parser: parseKList(MAX_K_VALUES),
    },
    presetOption('rule preset (default: gate)'),
    policyOption(),
    { flags: '-c, --config <file>', description: 'configuration file' },
    ignoreOption(),
    maxBytesOption('largest input accepted, in bytes'),
    jsonOption,
  ],
  synopsis: `compile-investigation stats <inputs...> [--format markdown|json|html] [--output FILE] [--k LIST] [--preset NAME]
        [--policy FILE] [--config FILE] [--ignore PATTERN]... [--max-bytes N] [--json]`,
  parse: (args, options): StatsOptions => ({
    inputs: args[0] as string[],
    format: options['format'] as 'markdown' | 'json' | 'html',
    ...(Array.isArray(options['k']) ? { k: options['k'] as number[] } : {}),
    ...pickOutput(options),
    ...pick(options, ['preset', 'policy', 'config']),
    ...pickIgnore(options),
    maxBytes: options['maxBytes'] as number,
    failOn: 'error',
    quiet: false,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../stats.js')).statsCommand(options, io),
});
