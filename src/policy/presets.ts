import gatePreset from '../../assets/presets/gate.json' with { type: 'json' };
import referencePreset from '../../assets/presets/reference.json' with { type: 'json' };
import { isRecord } from '../common/guards.js';
import { didYouMean } from '../common/suggest.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { type ErrorObject, validator } from '../schema/validators.js';
import type { Policy } from './types.js';

export const presetNames = ['gate', 'reference'] as const;
export type PresetName = (typeof presetNames)[number];

export interface Preset {
  name: PresetName;
  description: string;
  policy: Policy;
  /** A setting for every rule id. */
  rules: Record<string, RuleSetting>;
}

const builtIn: Record<PresetName, Omit<Preset, 'name'>> = {
  gate: gatePreset as Omit<Preset, 'name'>,
  reference: referencePreset as Omit<Preset, 'name'>,
};

export function isPresetName(name: string): name is PresetName {
  return (presetNames as readonly string[]).includes(name);
}

export function builtInPreset(name: PresetName): Preset {
  return { name, ...builtIn[name] };
}

export type PolicyResult = { ok: true; policy: Policy } | { ok: false; message: string };

/**
 * A preset's policy with an override laid over it: objects merge key by key, anything else is
 * replaced, and a null budget unit removes that unit. The result must satisfy the policy schema.
 */
export function applyPolicyOverride(base: Policy, override: unknown): PolicyResult {
  if (override === null || typeof override !== 'object' || Array.isArray(override)) {
    return { ok: false, message: 'a policy file must hold an object, such as {"cheapMapTools": ["Glob", "Grep"]}' };
  }
  const merged = merge(base, override) as Record<string, unknown>;
  const budget = merged['budget'];
  if (budget !== null && typeof budget === 'object') {
    for (const [unit, value] of Object.entries(budget)) if (value === null) delete (budget as Record<string, unknown>)[unit];
  }
  const validate = validator('policy');
  if (!validate(merged)) {
    return { ok: false, message: `invalid policy: ${(validate.errors ?? []).map(describePolicyError).join('; ')}` };
  }
  const { $schema: _ignored, ...policy } = merged;
  const ranges = Object.entries((policy as unknown as Policy).budget).filter(([, unit]) => unit.minTotal > unit.maxTotal);
  if (ranges.length > 0) {
    return { ok: false, message: `invalid policy: budget unit ${JSON.stringify(ranges[0]?.[0])} has minTotal above maxTotal` };
  }
  return { ok: true, policy: policy as unknown as Policy };
}

function describePolicyError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the policy' : error.instancePath;
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return `${where} has an unknown key ${JSON.stringify(key)}.${didYouMean(key, known)}`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}

function merge(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return structuredClone(override);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) define(result, key, structuredClone(value));
  for (const [key, value] of Object.entries(override))
    define(result, key, Object.hasOwn(result, key) ? merge(result[key], value) : structuredClone(value));
  return result;
}

/** Plain assignment of "__proto__" would change the prototype; a definition keeps it data. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
