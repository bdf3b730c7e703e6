// The parsers and helpers of command-line options: each turns one raw value into what a command
// expects, or refuses it with a usage error that says what to give instead.
import { show } from '../common/text.js';
import { baseUrlProblem } from '../config/validate.js';
import { usageError } from '../engine/contract.js';
import { presetNames } from '../policy/presets.js';
import { escapeFor } from '../render/untrusted/index.js';
import { DEFAULT_MAX_BYTES } from '../run/input-file.js';
import { MIN_ITEMS_FOR_WORKERS, MIN_ITEMS_ON_TWO_CORES, type WorkersRequest } from '../workers/choose.js';
import type { OptionSpec } from './table/declaration.js';

export function pick(options: Record<string, unknown>, keys: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of keys) if (typeof options[key] === 'string') result[key] = options[key] as string;
  return result;
}

/** A path option: an empty name is a mistake (often an unset shell variable), not a file. */
export function parsePath(option: string): (value: string) => string {
  return (value) => {
    if (value === '') throw usageError('INVALID_ARGUMENT', `${option} takes a file name, not an empty string`);
    return value;
  };
}

/** -o/--output: `what` written to a file, atomically; "-" is standard output. */
export function outputOption(what: string): OptionSpec {
  return {
    flags: '-o, --output <file>',
    description: `write ${what} to this file, atomically ("-": standard output)`,
    parser: parsePath('--output'),
  };
}

/** -p/--preset: one of the built-in presets. */
export function presetOption(description: string): OptionSpec {
  return { flags: '-p, --preset <name>', description, choices: [...presetNames] };
}

/** --policy: a file whose values override a policy; `over` says which (the preset's, by default). */
export function policyOption(over = "the preset's policy"): OptionSpec {
  return { flags: '--policy <file>', description: `JSON or YAML file whose values override ${over}` };
}

/** --output "-" means standard output, as usual: the same as no --output at all. */
export function pickOutput(options: Record<string, unknown>): { output?: string } {
  const output = options['output'];
  return typeof output === 'string' && output !== '-' ? { output } : {};
}

/** A parser of whole numbers from `least` up, in decimal digits only: Number() would also take "1e3", "0x10", "0b11" and " 12 ". */
function wholeNumber(option: string, what: string, least: 0 | 1): (value: string) => number {
  return (value) => {
    const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(count) || count < least)
      throw usageError(
        'INVALID_ARGUMENT',
        `${option} takes a ${least === 1 ? 'positive whole number' : 'whole number (0 or more)'} of ${what}, not ${JSON.stringify(value)}`,
      );
    return count;
  };
}

const positiveCount = (option: string, what: string) => wholeNumber(option, what, 1);

/** A count that may be 0. */
export const parseCount = (option: string, what: string) => wholeNumber(option, what, 0);

const parseByteCount = positiveCount('--max-bytes', 'bytes in decimal digits');

/** --max-bytes: larger files are refused; `description` says which files. */
export function maxBytesOption(description: string): OptionSpec {
  return { flags: '--max-bytes <n>', description, default: DEFAULT_MAX_BYTES, parser: parseByteCount };
}

export const parseBudget = positiveCount('--budget', 'budget units (reads or tokens)');

/** --workers, for commands that compile many files, capped alike; `byDefault` says what runs without it. */
export function workersOption(items: string, byDefault: string): OptionSpec {
  return {
    flags: '--workers <n>',
    description: `worker threads to compile the ${items} on, at most the number of CPUs, or auto: one per CPU from ${MIN_ITEMS_ON_TWO_CORES} ${items} on two cores, from ${MIN_ITEMS_FOR_WORKERS} on more, else this thread (default: ${byDefault}; 1 runs them in this thread)`,
    parser: parseWorkers,
  };
}

const workerCount = positiveCount('--workers', 'worker threads or auto');
const parseWorkers = (value: string): WorkersRequest => (value === 'auto' ? 'auto' : workerCount(value));

/** --max-warnings, for every command that judges specs as a gate. */
export function maxWarningsOption(): OptionSpec {
  return {
    flags: '--max-warnings <n>',
    description: 'fail (exit 1) when there are more warnings than this, as ESLint does',
    parser: parseCount('--max-warnings', 'warnings'),
  };
}

/**
 * --k of stats: comma-separated positive whole numbers ("1,3,5"), at most `most` distinct ones,
 * returned ascending without repeats. An empty item ("1,,3"), a sign, a fraction or anything but
 * decimal digits is refused.
 */
export function parseKList(most: number): (value: string) => number[] {
  return (value) => {
    const items = value.split(',').map((item) => (/^\d+$/.test(item) ? Number(item) : Number.NaN));
    if (!items.every((k) => Number.isSafeInteger(k) && k >= 1))
      throw usageError(
        'INVALID_ARGUMENT',
        `--k takes comma-separated positive whole numbers (such as 1,3,5), not ${JSON.stringify(value)}`,
      );
    const ks = [...new Set(items)].sort((a, b) => a - b);
    if (ks.length > most) throw usageError('INVALID_ARGUMENT', `--k takes at most ${most} distinct values, not ${ks.length}`);
    return ks;
  };
}

/** --ignore PATTERN, repeatable: files a folder walk or glob leaves out. */
export function ignoreOption(): OptionSpec {
  return {
    flags: '--ignore <pattern>',
    description:
      'leave out files of folders and globs that this glob matches, relative to here (repeatable; a file named is judged anyway, with a warning)',
    parser: collect,
  };
}

/** The --ignore patterns given, for a command's options. */
export function pickIgnore(options: Record<string, unknown>): { ignore?: string[] } {
  return Array.isArray(options['ignore']) ? { ignore: options['ignore'] as string[] } : {};
}

/** --rule-docs-base-url URL: where SARIF links each rule's page, `<url><id>.md`. */
export function ruleDocsOption(
  description = "where SARIF links each rule's page, <url><id>.md (default: the configuration's ruleDocsBaseUrl, else the pages in the installed package)",
): OptionSpec {
  const parser = (value: string): string => {
    const problem = baseUrlProblem(value);
    if (problem !== null) throw usageError('INVALID_ARGUMENT', `--rule-docs-base-url ${show(value)} ${problem}`);
    return value;
  };
  return { flags: '--rule-docs-base-url <url>', description, parser };
}

/** A repeatable option's values, in the order given. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * Commander's error messages quote the arguments (an unknown option, an invalid value), which may
 * come from untrusted file names: the message is made one visible, inert line. Only commander's
 * own "(Did you mean …?)" suggestion, which ends a message after the quoted argument, keeps its line.
 */
export function inertError(text: string): string {
  const message = text.endsWith('\n') ? text.slice(0, -1) : text;
  const suggestion = /\n\(Did you mean [^\n]*\?\)$/.exec(message)?.[0] ?? '';
  return `${escapeFor.terminal(message.slice(0, message.length - suggestion.length))}${suggestion}\n`;
}

/** --json, as most commands give it. */
export const jsonOption: OptionSpec = { flags: '--json', description: 'print one JSON envelope' };

/** --trace and the options that say how to read it, as compile and next take them. */
export const traceOptions: readonly OptionSpec[] = [
  {
    flags: '--trace <file>',
    description:
      "check the spec against the agent's own trace of tool calls (a Claude Code transcript or PostToolUse hook payloads, JSONL): the trace-* rules; one spec only (default: the spec's own x-trace)",
    parser: parsePath('--trace'),
  },
  {
    flags: '--trace-root <dir>',
    description: "the absolute folder, as the trace names it, the spec's nodes are under (default: the cwd of the trace's first call)",
  },
  {
    flags: '--trace-since <time>',
    description:
      'only the calls of the trace made from this time on (ISO 8601 with its zone, such as 2026-03-02T10:00:00Z; a date alone is that day from 00:00 UTC)',
  },
  {
    flags: '--trace-until <time>',
    description: "only the calls of the trace made up to this time (ISO 8601 with its zone; a date alone is that day's 00:00 UTC)",
  },
  traceTurnOption('only the calls of this turn of the session (1 for the first; a Codex rollout marks its turns)'),
];

/** --trace-turn: one request of a session that marks them. */
export function traceTurnOption(description: string): OptionSpec {
  return { flags: '--trace-turn <n>', description, parser: positiveCount('--trace-turn', 'turns, from 1') };
}

/** What init and trace draft take of a new spec: its goal and budget (left for the author when not given), and where it goes. */
export function pickNewSpec(options: Record<string, unknown>): {
  goal: string;
  budget: number;
  unit: 'reads' | 'tokens';
  format?: 'yaml' | 'json';
  output?: string;
  force: boolean;
  json: boolean;
} {
  return {
    goal: typeof options['goal'] === 'string' ? options['goal'] : '',
    budget: typeof options['budget'] === 'number' ? options['budget'] : 0,
    unit: options['unit'] as 'reads' | 'tokens',
    ...(options['format'] === 'yaml' || options['format'] === 'json' ? { format: options['format'] } : {}),
    ...pickOutput(options),
    force: options['force'] === true,
    json: options['json'] === true,
  };
}
