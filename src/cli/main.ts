import { Command, CommanderError, Option } from 'commander';
import { relative, resolve, sep } from 'node:path';
import { createCompiler, UsageError, type CompileResult, type Compiler } from '../compile.js';
import { describePointer } from '../diagnostics/pointer.js';
import { decodeUtf8, parseSpecText } from '../load/parse.js';
import { presetNames } from '../policy/presets.js';
import { renderJson } from '../render/json.js';
import type { Report } from '../report/types.js';
import { toolInfo } from '../tool.js';
import { ruleCatalogText } from './catalog-text.js';
import { exitCodes } from './exit-codes.js';
import { DEFAULT_MAX_BYTES, readInput, sameFile, writeFileAtomic } from './io.js';

type OutputFormat = 'markdown' | 'json';

interface CliOptions {
  input?: string;
  format: OutputFormat;
  output?: string;
  preset: string;
  policy?: string;
  maxBytes: number;
}

class ExitWith extends Error {
  constructor(readonly exitCode: number, message: string) {
    super(message);
  }
}

function program(): Command {
  return new Command()
    .name(toolInfo.name)
    .description('Compile an adaptive investigation spec (JSON or YAML): run the method\'s acceptance gate as rules and render a Markdown or JSON report.')
    .version(toolInfo.version, '-V, --version')
    .argument('[input]', 'spec file (.json, .yaml, .yml), or - for standard input')
    .option('-i, --input <path>', 'spec file, as an alternative to the positional argument')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['markdown', 'json']).default('markdown'))
    .option('-o, --output <file>', 'write the report to this file (atomically) instead of standard output')
    .addOption(new Option('-p, --preset <name>', 'rule preset').choices([...presetNames]).default('gate'))
    .option('--policy <file>', 'JSON or YAML file whose values override the preset\'s policy')
    .addOption(new Option('--max-bytes <n>', 'largest input accepted, in bytes').default(DEFAULT_MAX_BYTES).argParser(parseByteCount))
    .addHelpText('after', `\n${ruleCatalogText()}\n`)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
}

function parseByteCount(value: string): number {
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1) throw new ExitWith(exitCodes.usage, `--max-bytes takes a positive whole number of bytes, not ${JSON.stringify(value)}`);
  return count;
}

async function run(argv: string[]): Promise<number> {
  const command = program();
  try {
    command.parse(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? exitCodes.passed : exitCodes.usage;
    }
    throw error;
  }
  const options = command.opts<CliOptions>();
  const positional = command.args[0];
  if (positional !== undefined && options.input !== undefined && positional !== options.input) {
    throw new ExitWith(exitCodes.usage, `two inputs given (${positional} and --input ${options.input}); give one`);
  }
  const inputPath = positional ?? options.input;
  if (inputPath === undefined) throw new ExitWith(exitCodes.usage, 'no input given; name a spec file, or - for standard input (see --help)');
  if (options.output !== undefined && inputPath !== '-' && sameFile(options.output, inputPath)) {
    throw new ExitWith(exitCodes.usage, `--output ${options.output} is the input file; refusing to overwrite it`);
  }

  const compiler = makeCompiler(options);
  const read = readInput(inputPath, options.maxBytes);
  const result: CompileResult = read.ok
    ? compiler.compile(read.bytes, inputPath === '-' ? {} : { path: displayPath(inputPath) })
    : { exitCode: 3, verdict: 'fail', diagnostics: [], report: null, error: { code: 'INPUT_ERROR', subcode: read.subcode, message: read.message } };

  const shownPath = inputPath === '-' ? '<stdin>' : inputPath;
  for (const diagnostic of result.diagnostics) {
    process.stderr.write(`${shownPath}: ${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.message} (at ${describePointer(diagnostic.path)})\n`);
  }
  if (result.error?.code === 'INPUT_ERROR') process.stderr.write(`${shownPath}: error ${result.error.subcode}: ${result.error.message}\n`);
  if (result.report) {
    const content = await render(result.report, options.format);
    if (options.output === undefined) process.stdout.write(content);
    else writeOutput(options.output, content);
  }
  return result.exitCode;
}

function makeCompiler(options: CliOptions): Compiler {
  let policy: unknown;
  if (options.policy !== undefined) {
    const read = readInput(options.policy, options.maxBytes);
    if (!read.ok) throw new ExitWith(exitCodes.usage, `--policy: ${read.message}`);
    const decoded = decodeUtf8(read.bytes);
    if (!decoded.ok) throw new ExitWith(exitCodes.usage, `--policy ${options.policy}: ${decoded.problem.message}`);
    const parsed = parseSpecText(decoded.text);
    if (!parsed.ok) throw new ExitWith(exitCodes.usage, `--policy ${options.policy}: ${parsed.problem.message}`);
    policy = parsed.data;
  }
  try {
    return createCompiler({ preset: options.preset, ...(policy === undefined ? {} : { policy }) });
  } catch (error) {
    if (error instanceof UsageError) throw new ExitWith(exitCodes.usage, `${options.policy === undefined ? '' : `--policy ${options.policy}: `}${error.message}`);
    throw error;
  }
}

function writeOutput(path: string, content: string): void {
  try {
    writeFileAtomic(path, content);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new ExitWith(exitCodes.usage, `--output ${path} cannot be written (${code}); check that its folder exists and is writable`);
  }
}

/** Relative to the working directory with forward slashes, so reports carry no absolute paths. */
function displayPath(path: string): string {
  const shown = relative(process.cwd(), resolve(path)) || path;
  return shown.split(sep).join('/');
}

async function render(report: Report, format: OutputFormat): Promise<string> {
  if (format === 'json') return renderJson(report);
  const { renderMarkdown } = await import('../render/markdown.js');
  return renderMarkdown(report);
}

async function main(): Promise<void> {
  try {
    process.exitCode = await run(process.argv);
  } catch (error) {
    if (error instanceof ExitWith) {
      process.stderr.write(`${toolInfo.name}: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${toolInfo.name}: internal error: ${detail}. This is a bug; please report it with the input that caused it.\n`);
    process.exitCode = exitCodes.internal;
  }
}

await main();
