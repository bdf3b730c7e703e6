import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { didYouMean } from '../common/suggest.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { readDocument } from '../load/document.js';

const CONFIG_NAMES = ['investigation.config.json', 'investigation.config.yaml', 'investigation.config.yml'] as const;

type ConfigSource = 'flag' | 'env' | 'walk-up' | 'default';

interface ConfigFile {
  preset?: string;
  policy?: Record<string, unknown>;
  rules?: Record<string, RuleSetting>;
}

export interface ResolvedConfig {
  /** Where the configuration came from, relative to the working directory; null for the built-in defaults. */
  path: string | null;
  source: ConfigSource;
  config: ConfigFile;
  warnings: string[];
}

/** A configuration that cannot be used: the CLI reports it as a usage error. */
export class ConfigError extends Error {
  constructor(
    readonly subcode: 'CONFIG_NOT_FOUND' | 'INVALID_CONFIG',
    message: string,
  ) {
    super(message);
  }
}

const KNOWN_KEYS = new Set(['$schema', 'preset', 'policy', 'rules']);
const MAX_CONFIG_BYTES = 1024 * 1024;

/** --config FILE, then INVESTIGATION_CONFIG, then the nearest config walking up from cwd, then the defaults. */
export function resolveConfig(flag: string | undefined, env: string | undefined, cwd: string): ResolvedConfig {
  if (flag !== undefined) return load(flag, 'flag', cwd, []);
  if (env !== undefined && env !== '') return load(env, 'env', cwd, []);
  const found = walkUp(cwd);
  if (!found) return { path: null, source: 'default', config: {}, warnings: [] };
  const shown = display(found, cwd);
  return load(found, 'walk-up', cwd, [
    `using ${shown}, found by walking up from the working directory; pin it with --config ${shown} or INVESTIGATION_CONFIG=${shown}`,
  ]);
}

function walkUp(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const candidate = join(dir, name);
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function load(path: string, source: ConfigSource, cwd: string, warnings: string[]): ResolvedConfig {
  const origin = source === 'env' ? 'INVESTIGATION_CONFIG' : source === 'flag' ? '--config' : 'config';
  const parsed = readDocument(resolve(cwd, path), {
    maxBytes: MAX_CONFIG_BYTES,
    notAnObject: () => 'a configuration file holds an object with preset, policy and rules',
  });
  if (!parsed.ok) {
    const subcode = parsed.problem.subcode === 'NOT_FOUND' ? 'CONFIG_NOT_FOUND' : 'INVALID_CONFIG';
    throw new ConfigError(subcode, `${origin} ${path}: ${parsed.problem.message}`);
  }
  return { path: display(resolve(cwd, path), cwd), source, config: validate(parsed.data, `${origin} ${path}`), warnings };
}

function validate(data: Record<string, unknown>, where: string): ConfigFile {
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key))
      throw new ConfigError(
        'INVALID_CONFIG',
        `${where}: unknown key ${JSON.stringify(key)}; a config holds preset, policy and rules.${didYouMean(key, KNOWN_KEYS)}`,
      );
  }
  const { preset, policy, rules } = data;
  if (preset !== undefined && typeof preset !== 'string')
    throw new ConfigError('INVALID_CONFIG', `${where}: preset must be a string such as "gate"`);
  if (policy !== undefined && (policy === null || typeof policy !== 'object' || Array.isArray(policy))) {
    throw new ConfigError('INVALID_CONFIG', `${where}: policy must be an object of policy values`);
  }
  if (rules !== undefined && (rules === null || typeof rules !== 'object' || Array.isArray(rules))) {
    throw new ConfigError('INVALID_CONFIG', `${where}: rules must map rule ids to "off", "warning" or "error"`);
  }
  return {
    ...(preset === undefined ? {} : { preset }),
    ...(policy === undefined ? {} : { policy: policy as Record<string, unknown> }),
    ...(rules === undefined ? {} : { rules: rules as Record<string, RuleSetting> }),
  };
}

function display(path: string, cwd: string): string {
  return (relative(cwd, path) || path).split(sep).join('/');
}
