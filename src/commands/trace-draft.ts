// `trace draft TRACE`: a spec drafted from an agent's trace, for its author to finish.
import { isAbsolute, relative, resolve } from 'node:path';
import { forwardSlashes } from '../common/display-path.js';
import { exitCodes } from '../common/exit-codes.js';
import type { Compiler } from '../compile.js';
import { type CompilerFlags, judgeInputs, runConfiguration } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { readTraceEvidence, type TraceFlags } from '../engine/trace-input.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { draftFromTrace } from '../trace/draft.js';
import { draftText } from './draft-text.js';
import { type NewSpecFlags, newSpecTarget, writeNewSpec } from './new-spec-file.js';
import { schemaReference } from './schema-reference.js';

export interface TraceDraftOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes'>, TraceFlags, NewSpecFlags {
  goal: string;
  budget: number;
  unit: 'reads' | 'tokens';
}

export function traceDraftCommand(options: TraceDraftOptions, io: Io): Promise<CommandResult> {
  // Where the draft goes is checked before the trace is read: a refused --output costs nothing.
  const target = newSpecTarget(options, io);
  const judged = judgeInputs(runConfiguration({ ...options, failOn: 'error', quiet: false }, io), [{ open: '-' }]);
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const evidence = readTraceEvidence(options, (judged.compilers[0] as Compiler).policy, io);
  const {
    spec: draft,
    emptyMapCalls,
    pathsLeftOut,
    unreadLines,
  } = draftFromTrace(evidence, {
    goal: options.goal,
    budget: options.budget,
    unit: options.unit,
    link: { path: linkPath(target.folder, resolve(io.cwd, options.trace)), since: options.since, until: options.until, turn: options.turn },
  });
  const text = draftText(draft, {
    format: target.format,
    schema: schemaReference(target.folder),
    shown: options.trace,
    emptyMapLines: emptyMapCalls.map((call) => call.line),
    pathsLeftOut,
    unreadLines,
  });
  const data = {
    format: target.format,
    surfaceMap: draft.surfaceMap.length,
    deepDives: draft.deepDives.length,
    emptyMapCalls,
    pathsLeftOut,
    unreadLines,
    budget: draft.budget,
  };
  return Promise.resolve({
    exitCode: exitCodes.passed,
    warnings: judged.warnings,
    error: null,
    ...writeNewSpec(text, target, options, data),
  });
}

/** The trace as the spec's x-trace names it: from the spec's folder, with "/" (an absolute path when none leads there). */
function linkPath(folder: string, trace: string): string {
  const path = relative(folder, trace);
  return isAbsolute(path) ? trace : forwardSlashes(path);
}
