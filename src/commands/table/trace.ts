// The commands that read an agent's own trace: `trace show` prints what it holds, `trace draft`
// writes a spec from it.

import type { TraceFlags } from '../../engine/trace-input.js';
import {
  jsonOption,
  maxBytesOption,
  outputOption,
  parseBudget,
  pick,
  pickNewSpec,
  pickOutput,
  policyOption,
  presetOption,
  traceTurnOption,
} from '../options.js';
import type { TraceDraftOptions } from '../trace-draft.js';
import type { TraceShowOptions } from '../trace-show.js';
import { defineCommand, type OptionSpec } from './declaration.js';

/** How a trace is read: the root its paths are placed under, the window of time kept. */
const traceReadingOptions: readonly OptionSpec[] = [
  {
    flags: '--trace-root <dir>',
    description: "the absolute folder, as the trace names it, paths are shown relative to (default: the cwd of the trace's first call)",
  },
  { flags: '--trace-since <time>', description: 'only the calls made from this time on (ISO 8601, such as 2026-03-02T10:00:00Z)' },
  { flags: '--trace-until <time>', description: 'only the calls made up to this time (ISO 8601)' },
  traceTurnOption('only the calls of this turn of the session (1 for the first; a Codex rollout marks its turns)'),
];

/** The policy whose shell table says which programs map and read: a preset, a policy file, a configuration. */
const shellPolicyOptions: readonly OptionSpec[] = [
  presetOption("preset whose policy says which shell programs map and read (default: the configuration's, else gate)"),
  policyOption(),
  { flags: '-c, --config <file>', description: 'configuration file (default: the one found from the working directory)' },
  maxBytesOption('largest policy or configuration file accepted, in bytes'),
];

/** The trace and the options of those two tables, as the commands take them. */
function traceFlags(args: readonly unknown[], options: Record<string, unknown>): TraceFlags & Pick<TraceShowOptions, 'maxBytes'> {
  return {
    trace: args[0] as string,
    ...pick(options, ['traceRoot', 'preset', 'policy', 'config']),
    maxBytes: options['maxBytes'] as number,
    ...(typeof options['traceSince'] === 'string' ? { since: options['traceSince'] } : {}),
    ...(typeof options['traceUntil'] === 'string' ? { until: options['traceUntil'] } : {}),
    ...(typeof options['traceTurn'] === 'number' ? { turn: options['traceTurn'] } : {}),
  };
}

export const traceShow = defineCommand({
  name: 'trace show',
  arguments: '<trace>',
  description:
    "print an agent's trace (a Claude Code transcript, PostToolUse or Gemini CLI AfterTool hook payloads, or a Codex session rollout, JSONL) as a timeline: each tool call in time order, cheap map calls and deep reads marked, what each surfaced or read",
  options: [
    ...traceReadingOptions,
    { flags: '-f, --format <format>', description: 'output format', choices: ['text', 'json'], default: 'text' },
    ...shellPolicyOptions,
    outputOption('the timeline'),
    jsonOption,
  ],
  synopsis: `compile-investigation trace show <trace> [--trace-root DIR] [--trace-since TIME] [--trace-until TIME] [--trace-turn N]
        [--preset NAME] [--policy FILE] [--config FILE] [--max-bytes N] [--format text|json] [--output FILE] [--json]`,
  parse: (args, options): TraceShowOptions => ({
    ...traceFlags(args, options),
    ...pickOutput(options),
    format: options['format'] as TraceShowOptions['format'],
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../trace-show.js')).traceShowCommand(options, io),
});

export const traceDraft = defineCommand({
  name: 'trace draft',
  arguments: '<trace>',
  description:
    "write a spec drafted from an agent's trace: the surface map from its successful cheap calls, the deep dives from its successful reads in time order, budget.used from what it spent, x-trace linking each to its call; the hypotheses and each read's finding, effect and provenance are left empty for the author",
  options: [
    { flags: '--goal <text>', description: 'the question the investigation answered (default: left empty, for you to fill in)' },
    { flags: '--budget <n>', description: "the hard budget's total (default: left at 0, for you to fill in)", parser: parseBudget },
    {
      flags: '--unit <unit>',
      description: "the budget's unit: used counts the trace's reads, or its tokens",
      choices: ['reads', 'tokens'],
      default: 'reads',
    },
    ...traceReadingOptions,
    {
      flags: '-f, --format <format>',
      description: 'YAML (with comments at the places left for you) or JSON (default: from the --output name, else yaml)',
      choices: ['yaml', 'json'],
    },
    ...shellPolicyOptions,
    outputOption('the draft'),
    { flags: '--force', description: 'overwrite the --output file if it exists' },
    jsonOption,
  ],
  synopsis: `compile-investigation trace draft <trace> [--goal TEXT] [--budget N] [--unit reads|tokens] [--trace-root DIR]
        [--trace-since TIME] [--trace-until TIME] [--trace-turn N] [--format yaml|json] [--preset NAME] [--policy FILE] [--config FILE]
        [--max-bytes N] [--output FILE] [--force] [--json]`,
  parse: (args, options): TraceDraftOptions => ({
    ...traceFlags(args, options),
    ...pickNewSpec(options),
  }),
  run: async (options, io) => (await import('../trace-draft.js')).traceDraftCommand(options, io),
});
