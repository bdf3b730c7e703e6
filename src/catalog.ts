// What the tool knows and shows of itself: the rules of every dialect and the artifact checks with
// their settings in every preset, the criteria they serve, the input and policy schemas, the exit
// codes and the subcodes of input and critical-input errors. The rules, explain, schema and info
// commands, --help and the MCP server's resources print it from here.
import { definedFields } from './common/defined-fields.js';
import { exitCodeMeanings } from './common/exit-codes.js';
import { dialects } from './dialects/index.js';
import { builtInPreset, presetNames } from './policy/presets.js';
import { artifactChecks } from './rules/catalog.js';
import { criteria } from './rules/criteria.js';
import type { ArtifactCheckMeta, CatalogRule } from './rules/rule.js';

/**
 * The catalog's data as the stages hold it: the subcodes of INPUT_ERROR and CRITICAL_INPUT with
 * their meanings, the spec's rules and the checks of files other commands run, the criteria they
 * serve, the JSON Schemas of a spec and of a policy.
 */
export { inputErrorSubcodes } from './load/input-error.js';
export { artifactChecks, rules } from './rules/catalog.js';
export { criteria } from './rules/criteria.js';
export { criticalSubcodes } from './rules/critical-input.js';
/** The trace a rule's example is compiled with, for `explain` to run it as the tests do. */
export { exampleEvidence } from './rules/examples/base-trace.js';
export type { ArtifactCheckMeta, CatalogRule, Rule, RuleExample, RuleMeta } from './rules/rule.js';
export { investigationSchema, policySchema } from './schema/validators.js';

export interface RuleEntry {
  id: string;
  criterion: string;
  description: string;
  rationale: string;
  severity: Record<string, string>;
  /** How safe the fixes its problems carry are (RuleMeta.fixes); absent when they carry none. */
  fixes?: FixesKind;
}

type FixesKind = NonNullable<CatalogRule['meta']['fixes']>;

/** What each kind of fix means to whoever applies it: `rules`, `explain`, the rule pages and the fixes table say it alike. */
export const fixesText: Record<FixesKind, string> = {
  spelling: 'safe when only the spelling or case differs from the value written; unsafe when the suggestion is another value',
  safe: 'safe: the value the spec or its trace already implies, such as a count recomputed or a number without its quotes',
  unsafe: 'unsafe: the value becomes another one',
};

const presets = presetNames.map((name) => builtInPreset(name));
const criterionNames = new Map<string, string>(criteria.map((criterion) => [criterion.id, criterion.name]));

/** A rule as the `rules`, `explain` and `schema` commands show it, with its setting in every preset. */
export function ruleEntry(rule: CatalogRule): RuleEntry {
  const severity: Record<string, string> = {};
  for (const preset of presets) severity[preset.name] = preset.rules[rule.meta.id] ?? 'off';
  const { id, criterion, description, rationale, fixes } = rule.meta;
  return { id, criterion: criterionNames.get(criterion) ?? criterion, description, rationale, severity, ...definedFields({ fixes }) };
}

/** The rules of every dialect, under the key its catalog gives them, in the registry's order. */
export function dialectRuleCatalogs(): Record<string, RuleEntry[]> {
  return Object.fromEntries(dialects.map((dialect) => [dialect.catalog.key, dialect.rules.map(ruleEntry)]));
}

export interface ArtifactCheckEntry extends RuleEntry {
  fix: string;
  command: string;
}

/** An artifact check as `rules`, `explain` and `schema` show it: an error in every preset, since none can turn it off. */
export function artifactCheckEntry(check: ArtifactCheckMeta): ArtifactCheckEntry {
  const severity: Record<string, string> = {};
  for (const preset of presets) severity[preset.name] = 'error';
  const { id, criterion, description, rationale, fix, command } = check;
  return { id, criterion: criterionNames.get(criterion) ?? criterion, description, rationale, severity, fix, command };
}

export function artifactCheckCatalog(): ArtifactCheckEntry[] {
  return artifactChecks.map(artifactCheckEntry);
}

/** The catalog as aligned text, for `rules` and --help. */
export function ruleCatalogText(): string {
  const catalogs = dialects.map((dialect) => ({ heading: dialect.catalog.heading, entries: dialect.rules.map(ruleEntry) }));
  const checks = artifactCheckCatalog();
  const all = [...catalogs.flatMap((catalog) => catalog.entries), ...checks];
  const idWidth = Math.max(...all.map((entry) => entry.id.length));
  const severityOf = (entry: RuleEntry) => presetNames.map((name) => entry.severity[name]).join(' / ');
  const severityWidth = Math.max(...all.map((entry) => severityOf(entry).length));
  const line = (entry: RuleEntry) => `  ${entry.id.padEnd(idWidth)}  ${severityOf(entry).padEnd(severityWidth)}  ${entry.description}`;
  const lines = catalogs.flatMap((catalog, index) => [...(index === 0 ? [] : ['']), catalog.heading, ...catalog.entries.map(line)]);
  for (const command of new Set(checks.map((check) => check.command))) {
    lines.push('', `Checks of files, run by the ${command} command:`);
    lines.push(...checks.filter((check) => check.command === command).map(line));
  }
  return lines.join('\n');
}

export function exitCodesText(): string {
  return ['Exit codes:', ...exitCodeMeanings.map(({ code, meaning }) => `  ${code}  ${meaning}`)].join('\n');
}
