// The commands of working-brief artifacts: `briefs DIR` checks a folder, `briefs append DIR` writes a brief.
import type { Command } from 'commander';
import { usageError } from '../../engine/contract.js';
import type { BriefsFormat, BriefsOptions } from '../briefs.js';
import type { BriefsAppendOptions } from '../briefs-append.js';
import { jsonOption, maxBytesOption, outputOption, parsePath, pick, pickOutput } from '../options.js';
import { defineCommand } from './declaration.js';

export const briefs = defineCommand({
  name: 'briefs',
  arguments: '<dir>',
  description:
    'check a folder of working-brief artifacts (<hypothesisId>-NNNN.json): chains without gaps, parents with matching SHA-256, no forks, valid briefs',
  options: [
    { flags: '--spec <file>', description: 'the spec whose evidence registry the briefs cite (without it, evidence ids are not checked)' },
    { flags: '-f, --format <format>', description: 'output format', choices: ['text', 'json', 'sarif', 'github'], default: 'text' },
    outputOption('the output'),
    maxBytesOption('largest artifact accepted, in bytes'),
    jsonOption,
  ],
  synopsis: 'compile-investigation briefs <dir> [--spec FILE] [--format text|json|sarif|github] [--output FILE] [--max-bytes N] [--json]',
  // `briefs help` still checks a folder named help, as it did before briefs had a subcommand.
  helpCommand: false,
  helpAfter: () => '\nA folder named append is checked as `briefs ./append`: `briefs append DIR` writes a brief.',
  parse: (args, options): BriefsOptions => ({
    dir: args[0] as string,
    ...pickOutput(options),
    ...pick(options, ['spec']),
    format: options['format'] as BriefsFormat,
    maxBytes: options['maxBytes'] as number,
    json: options['json'] === true,
  }),
  run: async (options, io) => (await import('../briefs.js')).briefsCommand(options, io),
});

// `briefs append DIR` is the subcommand, and `briefs DIR` the check of any other folder: a folder
// named append is checked as `briefs ./append`. The program's options are positional (see
// buildProgram), so those after `append` are the subcommand's even where briefs has the same.
export const briefsAppend = defineCommand({
  name: 'briefs append',
  arguments: '<dir>',
  description:
    'write a brief (JSON or YAML) as the next artifact of a hypothesis in DIR: sequence and parent SHA-256 from its chain, checked as briefs checks it, never over a file',
  options: [
    { flags: '--hypothesis <id>', description: 'the hypothesis whose chain the brief extends', mandatory: true },
    {
      flags: '--from <file>',
      description: 'the JSON or YAML file holding the brief itself ("-": standard input)',
      mandatory: true,
      parser: parsePath('--from'),
    },
    { flags: '--spec <file>', description: 'the spec whose evidence registry the brief cites (without it, evidence ids are not checked)' },
    maxBytesOption('largest artifact, spec or brief accepted, in bytes'),
    jsonOption,
  ],
  synopsis: 'compile-investigation briefs append <dir> --hypothesis ID --from FILE|- [--spec FILE] [--max-bytes N] [--json]',
  parse(args, options, command): BriefsAppendOptions {
    if (command.parent !== null) refuseOptionsBefore(command.parent, 'append');
    return {
      dir: args[0] as string,
      hypothesis: options['hypothesis'] as string,
      from: options['from'] as string,
      ...pick(options, ['spec']),
      maxBytes: options['maxBytes'] as number,
      json: options['json'] === true,
    };
  },
  run: async (options, io) => (await import('../briefs-append.js')).briefsAppendCommand(options, io),
});

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
