import { definedFields } from '../common/defined-fields.js';
import { exitCodes } from '../common/exit-codes.js';
import { jsonText } from '../common/json-text.js';
import { dialectById } from '../dialects/index.js';
import { usageError } from '../engine/contract.js';
import { type CompilerFlags, configEcho } from '../engine/judges.js';
import { judgeOneSpec, type OneSpecFlags, type SpecSource } from '../engine/one-spec.js';
import type { CommandResult, Io } from '../engine/result.js';
import { traceFlagsOf, traceReaderOf } from '../engine/trace-input.js';
import type { Policy } from '../policy/types.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';

export interface NextOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> {
  spec: string;
  /** The baseline, as compile's --suppressions: the problems it accepts are not advised as fixes. */
  suppressions?: string;
  /** The agent's trace, and how to read it: the reads it shows and the draft lacks come first in the advice. */
  trace?: string;
  traceRoot?: string;
  traceSince?: string;
  traceTurn?: number;
  traceUntil?: string;
  format: 'text' | 'json';
  json: boolean;
}

/** `next SPEC`: the advice for one draft file. */
export async function nextCommand(options: NextOptions, io: Io): Promise<CommandResult> {
  const trace = traceFlagsOf(options);
  const read = trace === undefined ? {} : { trace: (policy: Policy) => traceReaderOf(trace, policy, io) };
  const baselines = { pin: '--suppressions', ...definedFields({ suppressions: options.suppressions }) };
  const result = await adviseOn({ path: options.spec }, { ...pickCompilerFlags(options), baselines, ...read }, io);
  for (const warning of result.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const stdout = options.json ? '' : options.format === 'json' ? jsonText(result.data['next']) : result.stdout;
  return { ...result, stdout };
}

function pickCompilerFlags(options: NextOptions): Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> {
  return { maxBytes: options.maxBytes, ...definedFields({ preset: options.preset, policy: options.policy, config: options.config }) };
}

/**
 * What the method allows and forbids now, for one draft: it is compiled as a draft (`--stage
 * draft`) under the configuration and baseline compile would use, and the advice derived from it
 * and the policy; the problems the baseline accepts are not advised as fixes. Exits as the draft's
 * compile would: 0 sound, 1 broken (the advice is its fixes), 3, 4. The command line and the MCP
 * server give the same advice through it.
 */
export async function adviseOn(
  source: SpecSource,
  flags: Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'> & Pick<OneSpecFlags, 'trace' | 'baselines'>,
  io: Io,
): Promise<CommandResult> {
  const { outcome, compiler, config, warnings, judgeAs } = await judgeOneSpec(source, { ...flags, stage: 'draft' }, io);
  const dialect = dialectById(outcome.dialect);
  if (dialect?.notADraft !== undefined)
    throw usageError('INVALID_ARGUMENT', `${outcome.path} is ${dialect.documentName}, ${dialect.notADraft}`);
  // A draft that has stopped is judged as finished too: what that finds is what is left to do.
  const stopped = outcome.report !== null && outcome.verdict !== 'fail' && outcome.report.investigation['stopCondition'] !== undefined;
  const finished = stopped ? judgeAs() : undefined;
  const { adviseNext, formatNextSteps } = await import('../advice/index.js');
  const next = adviseNext(outcome, compiler.policy, finished);
  const data = { path: outcome.path, config: configEcho(config), next };
  const { exitCode } = outcome;
  const error =
    exitCode === exitCodes.passed
      ? null
      : outcome.error !== null
        ? { code: outcome.error.code, subcode: outcome.error.subcode, message: `${outcome.path}: ${outcome.error.message}` }
        : { code: 'GATE_FAILED' as const, subcode: 'ERRORS', message: `${outcome.path}: the draft is not sound; fix its problems first` };
  return { exitCode, data, warnings, error, stdout: formatNextSteps(outcome.path, next) };
}
