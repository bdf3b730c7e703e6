import type { CompareFormat, CompareOptions } from '../compare.js';
import {
  ignoreOption,
  jsonOption,
  maxBytesOption,
  outputOption,
  pick,
  pickIgnore,
  pickOutput,
  policyOption,
  presetOption,
} from '../options.js';
import { defineCommand } from './declaration.js';

export const compare = defineCommand({
  name: 'compare',
  arguments: '<base> <head>',
  description:
    'compare two folders of specs or JSON reports (<name>.report.json) file by file: verdict changes, new and fixed problems by rule, budget used, deep dives, cycles to success',
  options: [
    {
      flags: '-f, --format <format>',
      description:
        'a listing, Markdown tables, the JSON comparison, or one HTML page with regressions first and filters by change and rule',
      choices: ['text', 'markdown', 'json', 'html'],
      default: 'text',
    },
    outputOption('the comparison'),
    presetOption('rule preset for the specs of both sides (default: gate)'),
    policyOption("the preset's policy, for both sides"),
    {
      flags: '-c, --config <file>',
      description:
        "configuration file for both sides (default: INVESTIGATION_CONFIG, or the nearest investigation.config.json|yaml|yml up from each spec's folder)",
    },
    ignoreOption(),
    maxBytesOption('largest spec or report accepted, in bytes'),
    {
      flags: '--fail-on-regression',
      description:
        'exit 1 when a file got worse: pass to fail, added and failing, a new error (by rule and JSON Pointer), or more warnings',
    },
    jsonOption,
  ],
  synopsis: `compile-investigation compare <base> <head> [--format text|markdown|json|html] [--output FILE] [--preset NAME]
        [--policy FILE] [--config FILE] [--ignore PATTERN]... [--max-bytes N] [--fail-on-regression] [--json]`,
  parse: (args, options): CompareOptions => ({
    base: args[0] as string,
    head: args[1] as string,
    format: options['format'] as CompareFormat,
    ...pickOutput(options),
    ...pick(options, ['preset', 'policy', 'config']),
    ...pickIgnore(options),
    maxBytes: options['maxBytes'] as number,
    failOnRegression: options['failOnRegression'] === true,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../compare.js')).compareCommand(options, io),
});
