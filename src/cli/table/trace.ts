// The commands that read an agent's own trace: `trace show` prints what it holds.
import type { TraceShowOptions } from '../commands/trace-show.js';
import { jsonOption, maxBytesOption, outputOption, pick, pickOutput, policyOption, presetOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const traceShow = defineCommand({
  name: 'trace show',
  arguments: '<trace>',
  description:
    "print an agent's trace (a Claude Code transcript or PostToolUse hook payloads, JSONL) as a timeline: each tool call in time order, cheap map calls and deep reads marked, what each surfaced or read",
  options: [
    {
      flags: '--trace-root <dir>',
      description: "the absolute folder, as the trace names it, paths are shown relative to (default: the cwd of the trace's first call)",
    },
    { flags: '--trace-since <time>', description: 'only the calls made from this time on (ISO 8601, such as 2026-03-02T10:00:00Z)' },
    { flags: '--trace-until <time>', description: 'only the calls made up to this time (ISO 8601)' },
    { flags: '-f, --format <format>', description: 'output format', choices: ['text', 'json'], default: 'text' },
    presetOption("preset whose policy says which shell programs map and read (default: the configuration's, else gate)"),
    policyOption(),
    { flags: '-c, --config <file>', description: 'configuration file (default: the one found from the working directory)' },
    maxBytesOption('largest policy or configuration file accepted, in bytes'),
    outputOption('the timeline'),
    jsonOption,
  ],
  synopsis: `compile-investigation trace show <trace> [--trace-root DIR] [--trace-since TIME] [--trace-until TIME]
        [--preset NAME] [--policy FILE] [--config FILE] [--max-bytes N] [--format text|json] [--output FILE] [--json]`,
  parse: (args, options): TraceShowOptions => ({
    trace: args[0] as string,
    ...pick(options, ['traceRoot', 'preset', 'policy', 'config']),
    maxBytes: options['maxBytes'] as number,
    ...(typeof options['traceSince'] === 'string' ? { since: options['traceSince'] } : {}),
    ...(typeof options['traceUntil'] === 'string' ? { until: options['traceUntil'] } : {}),
    ...pickOutput(options),
    format: options['format'] as TraceShowOptions['format'],
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/trace-show.js')).traceShowCommand(options, io),
});
