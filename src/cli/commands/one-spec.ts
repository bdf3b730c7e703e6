import type { FolderBound } from '../../common/folder-bound.js';
import type { Compiler } from '../../compile.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { FileOutcome } from '../../report/outcome.js';
import type { Stage } from '../../schema/issues.js';
import { usageError } from '../contract.js';
import { expandInputs, type InputFile } from '../inputs.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from './judges.js';
import type { Io } from './result.js';
import { compileFile, type GivenText } from './shared.js';

/** One spec: a file (one path, not a folder or glob; read only if what is opened lies `inside`, when given), or text given in place of a file. */
export type SpecSource = { path: string; inside?: FolderBound } | GivenText;

export interface OneSpec {
  outcome: FileOutcome;
  compiler: Compiler;
  /** The configuration that judged it: found from the file's folder, or the working directory's for text. */
  config: ResolvedConfig;
  warnings: string[];
  /** The same spec judged again by the same compiler, at another stage (final when none). */
  judgeAs(stage?: Stage): FileOutcome;
}

/** How messages name a spec given as text. */
const GIVEN_TEXT_NAME = '<text>';

/**
 * One spec judged as compile would judge it, under the configuration found for it, with `stage`;
 * for the commands and tools that advise on or check a single spec (`next`, the MCP server).
 */
export async function judgeOneSpec(
  source: SpecSource,
  flags: Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> & { stage?: Stage },
  io: Io,
  keepSource = false,
): Promise<OneSpec> {
  const configuration = runConfiguration({ ...flags, failOn: 'error', quiet: false }, io);
  const input = 'path' in source ? bounded(await onePath(source.path, io.cwd), source.inside) : givenInput(source);
  const judged = judgeInputs(configuration, [input]);
  const [file] = judged.files;
  if (file === undefined) throw new Error('one input has one judge');
  const compiler = judged.compilers[file.judge] as Compiler;
  const judgeAs = (stage?: Stage): FileOutcome =>
    compileFile(
      compiler,
      input,
      { maxBytes: flags.maxBytes, failOn: 'error', quiet: false, ...(stage === undefined ? {} : { stage }) },
      keepSource,
    );
  return { outcome: judgeAs(flags.stage), compiler, config: file.config, warnings: judged.warnings, judgeAs };
}

async function onePath(path: string, cwd: string): Promise<InputFile> {
  const { files, several } = await expandInputs([path], cwd);
  const [input] = files;
  if (several || input === undefined) throw usageError('INVALID_ARGUMENT', `give one spec file, not a folder or glob: ${path}`);
  return input;
}

function bounded(input: InputFile, inside: FolderBound | undefined): InputFile {
  return inside === undefined ? input : { ...input, inside };
}

function givenInput(given: GivenText): InputFile & { given: GivenText } {
  return { open: '-', shown: GIVEN_TEXT_NAME, reportPath: GIVEN_TEXT_NAME, given };
}
