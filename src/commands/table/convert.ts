import type { ConvertOptions } from '../convert.js';
import { jsonOption, maxBytesOption, outputOption, pickOutput } from '../options.js';
import { defineCommand } from './declaration.js';

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
  run: async (options, io) => (await import('../convert.js')).convertCommand(options, io),
});
