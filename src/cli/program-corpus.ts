import { type Command, Option } from 'commander';
import { DEFAULT_K, MAX_K_VALUES } from '../stats/pass-at-k.js';
import type { BriefsFormat } from './commands/briefs.js';
import { usageError } from './contract.js';
import {
  ignoreOption,
  maxBytesOption,
  outputOption,
  parseKList,
  parsePath,
  pick,
  pickIgnore,
  pickOutput,
  presetOption,
} from './options.js';
import type { Invocation } from './program.js';

/** The commands that read a corpus rather than judge specs one by one: `briefs` and `stats`. */
export function addCorpusCommands(program: Command, onInvocation: (invocation: Invocation) => void): void {
  const briefs = program
    .command('briefs <dir>')
    .description(
      'check a folder of working-brief artifacts (<hypothesisId>-NNNN.json): chains without gaps, parents with matching SHA-256, no forks, valid briefs',
    )
    .option('--spec <file>', 'the spec whose evidence registry the briefs cite (without it, evidence ids are not checked)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'github']).default('text'))
    .addOption(outputOption('the output'))
    .addOption(maxBytesOption('largest artifact accepted, in bytes'))
    .option('--json', 'print one JSON envelope')
    // `briefs help` still checks a folder named help, as it did before briefs had a subcommand.
    .helpCommand(false)
    .addHelpText('after', '\nA folder named append is checked as `briefs ./append`: `briefs append DIR` writes a brief.')
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

  // `briefs append DIR` is the subcommand, and `briefs DIR` the check of any other folder: a folder
  // named append is checked as `briefs ./append`. The program's options are positional (see
  // buildProgram), so those after `append` are the subcommand's even where briefs has the same.
  briefs
    .command('append <dir>')
    .description(
      'write a brief (JSON or YAML) as the next artifact of a hypothesis in DIR: sequence and parent SHA-256 from its chain, checked as briefs checks it, never over a file',
    )
    .addOption(new Option('--hypothesis <id>', 'the hypothesis whose chain the brief extends').makeOptionMandatory())
    .addOption(
      new Option('--from <file>', 'the JSON or YAML file holding the brief itself ("-": standard input)')
        .makeOptionMandatory()
        .argParser(parsePath('--from')),
    )
    .option('--spec <file>', 'the spec whose evidence registry the brief cites (without it, evidence ids are not checked)')
    .addOption(maxBytesOption('largest artifact, spec or brief accepted, in bytes'))
    .option('--json', 'print one JSON envelope')
    .action((dir: string, options: Record<string, unknown>) => {
      refuseOptionsBefore(briefs, 'append');
      onInvocation({
        command: 'briefs append',
        options: {
          dir,
          hypothesis: options['hypothesis'] as string,
          from: options['from'] as string,
          ...pick(options, ['spec']),
          maxBytes: options['maxBytes'] as number,
          json: options['json'] === true,
        },
      });
    });

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
    .addOption(ignoreOption())
    .addOption(maxBytesOption('largest input accepted, in bytes'))
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
          ...pickIgnore(options),
          maxBytes: options['maxBytes'] as number,
          failOn: 'error',
          quiet: false,
          json: options['json'] === true,
        },
      }),
    );
}

/**
 * Options of a command given before its subcommand's name (`briefs --spec s.json append ...`)
 * are the command's, which the subcommand never sees: refused, rather than silently dropped.
 */
function refuseOptionsBefore(command: Command, subcommand: string): void {
  const given = command.options.filter((option) => command.getOptionValueSource(option.attributeName()) === 'cli');
  if (given.length === 0) return;
  const names = given.map((option) => option.long ?? option.flags).join(', ');
  throw usageError(
    'INVALID_ARGUMENT',
    `${names} before "${subcommand}" ${given.length === 1 ? 'is an option' : 'are options'} of ${command.name()} itself, which ${command.name()} ${subcommand} does not read; give ${given.length === 1 ? 'it' : 'them'} after "${command.name()} ${subcommand} DIR"`,
  );
}
