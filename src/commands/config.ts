import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { judgeInputs, runConfiguration } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';
import { DEFAULT_MAX_BYTES } from '../run/input-file.js';
import { toolInfo } from '../tool.js';
import { type EffectiveConfig, effectiveConfig, type PolicyLayer } from './effective-config.js';

export interface ConfigOptions {
  /** The spec the configuration is shown for: configuration is looked up from its folder; the spec is not read. */
  spec?: string;
  preset?: string;
  policy?: string;
  config?: string;
  json: boolean;
}

/** The preset, every policy value and every rule setting a compile with the same options would use, and where each came from. */
export function configCommand(options: ConfigOptions, io: Io): CommandResult {
  const run = runConfiguration({ ...options, maxBytes: DEFAULT_MAX_BYTES, failOn: 'error', quiet: false }, io);
  // The configuration found from the spec's folder, as compile would judge it; without a spec, from the working directory.
  const judged = judgeInputs(run, [{ open: options.spec === undefined ? '-' : resolve(io.cwd, options.spec) }]);
  const [compiler] = judged.compilers;
  const [file] = judged.files;
  if (compiler === undefined || file === undefined) throw new Error('a run with one input has one compiler');
  const { config } = file;
  const policyLayers: PolicyLayer[] = [
    ...(config.config.policy === undefined ? [] : [{ origin: `configuration ${config.path}`, policy: config.config.policy }]),
    ...(run.policy === undefined ? [] : [{ origin: `--policy ${options.policy}`, policy: run.policy }]),
  ];
  for (const warning of judged.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const effective = effectiveConfig({ config, compiler, policyLayers }, options.preset);
  const data = {
    ...definedFields({ spec: options.spec }),
    config: { path: config.path, source: config.source },
    ...effective,
  };
  return { exitCode: 0, data, warnings: judged.warnings, error: null, stdout: configText(effective, config.path, options.spec) };
}

function configText(effective: EffectiveConfig, configPath: string | null, spec: string | undefined): string {
  const align = (rows: string[][]): string[] => {
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    return rows.map(
      (row) =>
        `  ${row.map((cell, column) => (column === row.length - 1 ? escapeFor.terminal(cell) : escapeFor.terminal(cell).padEnd(widths[column] ?? 0))).join('  ')}`,
    );
  };
  return [
    ...(spec === undefined ? [] : [`spec: ${escapeFor.terminal(spec)}`]),
    `configuration: ${configPath === null ? 'none (built-in defaults)' : escapeFor.terminal(configPath)}`,
    `preset: ${effective.preset.name}  (${effective.preset.from})`,
    '',
    'policy:',
    ...align(effective.policy.map((entry) => [entry.key, `${JSON.stringify(entry.value)}  (${entry.from})`])),
    '',
    'rules:',
    ...align(effective.rules.map((entry) => [entry.ruleId, entry.setting, `(${entry.from})`])),
    '',
  ].join('\n');
}
