import { ownValue } from '../common/own.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { SUPPRESSIBLE_RULES, type Suppressions } from './file.js';

/** A spec this run compiled, by its key in the suppressions file, with what each rule found in it. */
export interface JudgedSpec {
  key: string;
  totals: Readonly<Record<string, number>>;
}

/** How a run rewrites a baseline: every problem, the problems of some rules, and/or counts lowered to what is left. */
export interface SuppressionsUpdate {
  all: boolean;
  rules: readonly string[];
  prune: boolean;
}

/** A baseline entry that accepts more than the spec has: problems were fixed, or the spec is gone. */
export interface UnusedSuppression {
  spec: string;
  ruleId: string;
  count: number;
  found: number;
  /** The spec is no longer there. */
  missing?: true;
}

/** A rule with more problems than its baseline accepts: all of them are reported. */
export interface ExceededSuppression {
  spec: string;
  ruleId: string;
  count: number;
  found: number;
}

/**
 * The baseline after `update`, for the specs this run judged; the entries of other specs are kept
 * as they are, except those of specs that are gone (`exists` says), which pruning drops.
 */
export function updateSuppressions(
  current: Suppressions,
  judged: readonly JudgedSpec[],
  update: SuppressionsUpdate,
  exists: (key: string) => boolean,
): Suppressions {
  const next: Suppressions = Object.create(null);
  for (const [key, counts] of Object.entries(current)) next[key] = Object.assign(Object.create(null), counts);
  for (const { key, totals } of judged) {
    const counts: Record<string, number> = update.all ? Object.create(null) : (next[key] ?? Object.create(null));
    const written = update.all ? SUPPRESSIBLE_RULES : update.rules;
    for (const ruleId of written) {
      const found = ownValue(totals, ruleId) ?? 0;
      if (found > 0) counts[ruleId] = found;
      else delete counts[ruleId];
    }
    if (update.prune) {
      for (const ruleId of Object.keys(counts)) {
        const found = ownValue(totals, ruleId) ?? 0;
        if (found === 0) delete counts[ruleId];
        else counts[ruleId] = Math.min(counts[ruleId] as number, found);
      }
    }
    next[key] = counts;
  }
  if (update.prune) for (const key of Object.keys(next)) if (!exists(key)) delete next[key];
  for (const key of Object.keys(next)) if (Object.keys(next[key] as Record<string, number>).length === 0) delete next[key];
  return next;
}

/**
 * Entries that accept more problems than the judged specs have, and every entry of a spec that is
 * gone; in spec, then rule order. Entries of specs this run did not judge are not looked at.
 */
export function unusedSuppressions(
  current: Suppressions,
  judged: readonly JudgedSpec[],
  exists: (key: string) => boolean,
): UnusedSuppression[] {
  const unused: UnusedSuppression[] = [];
  const judgedKeys = new Set(judged.map((spec) => spec.key));
  for (const { key, totals } of judged) {
    for (const [ruleId, count] of sortedEntries(current[key])) {
      const found = ownValue(totals, ruleId) ?? 0;
      if (found < count) unused.push({ spec: key, ruleId, count, found });
    }
  }
  for (const key of Object.keys(current)) {
    if (judgedKeys.has(key) || exists(key)) continue;
    for (const [ruleId, count] of sortedEntries(current[key])) unused.push({ spec: key, ruleId, count, found: 0, missing: true });
  }
  return unused.sort((a, b) => compareStrings(a.spec, b.spec) || compareStrings(a.ruleId, b.ruleId));
}

/** Rules of the judged specs with more problems than the baseline accepts, in spec, then rule order. */
export function exceededSuppressions(current: Suppressions, judged: readonly JudgedSpec[]): ExceededSuppression[] {
  const exceeded: ExceededSuppression[] = [];
  for (const { key, totals } of judged) {
    for (const [ruleId, count] of sortedEntries(current[key])) {
      const found = ownValue(totals, ruleId) ?? 0;
      if (found > count) exceeded.push({ spec: key, ruleId, count, found });
    }
  }
  return exceeded.sort((a, b) => compareStrings(a.spec, b.spec) || compareStrings(a.ruleId, b.ruleId));
}

function sortedEntries(counts: Readonly<Record<string, number>> | undefined): Array<[string, number]> {
  return Object.entries(counts ?? {}).sort(([a], [b]) => compareStrings(a, b));
}
