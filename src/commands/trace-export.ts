// `trace export TRACE --format atif`: an agent's trace of any format read, written as an ATIF
// trajectory (src/trace/atif-export.ts), for trajectory evaluators.
import { exitCodes } from '../common/exit-codes.js';
import type { Compiler } from '../compile.js';
import { deliver } from '../engine/deliver.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { readTraceEvidence, type TraceFlags } from '../engine/trace-input.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { ATIF_EXPORT_VERSION, atifOfTrace } from '../trace/atif-export.js';

export interface TraceExportOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'>, TraceFlags {
  format: 'atif';
  output?: string;
  json: boolean;
}

export function traceExportCommand(options: TraceExportOptions, io: Io): Promise<CommandResult> {
  // The configuration found from the working directory, as `trace show` reads one: its policy's
  // shell table says which calls are map calls, whose surfaced paths the trajectory lists.
  const judged = judgeInputs(runConfiguration({ ...options, failOn: 'error', quiet: false }, io), [{ open: '-' }]);
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const { trace } = readTraceEvidence({ ...options, keepGiven: true }, (judged.compilers[0] as Compiler).policy, io);
  const trajectory = atifOfTrace(trace);
  const rendered = `${JSON.stringify(trajectory, null, 2)}\n`;
  const steps = (trajectory['steps'] as unknown[]).length;
  const data: Record<string, unknown> = {
    path: options.trace,
    format: options.format,
    schemaVersion: ATIF_EXPORT_VERSION,
    calls: trace.calls.length,
    steps,
  };
  const stdout = deliver(rendered, options, data, io.cwd, false);
  return Promise.resolve({ exitCode: exitCodes.passed, data, warnings: judged.warnings, error: null, stdout });
}
