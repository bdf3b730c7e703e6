import { definedFields } from '../common/defined-fields.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import type { ConfigFile } from './validate.js';

/** What may be laid over a configuration: a preset that replaces its preset, a policy merged over its policy. */
export interface ConfigOverride {
  preset?: string;
  policy?: unknown;
}

/** The options a compiler is created with (the shape of CompilerOptions, which this layer cannot import). */
export interface LayeredOptions {
  preset: string;
  policy?: unknown[];
  rules?: Record<string, RuleSetting>;
}

/**
 * A configuration's preset, policy and rules with overrides laid on top in order (the command
 * line's, then a fixture's own): the last preset given wins, and every policy merges over the
 * ones before it.
 */
export function layerConfig(config: ConfigFile, ...overrides: ConfigOverride[]): LayeredOptions {
  let preset = config.preset ?? 'gate';
  const policy: unknown[] = config.policy === undefined ? [] : [config.policy];
  for (const override of overrides) {
    if (override.preset !== undefined) preset = override.preset;
    if (override.policy !== undefined) policy.push(override.policy);
  }
  return {
    preset,
    ...(policy.length === 0 ? {} : { policy }),
    ...definedFields({ rules: config.rules }),
  };
}
