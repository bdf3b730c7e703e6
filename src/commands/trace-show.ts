// `trace show TRACE`: what an agent's trace holds, as a timeline (text) or as data (JSON).
import { definedFields } from '../common/defined-fields.js';
import { exitCodes } from '../common/exit-codes.js';
import { jsonPieces } from '../common/json-text.js';
import type { Compiler } from '../compile.js';
import { deliver } from '../engine/deliver.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { readTraceEvidence, type TraceFlags } from '../engine/trace-input.js';
import { formatTraceTimeline } from '../render/trace-timeline.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { countCalls } from '../trace/counts.js';

export interface TraceShowOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'>, TraceFlags {
  format: 'text' | 'json';
  output?: string;
  json: boolean;
}

export function traceShowCommand(options: TraceShowOptions, io: Io): Promise<CommandResult> {
  // The configuration found from the working directory, as for a spec on standard input: its
  // policy may lay shell programs over the built-in table.
  const judged = judgeInputs(runConfiguration({ ...options, failOn: 'error', quiet: false }, io), [{ open: '-' }]);
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const { trace, root } = readTraceEvidence(options, (judged.compilers[0] as Compiler).policy, io);
  const data = { path: options.trace, ...definedFields({ root }), counts: countCalls(trace), trace };
  // A trace of many calls makes a long JSON text: written in pieces as it is made.
  const rendered = options.format === 'json' ? jsonPieces(data) : formatTraceTimeline(trace, options.trace, root);
  const stdout = deliver(rendered, options, data, io.cwd, options.format === 'json');
  return Promise.resolve({ exitCode: exitCodes.passed, data, warnings: judged.warnings, error: null, stdout });
}
