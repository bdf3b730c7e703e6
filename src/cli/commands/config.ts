import { visible } from '../../common/visible.js';
import { DEFAULT_MAX_BYTES } from '../../load/read-input.js';
import { type EffectiveConfig, effectiveConfig } from './effective-config.js';
import type { CommandResult, Io } from './result.js';
import { prepareCompiler } from './shared.js';

export interface ConfigOptions {
  /** The spec the configuration is shown for; it is not read. */
  spec?: string;
  preset?: string;
  policy?: string;
  config?: string;
  json: boolean;
}

/** The preset, every policy value and every rule setting a compile with the same options would use, and where each came from. */
export function configCommand(options: ConfigOptions, io: Io): CommandResult {
  const prepared = prepareCompiler({ ...options, maxBytes: DEFAULT_MAX_BYTES, failOn: 'error', quiet: false }, io);
  const { config } = prepared;
  const effective = effectiveConfig(prepared, options.preset);
  const data = {
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    config: { path: config.path, source: config.source },
    ...effective,
  };
  return { exitCode: 0, data, warnings: config.warnings, error: null, stdout: configText(effective, config.path, options.spec) };
}

function configText(effective: EffectiveConfig, configPath: string | null, spec: string | undefined): string {
  const align = (rows: string[][]): string[] => {
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    return rows.map(
      (row) =>
        `  ${row.map((cell, column) => (column === row.length - 1 ? visible(cell) : visible(cell).padEnd(widths[column] ?? 0))).join('  ')}`,
    );
  };
  return [
    ...(spec === undefined ? [] : [`spec: ${visible(spec)}`]),
    `configuration: ${configPath === null ? 'none (built-in defaults)' : visible(configPath)}`,
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
