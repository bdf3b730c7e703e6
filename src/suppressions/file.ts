import { isRecord } from '../common/guards.js';
import { jsonText } from '../common/json-text.js';
import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { katasRules } from '../katas/index.js';
import { rules } from '../rules/catalog.js';

/** The name a suppressions file is looked up by, walking up from each spec's folder. */
export const SUPPRESSIONS_FILE_NAME = 'investigation-suppressions.json';

/**
 * A baseline, as ESLint's bulk suppressions keep theirs: for each spec (its path relative to the
 * suppressions file's folder, with forward slashes) and rule, how many problems are accepted.
 * Neither map has a prototype, so a spec or rule named "__proto__" is an ordinary entry.
 */
export type Suppressions = Record<string, Record<string, number>>;

/** Every rule of the gate but critical input: a missing goal or budget is asked for, never accepted. */
export const SUPPRESSIBLE_RULES: readonly string[] = [...rules, ...katasRules]
  .map((rule) => rule.meta.id)
  .filter((id) => id !== 'critical-input');

/** Why a rule id has no place in a baseline, said by each reader in its own words; undefined when it has one. */
export function unsuppressible(ruleId: string): { why: 'critical-input' } | { why: 'unknown'; hint: string } | undefined {
  if (ruleId === 'critical-input') return { why: 'critical-input' };
  return SUPPRESSIBLE_RULES.includes(ruleId) ? undefined : { why: 'unknown', hint: didYouMean(ruleId, SUPPRESSIBLE_RULES) };
}

/** A suppressions file that cannot be used (the message names every problem at once), or one named that is not there. */
export class SuppressionsError extends Error {
  override readonly name = 'SuppressionsError';

  constructor(
    readonly subcode: 'INVALID_SUPPRESSIONS' | 'SUPPRESSIONS_NOT_FOUND',
    message: string,
  ) {
    super(message);
  }
}

/** The file's content typed, or a SuppressionsError naming (after `where`) every problem in it. */
export function validateSuppressions(data: Record<string, unknown>, where: string): Suppressions {
  const problems: string[] = [];
  const result: Suppressions = Object.create(null);
  for (const [spec, byRule] of Object.entries(data)) {
    const at = `entry ${show(spec)}`;
    if (spec === '' || spec.startsWith('/') || spec.includes('\\') || /^[A-Za-z]:/.test(spec)) {
      problems.push(`${at}: a spec is named by its path relative to the suppressions file's folder, with forward slashes`);
      continue;
    }
    if (!isRecord(byRule)) {
      problems.push(`${at}: must map rule ids to {"count": N}`);
      continue;
    }
    const counts: Record<string, number> = Object.create(null);
    for (const [ruleId, entry] of Object.entries(byRule)) {
      const problem = ruleProblem(ruleId, entry);
      if (problem === undefined) counts[ruleId] = (entry as { count: number }).count;
      else problems.push(`${at}: ${problem}`);
    }
    result[spec] = counts;
  }
  if (problems.length === 0) return result;
  const listed = problems.length === 1 ? problems[0] : `${problems.length} problems: ${problems.join('; ')}`;
  throw new SuppressionsError(
    'INVALID_SUPPRESSIONS',
    `${where}: ${listed}; fix it by hand, or delete it and write it anew with --suppress-all`,
  );
}

function ruleProblem(ruleId: string, entry: unknown): string | undefined {
  const refused = unsuppressible(ruleId);
  if (refused?.why === 'critical-input')
    return 'critical-input cannot be suppressed: a missing goal or budget is asked for, never accepted';
  if (refused?.why === 'unknown') return `unknown rule ${show(ruleId)}${refused.hint === '' ? '' : `.${refused.hint}`}`;
  if (!isRecord(entry) || Object.keys(entry).some((key) => key !== 'count'))
    return `rule ${ruleId}: must be {"count": N}, with nothing else beside the count`;
  const { count } = entry;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
    return `rule ${ruleId}: count must be a whole number of at least 1, not ${show(count)}`;
  return undefined;
}

/** The file's text: specs and rules in code-unit order, so that the same baseline is the same bytes. */
export function suppressionsText(suppressions: Suppressions): string {
  const ordered: Record<string, Record<string, { count: number }>> = Object.create(null);
  for (const spec of Object.keys(suppressions).sort(compareStrings)) {
    const counts = suppressions[spec] as Record<string, number>;
    const ruleIds = Object.keys(counts).sort(compareStrings);
    if (ruleIds.length === 0) continue;
    const entry: Record<string, { count: number }> = Object.create(null);
    for (const ruleId of ruleIds) entry[ruleId] = { count: counts[ruleId] as number };
    ordered[spec] = entry;
  }
  return jsonText(ordered);
}
