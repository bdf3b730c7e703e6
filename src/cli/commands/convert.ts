import { resolve } from 'node:path';
import { Document } from 'yaml';
import { exitCodes } from '../../common/exit-codes.js';
import { jsonText } from '../../common/json-text.js';
import { sameFile } from '../../common/real-path.js';
import { createCompiler } from '../../compile.js';
import { katasToSpec } from '../../convert/katas-to-spec.js';
import { KATAS_REPORT_SCHEMA } from '../../katas/index.js';
import { readDocument } from '../../load/document.js';
import { escapeFor } from '../../render/untrusted/index.js';
import { toolInfo } from '../../tool.js';
import { CliError, usageError } from '../contract.js';
import type { CommandResult, Io } from './result.js';
import { deliver } from './shared.js';

export interface ConvertOptions {
  report: string;
  to: 'spec';
  format: 'json' | 'yaml';
  output?: string;
  maxBytes: number;
  json: boolean;
}

/**
 * A katas report as the investigation spec it describes (see katasToSpec), printed or written to
 * --output; what has no place in a spec is named, and kept under x-katas. The spec is then
 * judged with --preset reference, the reference's gate, and the run says whether it passes.
 */
export function convertCommand(options: ConvertOptions, io: Io): CommandResult {
  const parsed = readDocument(resolve(io.cwd, options.report), {
    maxBytes: options.maxBytes,
    shown: options.report,
    notAnObject: () => `a katas report is an object with "schema": ${JSON.stringify(KATAS_REPORT_SCHEMA)}`,
  });
  if (options.output !== undefined && sameFile(resolve(io.cwd, options.output), resolve(io.cwd, options.report)))
    throw usageError('OUTPUT_IS_INPUT', `--output ${options.output} is the report ${options.report}; refusing to overwrite it`);
  if (!parsed.ok)
    throw new CliError('INPUT_ERROR', parsed.problem.subcode, `${options.report}: ${parsed.problem.message}`, exitCodes.input);
  if (parsed.data['schema'] !== KATAS_REPORT_SCHEMA)
    throw usageError(
      'INVALID_ARGUMENT',
      `${options.report} is not a katas report: its "schema" is not ${JSON.stringify(KATAS_REPORT_SCHEMA)}`,
    );
  const { spec, unmapped } = katasToSpec(parsed.data);
  const text = options.format === 'yaml' ? escapeFor.yaml(new Document(spec)) : jsonText(spec);
  // The text, as compile will read it: a spec the loader refuses (the report's data nested one
  // level deeper under x-katas than the limit) is not written.
  const judged = createCompiler({ preset: 'reference' }).compile(text, { sourceFormat: options.format });
  if (judged.error?.code === 'INPUT_ERROR')
    throw new CliError(
      'INPUT_ERROR',
      judged.error.subcode,
      `${options.report}: converted, it would be a spec that compile refuses (${judged.error.message}); nothing was written`,
      exitCodes.input,
    );
  const check = { preset: 'reference', verdict: judged.verdict, diagnostics: judged.diagnostics };
  const data: Record<string, unknown> = { from: options.report, to: options.to, spec, unmapped, check };
  for (const { field, why } of unmapped)
    io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(`${field} has no place in a spec (${why}); kept under x-katas`)}\n`);
  io.stderr.write(
    judged.verdict === 'pass'
      ? `${toolInfo.name}: the converted spec passes --preset reference\n`
      : `${toolInfo.name}: the converted spec does not pass --preset reference: ${judged.diagnostics.map((diagnostic) => `${diagnostic.ruleId} ${escapeFor.terminal(diagnostic.message)}`).join('; ')}\n`,
  );
  const stdout = deliver(text, options, data, io.cwd, true);
  return { exitCode: exitCodes.passed, data, warnings: [], error: null, stdout };
}
