// The commands that read an agent's own trace: `trace show` prints what it holds.
import type { TraceShowOptions } from '../commands/trace-show.js';
import { jsonOption, outputOption, pick, pickOutput } from '../options.js';
import { defineCommand } from './declaration.js';

export const traceShow = defineCommand({
  name: 'trace show',
  arguments: '<trace>',
  description:
    "print an agent's trace (a Claude Code transcript or PostToolUse hook payloads, JSONL) as a timeline: each tool call in time order, cheap map calls and deep reads marked, what each surfaced or read",
  options: [
    { flags: '--trace-root <dir>', description: "the folder paths are shown relative to (default: the cwd of the trace's first call)" },
    { flags: '-f, --format <format>', description: 'output format', choices: ['text', 'json'], default: 'text' },
    outputOption('the timeline'),
    jsonOption,
  ],
  synopsis: 'compile-investigation trace show <trace> [--trace-root DIR] [--format text|json] [--output FILE] [--json]',
  parse: (args, options): TraceShowOptions => ({
    trace: args[0] as string,
    ...pick(options, ['traceRoot']),
    ...pickOutput(options),
    format: options['format'] as TraceShowOptions['format'],
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../commands/trace-show.js')).traceShowCommand(options, io),
});
