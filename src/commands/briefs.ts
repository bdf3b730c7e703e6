import { resolve } from 'node:path';
import { checkBriefArtifacts } from '../briefs/artifacts.js';
import { artifactChecks, rules } from '../catalog.js';
import { jsonText } from '../common/json-text.js';
import { writeOutput } from '../engine/deliver.js';
import type { CommandResult, Io } from '../engine/result.js';
import { builtInPreset } from '../policy/presets.js';
import { formatListing, type ListingFormat } from '../render/formatters.js';
import { escapeFor } from '../render/untrusted/index.js';
import { type FileOutcome, fileLocation } from '../run/compile-file.js';
import { toolInfo } from '../tool.js';

export type BriefsFormat = 'json' | ListingFormat;

export interface BriefsOptions {
  dir: string;
  spec?: string;
  format: BriefsFormat;
  output?: string;
  maxBytes: number;
  json: boolean;
}

/** Checks a folder of brief artifacts: exit 0 when every chain holds, 1 when one does not, 3 for unreadable files. */
export async function briefsCommand(options: BriefsOptions, io: Io): Promise<CommandResult> {
  const result = checkBriefArtifacts(resolve(io.cwd, options.dir), {
    cwd: io.cwd,
    maxBytes: options.maxBytes,
    ...(options.spec === undefined ? {} : { specPath: resolve(io.cwd, options.spec) }),
  });
  for (const warning of result.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  for (const note of result.notes) io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(note)}\n`);
  const exitCode = Math.max(0, ...result.files.map((file) => file.exitCode));
  const data = {
    registryChecked: result.registryChecked,
    notes: result.notes,
    files: result.files.map(({ path, exitCode: code, verdict, diagnostics, error }) => ({
      path,
      exitCode: code,
      verdict,
      diagnostics,
      error,
    })),
  };
  const located = result.files.map((file) => ({ ...file, location: fileLocation(file.path, resolve(io.cwd, file.path)) }));
  const rendered = await render(located, data, options.format);
  let stdout = '';
  if (options.output !== undefined) writeOutput(resolve(io.cwd, options.output), rendered, `--output ${options.output}`);
  else if (!options.json) stdout = rendered;
  const culprit = result.files.find((file) => file.exitCode === exitCode);
  const error =
    exitCode === 0 || !culprit
      ? null
      : culprit.error && exitCode === 3
        ? { code: culprit.error.code, subcode: culprit.error.subcode, message: `${culprit.path}: ${culprit.error.message}` }
        : { code: 'GATE_FAILED' as const, subcode: 'ERRORS', message: `the brief chain does not hold, first at ${culprit.path}` };
  return { exitCode, data, warnings: result.warnings, error, stdout };
}

function render(files: FileOutcome[], data: Record<string, unknown>, format: BriefsFormat): Promise<string> | string {
  if (format === 'json') return jsonText(data);
  return formatListing(format, files, {
    color: false,
    tool: toolInfo,
    rules,
    settings: builtInPreset('gate').rules,
    extraChecks: artifactChecks.filter((check) => check.command === 'briefs').map((check) => ({ ...check, tag: check.criterion })),
  });
}
