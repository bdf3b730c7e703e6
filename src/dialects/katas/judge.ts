import { isRecord } from '../../common/guards.js';
import type { Diagnostic, RuleSetting } from '../../diagnostics/diagnostic.js';
import { type Baseline, runRules } from '../../rules/run.js';
import { NO_SCHEMA_FINDINGS, type SchemaFindings, validateAgainst } from '../../schema/issues.js';
import { katasRules } from './catalog.js';
import { katasPolicy } from './policy.js';
import { katasHeader } from './rules/header.js';
import { katasReportSchema, katasRootSchema } from './schema.js';
import { KatasView } from './view.js';

export interface KatasJudgement {
  view: KatasView;
  /** In document order, with JSON Pointer paths (no lines or columns). */
  diagnostics: Diagnostic[];
  /** Problems found by each rule that found any, listed or not. */
  totals: Record<string, number>;
}

export interface KatasJudgeOptions {
  preset: 'gate' | 'reference';
  settings: Readonly<Record<string, RuleSetting>>;
  baseline?: Baseline;
  /** Numbers the JSON text wrote as 5.0 or 5e0 (`findFloatLiterals`), which are not integers to Python. */
  floatLiterals?: ReadonlySet<string>;
}

/**
 * Judges a katas report by the rules of a preset. Anything but an object is judged as an empty
 * report, as the katas validator does. Under the reference preset a report lacking a top-level
 * field is judged on that alone, as the validator stops there.
 */
export function judgeKatas(data: Record<string, unknown>, options: KatasJudgeOptions): KatasJudgement {
  const policy = katasPolicy(options.preset);
  const view = new KatasView(isRecord(data) ? data : {}, schemaFindingsOf(data, options.settings), options.floatLiterals);
  const rules = policy.python && view.missingTopLevelFields().length > 0 ? [katasHeader] : katasRules;
  return { view, ...runRules(rules, view, policy, options.settings, options.baseline, katasRootSchema) };
}

/**
 * The JSON Schema runs when a rule lists its findings. With `katas-schema` off nothing reports the
 * shapes it rejects, so the view hides nothing from the rules, which then check shapes themselves.
 */
function schemaFindingsOf(data: unknown, settings: Readonly<Record<string, RuleSetting>>): SchemaFindings {
  const structural = (settings['katas-schema'] ?? 'off') !== 'off';
  if (!structural && (settings['katas-unknown-field'] ?? 'off') === 'off') return NO_SCHEMA_FINDINGS;
  const findings = validateAgainst(katasReportSchema, data, 'the report');
  if (structural) return findings;
  return { ...NO_SCHEMA_FINDINGS, unknownKeys: findings.unknownKeys, omitted: { structural: 0, unknown: findings.omitted.unknown } };
}
