import { type Command, Option } from 'commander';
import { DEFAULT_MAX_BYTES } from '../load/read-input.js';
import { DEFAULT_K, MAX_K_VALUES } from '../stats/pass-at-k.js';
import type { BriefsFormat } from './commands/briefs.js';
import { outputOption, parseByteCount, parseKList, pick, pickOutput, presetOption } from './options.js';
import type { Invocation } from './program.js';

/** The commands that read a corpus rather than judge specs one by one: `briefs` and `stats`. */
export function addCorpusCommands(program: Command, onInvocation: (invocation: Invocation) => void): void {
  program
    .command('briefs <dir>')
    .description(
      'check a folder of working-brief artifacts (<hypothesisId>-NNNN.json): chains without gaps, parents with matching SHA-256, no forks, valid briefs',
    )
    .option('--spec <file>', 'the spec whose evidence registry the briefs cite (without it, evidence ids are not checked)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'github']).default('text'))
    .addOption(outputOption('the output'))
    .addOption(new Option('--max-bytes <n>', 'largest artifact accepted, in bytes').default(DEFAULT_MAX_BYTES).argParser(parseByteCount))
    .option('--json', 'print one JSON envelope')
    .action((dir: string, options: Record<string, unknown>) =>
      onInvocation({
        command: 'briefs',
        options: {
          dir,
          ...pickOutput(options),
          ...pick(options, ['spec']),
          format: options['format'] as BriefsFormat,
          maxBytes: options['maxBytes'] as number,
          json: options['json'] === true,
        },
      }),
    );

  program
    .command('stats <inputs...>')
    .description(
      'compile every spec under the inputs and aggregate the corpus: verdicts, stop reasons, budget use, replans, rule failures, discovery, and runs of the same task (pass@k, pass^k)',
    )
    .addOption(
      new Option('-f, --format <format>', 'Markdown tables and Mermaid charts, or JSON').choices(['markdown', 'json']).default('markdown'),
    )
    .addOption(outputOption('the statistics'))
    .addOption(
      new Option(
        '--k <list>',
        `the k values of pass@k and pass^k per task: comma-separated positive whole numbers, at most ${MAX_K_VALUES} (default: ${DEFAULT_K.join(',')})`,
      ).argParser(parseKList(MAX_K_VALUES)),
    )
    .addOption(presetOption('rule preset (default: gate)'))
    .option('--policy <file>', "JSON or YAML file whose values override the preset's policy")
    .option('-c, --config <file>', 'configuration file')
    .addOption(new Option('--max-bytes <n>', 'largest input accepted, in bytes').default(DEFAULT_MAX_BYTES).argParser(parseByteCount))
    .option('--json', 'print one JSON envelope')
    .action((inputs: string[], options: Record<string, unknown>) =>
      onInvocation({
        command: 'stats',
        options: {
          inputs,
          format: options['format'] as 'markdown' | 'json',
          ...(Array.isArray(options['k']) ? { k: options['k'] as number[] } : {}),
          ...pickOutput(options),
          ...pick(options, ['preset', 'policy', 'config']),
          maxBytes: options['maxBytes'] as number,
          failOn: 'error',
          quiet: false,
          json: options['json'] === true,
        },
      }),
    );
}
