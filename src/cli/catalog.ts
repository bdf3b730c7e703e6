import { exitCodeMeanings } from '../common/exit-codes.js';
import { builtInPreset, presetNames } from '../policy/presets.js';
import { rules } from '../rules/catalog.js';
import { criteria } from '../rules/criteria.js';
import type { Rule } from '../rules/rule.js';

export interface RuleEntry {
  id: string;
  criterion: string;
  description: string;
  rationale: string;
  severity: Record<string, string>;
}

const presets = presetNames.map((name) => builtInPreset(name));
const criterionNames = new Map<string, string>(criteria.map((criterion) => [criterion.id, criterion.name]));

/** A rule as the `rules`, `explain` and `schema` commands show it, with its setting in every preset. */
export function ruleEntry(rule: Rule): RuleEntry {
  const severity: Record<string, string> = {};
  for (const preset of presets) severity[preset.name] = preset.rules[rule.meta.id] ?? 'off';
  const { id, criterion, description, rationale } = rule.meta;
  return { id, criterion: criterionNames.get(criterion) ?? criterion, description, rationale, severity };
}

export function ruleCatalog(): RuleEntry[] {
  return rules.map(ruleEntry);
}

/** The catalog as aligned text, for `rules` and --help. */
export function ruleCatalogText(): string {
  const entries = ruleCatalog();
  const idWidth = Math.max(...entries.map((entry) => entry.id.length));
  const severityOf = (entry: RuleEntry) => presetNames.map((name) => entry.severity[name]).join(' / ');
  const severityWidth = Math.max(...entries.map((entry) => severityOf(entry).length));
  const lines = [`Rules (severity: ${presetNames.join(' / ')}):`];
  for (const entry of entries)
    lines.push(`  ${entry.id.padEnd(idWidth)}  ${severityOf(entry).padEnd(severityWidth)}  ${entry.description}`);
  return lines.join('\n');
}

export function exitCodesText(): string {
  return ['Exit codes:', ...exitCodeMeanings.map(({ code, meaning }) => `  ${code}  ${meaning}`)].join('\n');
}
