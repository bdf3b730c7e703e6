// The commands that read an agent's own trace: `trace show` prints what it holds, `trace draft`
// writes a spec from it, `trace export` writes it as an ATIF trajectory.

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
import type { TraceExportOptions } from '../trace-export.js';
import type { TraceShowOptions } from '../trace-show.js';
import { defineCommand, type OptionSpec } from './declaration.js';

/** The window of a trace kept: its calls of a time, or of a turn. */
const traceWindowOptions: readonly OptionSpec[] = [
  { flags: '--trace-since <time>', description: 'only the calls made from this time on (ISO 8601, such as 2026-03-02T10:00:00Z)' },
  { flags: '--trace-until <time>', description: 'only the calls made up to this time (ISO 8601)' },
  traceTurnOption('only the calls of this turn of the session (1 for the first; Codex rollouts and ATIF trajectories mark their turns)'),
];

/** How a trace is read: the root its paths are placed under, the window kept. */
const traceReadingOptions: readonly OptionSpec[] = [
  {
    flags: '--trace-root <dir>',
    description: "the absolute folder, as the trace names it, paths are shown relative to (default: the cwd of the trace's first call)",
  },
  ...traceWindowOptions,
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
    "print an agent's trace (a Claude Code transcript, PostToolUse or Gemini CLI AfterTool hook payloads, a Codex session rollout, or an ATIF trajectory) as a timeline: each tool call in time order, cheap map calls and deep reads marked, what each surfaced or read",
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

export const traceExport = defineCommand({
  name: 'trace export',
  arguments: '<trace>',
  description:
    "write an agent's trace, of any format read, as an ATIF trajectory (ATIF-v1.7, Harbor's RFC 0001) for trajectory evaluators: one agent step a tool call in time order, its arguments the paths, patterns and command lines the tool reads, its result whether it failed and the paths a map call surfaced, never a file's content",
  options: [
    { flags: '-f, --format <format>', description: 'the trajectory format written', choices: ['atif'], default: 'atif' },
    ...traceWindowOptions,
    ...shellPolicyOptions,
    outputOption('the trajectory'),
    jsonOption,
  ],
  synopsis: `compile-investigation trace export <trace> [--format atif] [--trace-since TIME] [--trace-until TIME] [--trace-turn N]
        [--preset NAME] [--policy FILE] [--config FILE] [--max-bytes N] [--output FILE] [--json]`,
  parse: (args, options): TraceExportOptions => ({
    ...traceFlags(args, options),
    ...pickOutput(options),
    format: options['format'] as TraceExportOptions['format'],
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../trace-export.js')).traceExportCommand(options, io),
});
