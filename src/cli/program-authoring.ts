import { type Command, Option } from 'commander';
import { collect, maxBytesOption, outputOption, parseBudget, pick, pickOutput, presetOption } from './options.js';
import type { Invocation } from './program.js';

/** The commands that help write a spec rather than judge one: `init`, `config` and `next`. */
export function addAuthoringCommands(program: Command, onInvocation: (invocation: Invocation) => void): void {
  program
    .command('next <spec>')
    .description(
      'advise on a draft: what the method allows now and what it forbids (budget left, the hypothesis to test next, replan, stop reasons), each with the rule it comes from',
    )
    .addOption(new Option('-f, --format <format>', 'text or JSON advice').choices(['text', 'json']).default('text'))
    .addOption(presetOption("rule preset (default: the configuration's, else gate)"))
    .option('--policy <file>', "JSON or YAML file whose values override the preset's policy")
    .option('-c, --config <file>', 'configuration file (default: as for compile)')
    .addOption(maxBytesOption('largest input accepted, in bytes'))
    .option('--json', 'print one JSON envelope')
    .action((spec: string, options: Record<string, unknown>) =>
      onInvocation({
        command: 'next',
        options: {
          spec,
          format: options['format'] as 'text' | 'json',
          ...pick(options, ['preset', 'policy', 'config']),
          maxBytes: options['maxBytes'] as number,
          json: options['json'] === true,
        },
      }),
    );

  program
    .command('config [spec]')
    .description('print the preset, every policy value and every rule setting a compile would use, and where each came from')
    .addOption(presetOption('rule preset (default: gate)'))
    .option('--policy <file>', "JSON or YAML file whose values override the preset's policy")
    .option('-c, --config <file>', 'configuration file (default: as for compile)')
    .option('--json', 'print one JSON envelope')
    .action((spec: string | undefined, options: Record<string, unknown>) =>
      onInvocation({
        command: 'config',
        options: {
          ...(spec === undefined ? {} : { spec }),
          ...pick(options, ['preset', 'policy', 'config']),
          json: options['json'] === true,
        },
      }),
    );

  program
    .command('convert <report>')
    .description('write the investigation spec a katas report describes (what has no place in a spec is named, and kept under x-katas)')
    .addOption(new Option('--to <dialect>', 'what to convert to').choices(['spec']).makeOptionMandatory())
    .addOption(new Option('-f, --format <format>', 'JSON or YAML').choices(['json', 'yaml']).default('json'))
    .addOption(outputOption('the spec'))
    .addOption(maxBytesOption('largest report accepted, in bytes'))
    .option('--allow-failing', 'write the spec even when it would fail the default gate (exit 0; the criteria it fails are still named)')
    .option('--json', 'print one JSON envelope')
    .action((report: string, options: Record<string, unknown>) =>
      onInvocation({
        command: 'convert',
        options: {
          report,
          to: 'spec',
          format: options['format'] as 'json' | 'yaml',
          ...pickOutput(options),
          maxBytes: options['maxBytes'] as number,
          allowFailing: options['allowFailing'] === true,
          json: options['json'] === true,
        },
      }),
    );

  program
    .command('mcp')
    .description(
      'serve the tools (compile, next, explain, rules, policy, schema, append_brief) and the schemas as resources to an MCP client, over standard input and output',
    )
    .option('--root <dir>', 'a folder the tools may read and write in (repeatable; default: the working directory)', collect)
    .addOption(maxBytesOption('largest spec accepted, as a file or as text, in bytes'))
    .action((options: Record<string, unknown>) =>
      onInvocation({
        command: 'mcp',
        options: { roots: (options['root'] as string[] | undefined) ?? [], maxBytes: options['maxBytes'] as number },
      }),
    );

  program
    .command('init')
    .description(
      'write the first draft of a spec to fill in: the goal, the budget and an empty list for each section, sound under --stage draft, with comments naming the allowed values (YAML)',
    )
    .option('--goal <text>', 'the question the investigation must answer (default: left empty, for you to fill in)')
    .addOption(new Option('--budget <n>', "the hard budget's total (default: left at 0, for you to fill in)").argParser(parseBudget))
    .addOption(new Option('--unit <unit>', "the budget's unit").choices(['reads', 'tokens']).default('reads'))
    .addOption(
      new Option('-f, --format <format>', 'YAML (with comments) or JSON (default: from the --output name, else yaml)').choices([
        'yaml',
        'json',
      ]),
    )
    .addOption(outputOption('the skeleton'))
    .option('--force', 'overwrite the --output file if it exists')
    .option('--json', 'print one JSON envelope')
    .action((options: Record<string, unknown>) =>
      onInvocation({
        command: 'init',
        options: {
          goal: typeof options['goal'] === 'string' ? options['goal'] : '',
          budget: typeof options['budget'] === 'number' ? options['budget'] : 0,
          unit: options['unit'] as 'reads' | 'tokens',
          ...(options['format'] === undefined ? {} : { format: options['format'] as 'yaml' | 'json' }),
          ...pickOutput(options),
          force: options['force'] === true,
          json: options['json'] === true,
        },
      }),
    );
}
