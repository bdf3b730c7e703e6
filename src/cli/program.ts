import { Command, Option } from 'commander';
import type { PresetName } from '../policy/presets.js';
import { SUPPRESSIONS_FILE_NAME } from '../suppressions/index.js';
import { toolInfo } from '../tool.js';
import { MIN_ITEMS_FOR_WORKERS } from '../workers/choose.js';
import { exitCodesText, ruleCatalogText } from './catalog.js';
import type { BriefsOptions } from './commands/briefs.js';
import type { BriefsAppendOptions } from './commands/briefs-append.js';
import type { CompareOptions } from './commands/compare.js';
import type { CompileOptions, Format } from './commands/compile.js';
import type { ConfigOptions } from './commands/config.js';
import type { ConvertOptions } from './commands/convert.js';
import type { InitOptions } from './commands/init.js';
import type { McpCommandOptions } from './commands/mcp.js';
import type { NextOptions } from './commands/next.js';
import type { StatsOptions } from './commands/stats.js';
import type { SummaryOptions } from './commands/summary.js';
import type { TestOptions } from './commands/test.js';
import { usageError } from './contract.js';
import {
  collect,
  ignoreOption,
  inertError,
  maxBytesOption,
  maxWarningsOption,
  outputOption,
  parsePath,
  pick,
  pickIgnore,
  pickOutput,
  presetOption,
  ruleDocsOption,
  workersOption,
} from './options.js';
import { addAuthoringCommands } from './program-authoring.js';
import { addCorpusCommands } from './program-corpus.js';
import { addGateCommands } from './program-gate.js';

export type Invocation =
  | { command: 'compile'; options: CompileOptions }
  | { command: 'schema'; preset?: PresetName; json: boolean }
  | { command: 'rules'; json: boolean }
  | { command: 'explain'; ruleId: string; json: boolean }
  | { command: 'test'; options: TestOptions }
  | { command: 'stats'; options: StatsOptions }
  | { command: 'briefs'; options: BriefsOptions }
  | { command: 'briefs append'; options: BriefsAppendOptions }
  | { command: 'init'; options: InitOptions }
  | { command: 'config'; options: ConfigOptions }
  | { command: 'summary'; options: SummaryOptions }
  | { command: 'compare'; options: CompareOptions }
  | { command: 'next'; options: NextOptions }
  | { command: 'mcp'; options: McpCommandOptions }
  | { command: 'convert'; options: ConvertOptions };

const FORMATS: Format[] = ['markdown', 'json', 'text', 'sarif', 'github'];

/** The command line, described once: commander builds --help from it. */
export function buildProgram(
  onInvocation: (invocation: Invocation) => void,
  output: { writeOut: (text: string) => void; writeErr: (text: string) => void },
): Command {
  const program = new Command()
    .name(toolInfo.name)
    .description("Compile adaptive investigation specs (JSON or YAML): run the method's acceptance gate as rules and render reports.")
    .version(toolInfo.version, '-V, --version')
    // The program's own options (--version, --help) come before a command's name, and a command's
    // options after it: so `briefs append DIR --json` gives --json to append, not to briefs.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ ...output, outputError: (text, write) => write(inertError(text)) });

  const compile = program
    .command('compile [inputs...]', { isDefault: true })
    .description('compile spec files, folders or quoted globs (the default command)')
    .option('-i, --input <path>', 'a spec file, as an alternative to the positional argument')
    .addOption(
      new Option(
        '-f, --format <format>',
        'markdown or json report, or text, sarif or github diagnostics (default: markdown for one file, text for several)',
      ).choices(FORMATS),
    )
    .addOption(outputOption('what would go to standard output'))
    .addOption(
      new Option('--output-dir <dir>', 'write one report per input, as <name>.report.md or <name>.report.json').argParser(
        parsePath('--output-dir'),
      ),
    )
    .addOption(presetOption('rule preset (default: gate)'))
    .option('--policy <file>', "JSON or YAML file whose values override the preset's policy")
    .option(
      '-c, --config <file>',
      "configuration file (default: INVESTIGATION_CONFIG, or the nearest investigation.config.json|yaml|yml up from each input's folder, then from here)",
    )
    .addOption(ignoreOption())
    .option(
      '--force-exclude',
      'apply ignores even to files named on the command line: leave them out with a note (for pre-commit, which names the staged files)',
    )
    .addOption(maxBytesOption('largest input accepted, in bytes'))
    .addOption(new Option('--fail-on <severity>', 'fail on errors only, or on warnings too').choices(['error', 'warning']).default('error'))
    .addOption(maxWarningsOption())
    .addOption(
      new Option(
        '--stage <stage>',
        'final: a finished investigation; draft: an unfinished one, judged on what is there (a sound draft is draft-ok, exit 0)',
      )
        .choices(['final', 'draft'])
        .default('final'),
    )
    .option('-q, --quiet', 'report errors only')
    .addOption(
      new Option(
        '--suppressions <file>',
        `the baseline: a suppressions file whose counted problems are listed as suppressed and do not fail the gate (default: the nearest ${SUPPRESSIONS_FILE_NAME} up from each input's folder, then from here)`,
      ).argParser(parsePath('--suppressions')),
    )
    .option('--suppress-all', 'write every problem found into the baseline (the suppressions file), then judge the specs by it')
    .option('--suppress-rule <id>', "write this rule's problems into the baseline (repeatable)", collect)
    .option(
      '--prune-suppressions',
      'lower the counts of the baseline to the problems still found, and drop the entries of specs that are gone',
    )
    .option(
      '--fail-on-unused-suppressions',
      'fail the run (exit 1, GATE_FAILED/UNUSED_SUPPRESSIONS) when a baseline entry accepts more problems than are left',
    )
    .option('--show-suppressed', 'text: list every suppressed problem with its code frame, rather than count them in one line a file')
    .addOption(workersOption('files', '1'))
    .option('--shard <i/n>', 'compile only the i-th of n deterministic shares of the inputs (for a CI matrix; merge the runs with summary)')
    .option(
      '--sarif-category <id>',
      "the SARIF run's automationDetails.id, which tells uploads of one commit apart (default: compile-investigation/)",
    )
    .addOption(ruleDocsOption())
    .option('--json', 'print one JSON envelope on standard output, whatever the outcome')
    .addHelpText('after', `\n${ruleCatalogText()}\n\n${exitCodesText()}\n`)
    .action((inputs: string[], options: Record<string, unknown>) => {
      const all = [...inputs, ...(typeof options['input'] === 'string' ? [options['input']] : [])];
      if (all.length === 0)
        throw usageError('NO_INPUT', 'no input given; name spec files, folders or quoted globs, or - for standard input (see --help)');
      onInvocation({
        command: 'compile',
        options: {
          inputs: all,
          ...(options['format'] === undefined ? {} : { format: options['format'] as Format }),
          ...pickOutput(options),
          ...pick(options, ['outputDir', 'preset', 'policy', 'config', 'shard', 'sarifCategory', 'suppressions', 'ruleDocsBaseUrl']),
          ...pickIgnore(options),
          maxBytes: options['maxBytes'] as number,
          failOn: options['failOn'] as 'error' | 'warning',
          ...(typeof options['maxWarnings'] === 'number' ? { maxWarnings: options['maxWarnings'] } : {}),
          ...(options['stage'] === 'draft' ? { stage: 'draft' as const } : {}),
          quiet: options['quiet'] === true,
          suppressAll: options['suppressAll'] === true,
          suppressRules: (options['suppressRule'] as string[] | undefined) ?? [],
          pruneSuppressions: options['pruneSuppressions'] === true,
          failOnUnusedSuppressions: options['failOnUnusedSuppressions'] === true,
          ...(options['forceExclude'] === true ? { forceExclude: true } : {}),
          showSuppressed: options['showSuppressed'] === true,
          ...(typeof options['workers'] === 'number' ? { workers: options['workers'] } : {}),
          json: options['json'] === true,
        },
      });
    });

  program.addHelpText(
    'after',
    () => `\nThe default command, compile:\n\n${compile.helpInformation()}\n${ruleCatalogText()}\n\n${exitCodesText()}\n`,
  );

  program
    .command('schema')
    .description('print the machine contract: envelope schema, exit codes, error codes, rules and the input schema')
    .addOption(presetOption("print only the input schema, with the preset's allowed values as enum and examples, for an editor's $schema"))
    .option('--json', 'print it inside the JSON envelope')
    .action((options: { preset?: PresetName; json?: boolean }) =>
      onInvocation({ command: 'schema', ...(options.preset === undefined ? {} : { preset: options.preset }), json: options.json === true }),
    );

  program
    .command('rules')
    .description('list the rules with their criterion, severity per preset and description')
    .option('--json', 'print one JSON envelope')
    .action((options: { json?: boolean }) => onInvocation({ command: 'rules', json: options.json === true }));

  program
    .command('explain <ruleId>')
    .description("print a rule's documentation with a failing and a passing example spec")
    .option('--json', 'print one JSON envelope')
    .action((ruleId: string, options: { json?: boolean }) => onInvocation({ command: 'explain', ruleId, json: options.json === true }));

  program
    .command('test <dirs...>')
    .description('run fixture folders against their <name>.expect.json|yaml sidecars and golden reports')
    .addOption(
      new Option('--update [what]', 'rewrite goldens and expectations ("all", the default) or goldens only ("goldens")')
        .choices(['all', 'goldens'])
        .preset('all'),
    )
    .addOption(presetOption("rule preset, under each fixture's own (default: the configuration's, else gate)"))
    .option('--policy <file>', "JSON or YAML file whose values override the configuration's policy, under each fixture's own")
    .option(
      '-c, --config <file>',
      "configuration file for fixtures whose expectation names none (default: as for compile, from each fixture's folder)",
    )
    .addOption(ignoreOption())
    .option('--shard <i/n>', 'run the i-th of n deterministic shares of the fixtures')
    .addOption(new Option('--junit <file>', 'also write a JUnit XML report').argParser(parsePath('--junit')))
    .addOption(workersOption('fixtures', `the number of CPUs from ${MIN_ITEMS_FOR_WORKERS} fixtures on`))
    .option('--json', 'print one JSON envelope')
    .action((dirs: string[], options: Record<string, unknown>) =>
      onInvocation({
        command: 'test',
        options: {
          dirs,
          update: (options['update'] as 'all' | 'goldens' | undefined) ?? 'none',
          ...pick(options, ['shard', 'junit', 'preset', 'policy', 'config']),
          ...pickIgnore(options),
          ...(typeof options['workers'] === 'number' ? { workers: options['workers'] } : {}),
          json: options['json'] === true,
        },
      }),
    );

  addCorpusCommands(program, onInvocation);
  addGateCommands(program, onInvocation);
  addAuthoringCommands(program, onInvocation);
  return program;
}
