import { exitCodesText, ruleCatalogText } from '../../catalog.js';
import { definedFields } from '../../common/defined-fields.js';
import { usageError } from '../../engine/contract.js';
import { listingFormats, reportFormats } from '../../render/formatters.js';
import { SUPPRESSIONS_FILE_NAME } from '../../suppressions/index.js';
import type { WorkersRequest } from '../../workers/choose.js';
import type { CompileOptions, Format } from '../compile.js';
import {
  collect,
  ignoreOption,
  maxBytesOption,
  maxWarningsOption,
  outputOption,
  parsePath,
  pick,
  pickIgnore,
  pickOutput,
  policyOption,
  presetOption,
  ruleDocsOption,
  traceOptions,
  workersOption,
} from '../options.js';
import { defineCommand } from './declaration.js';

const FORMATS: Format[] = [...reportFormats, ...listingFormats];

export const compile = defineCommand({
  name: 'compile',
  arguments: '[inputs...]',
  isDefault: true,
  description: 'compile spec files, folders or quoted globs (the default command)',
  options: [
    { flags: '-i, --input <path>', description: 'a spec file, as an alternative to the positional argument' },
    {
      flags: '-f, --format <format>',
      description:
        'markdown, json or html report (html: one self-contained page), or text, sarif or github diagnostics (default: markdown for one file, text for several)',
      choices: FORMATS,
    },
    outputOption('what would go to standard output'),
    {
      flags: '--output-dir <dir>',
      description: 'write one report per input, as <name>.report.md, <name>.report.json or <name>.report.html',
      parser: parsePath('--output-dir'),
    },
    presetOption('rule preset (default: gate)'),
    policyOption(),
    {
      flags: '-c, --config <file>',
      description:
        "configuration file (default: INVESTIGATION_CONFIG, or the nearest investigation.config.json|yaml|yml up from each input's folder, then from here)",
    },
    ignoreOption(),
    {
      flags: '--force-exclude',
      description:
        'apply ignores even to files named on the command line: leave them out with a note (for pre-commit, which names the staged files)',
    },
    maxBytesOption('largest input accepted, in bytes'),
    {
      flags: '--fail-on <severity>',
      description: 'fail on errors only, or on warnings too',
      choices: ['error', 'warning'],
      default: 'error',
    },
    maxWarningsOption(),
    {
      flags: '--stage <stage>',
      description: 'final: a finished investigation; draft: an unfinished one, judged on what is there (a sound draft is draft-ok, exit 0)',
      choices: ['final', 'draft'],
      default: 'final',
    },
    ...traceOptions,
    {
      flags: '--fix',
      description:
        'fix the safe problems in the files first (a spelling or case made right, a count recomputed), keeping their comments, order, quoting and line ends; a file is rewritten only if it still parses and has fewer problems',
    },
    { flags: '--fix-unsafe', description: 'fix the unsafe problems too (a value replaced by another that changes its meaning)' },
    {
      flags: '--fix-dry-run',
      description:
        'print the fixes as a unified diff instead, and write nothing (exit 1 when there is any); with --fix-unsafe, the unsafe ones too',
    },
    { flags: '-q, --quiet', description: 'report errors only' },
    {
      flags: '--suppressions <file>',
      description: `the baseline: a suppressions file whose counted problems are listed as suppressed and do not fail the gate (default: the nearest ${SUPPRESSIONS_FILE_NAME} up from each input's folder, then from here)`,
      parser: parsePath('--suppressions'),
    },
    {
      flags: '--suppress-all',
      description: 'write every problem found into the baseline (the suppressions file), then judge the specs by it',
    },
    { flags: '--suppress-rule <id>', description: "write this rule's problems into the baseline (repeatable)", parser: collect },
    {
      flags: '--prune-suppressions',
      description: 'lower the counts of the baseline to the problems still found, and drop the entries of specs that are gone',
    },
    {
      flags: '--fail-on-unused-suppressions',
      description: 'fail the run (exit 1, GATE_FAILED/UNUSED_SUPPRESSIONS) when a baseline entry accepts more problems than are left',
    },
    {
      flags: '--show-suppressed',
      description: 'text: list every suppressed problem with its code frame, rather than count them in one line a file',
    },
    workersOption('files', '1'),
    {
      flags: '--shard <i/n>',
      description: 'compile only the i-th of n deterministic shares of the inputs (for a CI matrix; merge the runs with summary)',
    },
    {
      flags: '--sarif-category <id>',
      description: "the SARIF run's automationDetails.id, which tells uploads of one commit apart (default: compile-investigation/)",
    },
    ruleDocsOption(),
    { flags: '--json', description: 'print one JSON envelope on standard output, whatever the outcome' },
  ],
  synopsis: `compile-investigation [compile] [inputs...] [--input PATH] [--format FORMAT] [--output FILE]
        [--output-dir DIR] [--preset gate|reference] [--policy FILE] [--config FILE] [--ignore PATTERN]... [--force-exclude]
        [--fail-on error|warning] [--max-warnings N] [--stage final|draft] [--trace FILE] [--trace-root DIR]
        [--trace-since TIME] [--trace-until TIME] [--trace-turn N] [--fix] [--fix-unsafe] [--fix-dry-run] [--quiet] [--max-bytes N] [--workers N]
        [--suppressions FILE] [--suppress-all] [--suppress-rule ID]... [--prune-suppressions]
        [--fail-on-unused-suppressions] [--show-suppressed] [--shard i/n] [--sarif-category ID] [--rule-docs-base-url URL] [--json]`,
  helpAfter: () => `\n${ruleCatalogText()}\n\n${exitCodesText()}\n`,
  parse(args, options): CompileOptions {
    const inputs = args[0] as string[];
    const all = [...inputs, ...(typeof options['input'] === 'string' ? [options['input']] : [])];
    if (all.length === 0)
      throw usageError('NO_INPUT', 'no input given; name spec files, folders or quoted globs, or - for standard input (see --help)');
    return {
      inputs: all,
      ...definedFields({ format: options['format'] as Format | undefined }),
      ...pickOutput(options),
      ...pick(options, ['outputDir', 'preset', 'policy', 'config', 'shard', 'sarifCategory', 'suppressions', 'ruleDocsBaseUrl']),
      ...pickIgnore(options),
      maxBytes: options['maxBytes'] as number,
      failOn: options['failOn'] as 'error' | 'warning',
      ...(typeof options['maxWarnings'] === 'number' ? { maxWarnings: options['maxWarnings'] } : {}),
      ...(options['stage'] === 'draft' ? { stage: 'draft' as const } : {}),
      ...pick(options, ['trace', 'traceRoot', 'traceSince', 'traceUntil']),
      ...(typeof options['traceTurn'] === 'number' ? { traceTurn: options['traceTurn'] } : {}),
      ...fixLevel(options),
      quiet: options['quiet'] === true,
      suppressAll: options['suppressAll'] === true,
      suppressRules: (options['suppressRule'] as string[] | undefined) ?? [],
      pruneSuppressions: options['pruneSuppressions'] === true,
      failOnUnusedSuppressions: options['failOnUnusedSuppressions'] === true,
      ...(options['forceExclude'] === true ? { forceExclude: true } : {}),
      showSuppressed: options['showSuppressed'] === true,
      ...(options['workers'] === undefined ? {} : { workers: options['workers'] as WorkersRequest }),
      json: options['json'] === true,
    };
  },
  run: async (options, io) => (await import('../compile.js')).compileCommand(options, io),
});

/** --fix, --fix-unsafe and --fix-dry-run as the command takes them: which fixes, and whether they are only shown. */
function fixLevel(options: Record<string, unknown>): Pick<CompileOptions, 'fix' | 'fixDryRun'> {
  const dry = options['fixDryRun'] === true;
  if (options['fixUnsafe'] === true) return { fix: 'unsafe', ...(dry ? { fixDryRun: true } : {}) };
  return options['fix'] === true || dry ? { fix: 'safe', ...(dry ? { fixDryRun: true } : {}) } : {};
}
