import { resolve } from 'node:path';
import { Document } from 'yaml';
import { exitCodes } from '../common/exit-codes.js';
import { jsonText } from '../common/json-text.js';
import { sameFile } from '../common/real-path.js';
import { readDocument } from '../compile.js';
import { judgeConversion } from '../convert/gate-check.js';
import { katasToSpec } from '../convert/katas-to-spec.js';
import { KATAS_REPORT_SCHEMA } from '../dialects/katas/index.js';
import { inputError, usageError } from '../engine/contract.js';
import { deliver } from '../engine/deliver.js';
import type { CommandResult, Io } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';

export interface ConvertOptions {
  report: string;
  to: 'spec';
  format: 'json' | 'yaml';
  output?: string;
  maxBytes: number;
  /** Write the spec even when it would fail the default gate. */
  allowFailing: boolean;
  json: boolean;
}

/**
 * A katas report as the investigation spec it describes (see katasToSpec), printed or written to
 * --output; what has no place in a spec is named, and kept under x-katas. The spec is judged,
 * before anything is written, by the default gate and by --preset reference, and the run says
 * whether it passes each. A spec that would fail the default gate is not written (exit 1, the
 * criteria it fails named) unless --allow-failing asks for it.
 */
export function convertCommand(options: ConvertOptions, io: Io): CommandResult {
  const parsed = readDocument(resolve(io.cwd, options.report), {
    maxBytes: options.maxBytes,
    shown: options.report,
    notAnObject: () => `a katas report is an object with "schema": ${JSON.stringify(KATAS_REPORT_SCHEMA)}`,
  });
  if (options.output !== undefined && sameFile(resolve(io.cwd, options.output), resolve(io.cwd, options.report)))
    throw usageError('OUTPUT_IS_INPUT', `--output ${options.output} is the report ${options.report}; refusing to overwrite it`);
  if (!parsed.ok) throw inputError(parsed.problem.subcode, `${options.report}: ${parsed.problem.message}`);
  if (parsed.data['schema'] !== KATAS_REPORT_SCHEMA)
    throw usageError(
      'INVALID_ARGUMENT',
      `${options.report} is not a katas report: its "schema" is not ${JSON.stringify(KATAS_REPORT_SCHEMA)}`,
    );
  const { spec, unmapped } = katasToSpec(parsed.data);
  const text = options.format === 'yaml' ? escapeFor.yaml(new Document(spec)) : jsonText(spec);
  // The text, as compile will read it: a spec the loader refuses (the report's data nested one
  // level deeper under x-katas than the limit) is not written.
  const judged = judgeConversion(text, options.format);
  if (judged.inputError !== undefined)
    throw inputError(
      judged.inputError.subcode,
      `${options.report}: converted, it would be a spec that compile refuses (${judged.inputError.message}); nothing was written`,
    );
  const { reference, gate } = judged;
  const check = { preset: reference.preset, verdict: reference.verdict, diagnostics: reference.diagnostics };
  for (const { field, why } of unmapped)
    io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(`${field} has no place in a spec (${why}); kept under x-katas`)}\n`);
  io.stderr.write(
    reference.verdict === 'pass'
      ? `${toolInfo.name}: the converted spec passes --preset reference\n`
      : `${toolInfo.name}: the converted spec does not pass --preset reference: ${reference.diagnostics.map((diagnostic) => `${diagnostic.ruleId} ${escapeFor.terminal(diagnostic.message)}`).join('; ')}\n`,
  );
  const failing = gate.failing ?? [];
  if (failing.length === 0) io.stderr.write(`${toolInfo.name}: the converted spec passes the default gate\n`);
  for (const { criterion, title, diagnostics } of failing)
    io.stderr.write(
      `${toolInfo.name}: the converted spec would fail the default gate on ${criterion} (${escapeFor.terminal(title)}): ${diagnostics.map((diagnostic) => `${diagnostic.ruleId} ${escapeFor.terminal(diagnostic.message)}`).join('; ')}\n`,
    );
  const gateData = {
    preset: gate.preset,
    verdict: gate.verdict,
    failing: failing.map(({ criterion, title, diagnostics }) => ({ criterion, title, diagnostics })),
  };
  if (gate.verdict === 'fail' && !options.allowFailing) {
    const message = `${options.report}: the converted spec would fail the default gate on ${failing.map(({ criterion }) => criterion).join(', ')}; nothing was written (fix the report, or pass --allow-failing to write the spec as it is)`;
    io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(message)}\n`);
    const data = { from: options.report, to: options.to, spec: null, written: false, unmapped, check, gate: gateData };
    return {
      exitCode: exitCodes.gateFailed,
      data,
      warnings: [],
      error: { code: 'GATE_FAILED', subcode: 'CONVERSION_FAILS', message },
      stdout: '',
    };
  }
  const data: Record<string, unknown> = { from: options.report, to: options.to, spec, written: true, unmapped, check, gate: gateData };
  const stdout = deliver(text, options, data, io.cwd, true);
  return { exitCode: exitCodes.passed, data, warnings: [], error: null, stdout };
}
