import { DEFAULT_MAX_ANNOTATIONS } from '../../gate/annotations.js';
import { jsonOption, maxBytesOption, maxWarningsOption, parseCount, parsePath, pick, pickOutput, ruleDocsOption } from '../options.js';
import type { SummaryOptions } from '../summary.js';
import { defineCommand } from './declaration.js';

export const summary = defineCommand({
  name: 'summary',
  arguments: '<results...>',
  description:
    'summarise the --json envelopes of one or more compile runs (such as the shards of a CI matrix): a Markdown job summary, capped GitHub annotations and step outputs',
  options: [
    { flags: '-o, --output <file>', description: 'write the Markdown summary to this file, atomically', parser: parsePath('--output') },
    {
      flags: '--step-summary <file>',
      description: 'append the Markdown summary to this file (in GitHub Actions: "$GITHUB_STEP_SUMMARY")',
      parser: parsePath('--step-summary'),
    },
    {
      flags: '--github-output <file>',
      description:
        'append the step outputs (verdict, exit-code, files, passed, failed, errors, warnings) to this file (in GitHub Actions: "$GITHUB_OUTPUT")',
      parser: parsePath('--github-output'),
    },
    {
      flags: '--annotate',
      description:
        'print GitHub annotations on standard output instead of the summary, at most --max-annotations of each severity, and a notice that counts the rest',
    },
    {
      flags: '--max-annotations <n>',
      description: 'annotations of each severity (GitHub shows 10 a step)',
      default: DEFAULT_MAX_ANNOTATIONS,
      parser: parseCount('--max-annotations', 'annotations'),
    },
    {
      flags: '--link-base <url>',
      description: "link each file in the summary to this prefix and its path (such as the repository's blob URL at the commit)",
    },
    ruleDocsOption('link each rule in the summary to its page, <url><id>.md (default: no rule links)'),
    maxWarningsOption(),
    { flags: '--sarif <path>', description: 'name the SARIF log in the summary' },
    { flags: '--reports <path-or-url>', description: 'name (or link) where the per-file reports are' },
    maxBytesOption('largest result file accepted, in bytes'),
    jsonOption,
  ],
  synopsis: `compile-investigation summary <results...> [--step-summary FILE] [--github-output FILE] [--annotate]
        [--max-annotations N] [--max-warnings N] [--link-base URL] [--rule-docs-base-url URL] [--sarif PATH]
        [--reports PATH|URL] [--output FILE] [--max-bytes N] [--json]`,
  parse: (args, options): SummaryOptions => ({
    results: args[0] as string[],
    ...pickOutput(options),
    ...pick(options, ['stepSummary', 'githubOutput', 'linkBase', 'sarif', 'reports', 'ruleDocsBaseUrl']),
    ...(typeof options['maxWarnings'] === 'number' ? { maxWarnings: options['maxWarnings'] } : {}),
    annotate: options['annotate'] === true,
    maxAnnotations: options['maxAnnotations'] as number,
    maxBytes: options['maxBytes'] as number,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../summary.js')).summaryCommand(options, io),
});
