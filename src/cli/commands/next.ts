import { exitCodes } from '../../common/exit-codes.js';
import { jsonText } from '../../common/json-text.js';
import { visible } from '../../common/visible.js';
import type { Compiler } from '../../compile.js';
import { toolInfo } from '../../tool.js';
import { usageError } from '../contract.js';
import { expandInputs } from '../inputs.js';
import { type CompilerFlags, configEcho, judgeInputs, runConfiguration } from './judges.js';
import type { CommandResult, Io } from './result.js';
import { compileFile } from './shared.js';

export interface NextOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> {
  spec: string;
  format: 'text' | 'json';
  json: boolean;
}

/**
 * What the method allows and forbids now, for one draft: it is compiled as a draft (`--stage
 * draft`) under the configuration compile would use, and the advice derived from it and the
 * policy. Exits as the draft's compile would: 0 sound, 1 broken (the advice is its fixes), 3, 4.
 */
export async function nextCommand(options: NextOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration({ ...options, failOn: 'error', quiet: false }, io);
  const { files, several } = await expandInputs([options.spec], io.cwd);
  const [input] = files;
  if (several || input === undefined)
    throw usageError('INVALID_ARGUMENT', `next advises on one spec file, not a folder or glob: ${options.spec}`);
  const judged = judgeInputs(configuration, [input]);
  const [file] = judged.files;
  const compiler = judged.compilers[file?.judge ?? 0] as Compiler;
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${visible(warning)}\n`);
  const outcome = compileFile(compiler, input, { maxBytes: options.maxBytes, failOn: 'error', quiet: false, stage: 'draft' }, false);
  const { adviseNext, formatNextSteps } = await import('../../advice/index.js');
  // A draft that has stopped is judged as finished too: what that finds is what is left to do.
  const stopped = outcome.report !== null && outcome.verdict !== 'fail' && outcome.report.investigation['stopCondition'] !== undefined;
  const finished = stopped ? compileFile(compiler, input, { maxBytes: options.maxBytes, failOn: 'error', quiet: false }, false) : undefined;
  const next = adviseNext(outcome, compiler.policy, finished);
  const data = { path: outcome.path, ...(file === undefined ? {} : { config: configEcho(file.config) }), next };
  const stdout = options.json ? '' : options.format === 'json' ? jsonText(next) : formatNextSteps(outcome.path, next);
  const exitCode = outcome.exitCode;
  const error =
    exitCode === exitCodes.passed
      ? null
      : outcome.error !== null
        ? { code: outcome.error.code, subcode: outcome.error.subcode, message: `${outcome.path}: ${outcome.error.message}` }
        : { code: 'GATE_FAILED' as const, subcode: 'ERRORS', message: `${outcome.path}: the draft is not sound; fix its problems first` };
  return { exitCode, data, warnings: judged.warnings, error, stdout };
}
