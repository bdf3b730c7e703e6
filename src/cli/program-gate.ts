import { type Command, Option } from 'commander';
import { DEFAULT_MAX_ANNOTATIONS } from '../gate/annotations.js';
import { DEFAULT_MAX_BYTES } from '../load/read-input.js';
import { maxWarningsOption, parseByteCount, parseCount, parsePath, pick, pickOutput } from './options.js';
import type { Invocation } from './program.js';

/** The command that turns gate runs into what a CI job shows: `summary`. */
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
    .addOption(maxWarningsOption())
    .option('--sarif <path>', 'name the SARIF log in the summary')
    .option('--reports <path-or-url>', 'name (or link) where the per-file reports are')
    .addOption(new Option('--max-bytes <n>', 'largest result file accepted, in bytes').default(DEFAULT_MAX_BYTES).argParser(parseByteCount))
    .option('--json', 'print one JSON envelope')
    .action((results: string[], options: Record<string, unknown>) =>
      onInvocation({
        command: 'summary',
        options: {
          results,
          ...pickOutput(options),
          ...pick(options, ['stepSummary', 'githubOutput', 'linkBase', 'sarif', 'reports']),
          ...(typeof options['maxWarnings'] === 'number' ? { maxWarnings: options['maxWarnings'] } : {}),
          annotate: options['annotate'] === true,
          maxAnnotations: options['maxAnnotations'] as number,
          maxBytes: options['maxBytes'] as number,
          json: options['json'] === true,
        },
      }),
    );
}
