import { type Command, Option } from 'commander';
import { DEFAULT_MAX_ANNOTATIONS } from '../gate/annotations.js';
import type { CompareFormat } from './commands/compare.js';
import {
  ignoreOption,
  maxBytesOption,
  maxWarningsOption,
  outputOption,
  parseCount,
  parsePath,
  pick,
  pickIgnore,
  pickOutput,
  presetOption,
  ruleDocsOption,
} from './options.js';
import type { Invocation } from './program.js';

/** The commands that turn gate runs into what a CI job shows: `summary`, and `compare` of two folders. */
export function addGateCommands(program: Command, onInvocation: (invocation: Invocation) => void): void {
  program
    .command('summary <results...>')
    .description(
      'summarise the --json envelopes of one or more compile runs (such as the shards of a CI matrix): a Markdown job summary, capped GitHub annotations and step outputs',
    )
    .addOption(new Option('-o, --output <file>', 'write the Markdown summary to this file, atomically').argParser(parsePath('--output')))
    .addOption(
      new Option('--step-summary <file>', 'append the Markdown summary to this file (in GitHub Actions: "$GITHUB_STEP_SUMMARY")').argParser(
        parsePath('--step-summary'),
      ),
    )
    .addOption(
      new Option(
        '--github-output <file>',
        'append the step outputs (verdict, exit-code, files, passed, failed, errors, warnings) to this file (in GitHub Actions: "$GITHUB_OUTPUT")',
      ).argParser(parsePath('--github-output')),
    )
    .option(
      '--annotate',
      'print GitHub annotations on standard output instead of the summary, at most --max-annotations of each severity, and a notice that counts the rest',
    )
    .addOption(
      new Option('--max-annotations <n>', 'annotations of each severity (GitHub shows 10 a step)')
        .default(DEFAULT_MAX_ANNOTATIONS)
        .argParser(parseCount('--max-annotations', 'annotations')),
    )
    .option(
      '--link-base <url>',
      "link each file in the summary to this prefix and its path (such as the repository's blob URL at the commit)",
    )
    .addOption(ruleDocsOption('link each rule in the summary to its page, <url><id>.md (default: no rule links)'))
    .addOption(maxWarningsOption())
    .option('--sarif <path>', 'name the SARIF log in the summary')
    .option('--reports <path-or-url>', 'name (or link) where the per-file reports are')
    .addOption(maxBytesOption('largest result file accepted, in bytes'))
    .option('--json', 'print one JSON envelope')
    .action((results: string[], options: Record<string, unknown>) =>
      onInvocation({
        command: 'summary',
        options: {
          results,
          ...pickOutput(options),
          ...pick(options, ['stepSummary', 'githubOutput', 'linkBase', 'sarif', 'reports', 'ruleDocsBaseUrl']),
          ...(typeof options['maxWarnings'] === 'number' ? { maxWarnings: options['maxWarnings'] } : {}),
          annotate: options['annotate'] === true,
          maxAnnotations: options['maxAnnotations'] as number,
          maxBytes: options['maxBytes'] as number,
          json: options['json'] === true,
        },
      }),
    );

  program
    .command('compare <base> <head>')
    .description(
      'compare two folders of specs or JSON reports (<name>.report.json) file by file: verdict changes, new and fixed problems by rule, budget used, deep dives, cycles to success',
    )
    .addOption(
      new Option('-f, --format <format>', 'a listing, Markdown tables, or the JSON comparison')
        .choices(['text', 'markdown', 'json'])
        .default('text'),
    )
    .addOption(outputOption('the comparison'))
    .addOption(presetOption('rule preset for the specs of both sides (default: gate)'))
    .option('--policy <file>', "JSON or YAML file whose values override the preset's policy, for both sides")
    .option(
      '-c, --config <file>',
      "configuration file for both sides (default: INVESTIGATION_CONFIG, or the nearest investigation.config.json|yaml|yml up from each spec's folder)",
    )
    .addOption(ignoreOption())
    .addOption(maxBytesOption('largest spec or report accepted, in bytes'))
    .option(
      '--fail-on-regression',
      'exit 1 when a file got worse: pass to fail, added and failing, a new error (by rule and JSON Pointer), or more warnings',
    )
    .option('--json', 'print one JSON envelope')
    .action((base: string, head: string, options: Record<string, unknown>) =>
      onInvocation({
        command: 'compare',
        options: {
          base,
          head,
          format: options['format'] as CompareFormat,
          ...pickOutput(options),
          ...pick(options, ['preset', 'policy', 'config']),
          ...pickIgnore(options),
          maxBytes: options['maxBytes'] as number,
          failOnRegression: options['failOnRegression'] === true,
          json: options['json'] === true,
        },
      }),
    );
}
