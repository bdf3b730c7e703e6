// The configuration a run judges by, value by value, with where each value came from: the preset,
// a configuration file, a --policy file or a flag.
import { isRecord } from '../common/guards.js';
import type { Compiler } from '../compile.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';

/** A policy override and where it came from ("configuration FILE", "--policy FILE"), in the order applied. */
export interface PolicyLayer {
  origin: string;
  policy: unknown;
}

/** What a run was configured from: the configuration, the compiler built from it, and the policy layers in order. */
export interface ConfigSources {
  config: ResolvedConfig;
  compiler: Compiler;
  policyLayers: PolicyLayer[];
}

export interface PolicyEntry {
  /** The policy key, dotted below the top level for the values of an object: "budget.reads", "minimums.hypotheses". */
  key: string;
  value: unknown;
  from: string;
}

export interface RuleSettingEntry {
  ruleId: string;
  setting: RuleSetting;
  from: string;
}

export interface EffectiveConfig {
  preset: { name: string; from: string };
  policy: PolicyEntry[];
  rules: RuleSettingEntry[];
}

/** `presetFlag` is --preset, when given. */
export function effectiveConfig(prepared: ConfigSources, presetFlag: string | undefined): EffectiveConfig {
  const { config, compiler, policyLayers } = prepared;
  const configOrigin = `configuration ${config.path}`;
  const presetOrigin = `preset ${compiler.preset}`;
  const presetFrom = presetFlag !== undefined ? '--preset' : config.config.preset !== undefined ? configOrigin : 'default';
  const policy: PolicyEntry[] = [];
  for (const [key, value] of Object.entries(compiler.policy)) {
    // Objects of named values (budget units, minimums, strict switches) are overridden value by value.
    const entries = isRecord(value)
      ? Object.entries(value).map(([name, inner]) => [[key, name], inner] as const)
      : [[[key], value] as const];
    for (const [path, entryValue] of entries) {
      const layer = policyLayers.findLast((candidate) => touches(candidate.policy, path));
      policy.push({ key: path.join('.'), value: entryValue, from: layer?.origin ?? presetOrigin });
    }
  }
  const configured = config.config.rules ?? {};
  const rules = Object.entries(compiler.settings).map(([ruleId, setting]) => ({
    ruleId,
    setting,
    from: Object.hasOwn(configured, ruleId) ? configOrigin : presetOrigin,
  }));
  return { preset: { name: compiler.preset, from: presetFrom }, policy, rules };
}

/** Whether an override sets the value at `path`, or a part of it. */
function touches(override: unknown, path: readonly string[]): boolean {
  let current = override;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return false;
    current = current[key];
  }
  return true;
}
