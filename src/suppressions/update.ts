import { ownValue } from '../common/own.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { SUPPRESSIBLE_RULES, type Suppressions } from './file.js';

/** The unused entries a run lists (the envelope's data.suppressions.unused); the rest are counted. */
export const LISTED_UNUSED = 100;

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
  const next = current.copy();
  for (const { key, totals } of judged) {
    const counts: Record<string, number> = update.all ? Object.create(null) : (next.countsOf(key) ?? Object.create(null));
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
    next.set(key, counts);
  }
  if (update.prune) for (const key of next.specs()) if (!exists(key)) next.delete(key);
  return next;
}

/**
 * Entries that accept more problems than the judged specs have, and every entry of a spec that is
 * gone: how many there are, and the first `limit` of them in spec, then rule order, so that a
 * baseline of a million entries for specs long gone costs a count, not a million objects. Entries
 * of specs this run did not judge, and that are still there, are not looked at.
 */
export function unusedSuppressions(
  current: Suppressions,
  judged: readonly JudgedSpec[],
  exists: (key: string) => boolean,
  limit = LISTED_UNUSED,
): { listed: UnusedSuppression[]; total: number } {
  const first = firstInOrder<UnusedSuppression>(limit, (a, b) => compareStrings(a.spec, b.spec) || compareStrings(a.ruleId, b.ruleId));
  const judgedKeys = new Set(judged.map((spec) => spec.key));
  for (const { key, totals } of judged) {
    for (const [ruleId, count] of sortedEntries(current.countsOf(key))) {
      const found = ownValue(totals, ruleId) ?? 0;
      if (found < count) first.offer({ spec: key, ruleId, count, found });
    }
  }
  let spec: string | undefined;
  let gone = false;
  for (const [key, ruleId, count] of current.entries()) {
    if (judgedKeys.has(key)) continue;
    // Entries come spec by spec: each spec is looked for once.
    if (key !== spec) [spec, gone] = [key, !exists(key)];
    if (gone) first.offer({ spec: key, ruleId, count, found: 0, missing: true });
  }
  return { listed: first.taken(), total: first.offered };
}

/** Rules of the judged specs with more problems than the baseline accepts, in spec, then rule order. */
export function exceededSuppressions(current: Suppressions, judged: readonly JudgedSpec[]): ExceededSuppression[] {
  const exceeded: ExceededSuppression[] = [];
  for (const { key, totals } of judged) {
    for (const [ruleId, count] of sortedEntries(current.countsOf(key))) {
      const found = ownValue(totals, ruleId) ?? 0;
      if (found > count) exceeded.push({ spec: key, ruleId, count, found });
    }
  }
  return exceeded.sort((a, b) => compareStrings(a.spec, b.spec) || compareStrings(a.ruleId, b.ruleId));
}

function sortedEntries(counts: Readonly<Record<string, number>> | undefined): Array<[string, number]> {
  return Object.entries(counts ?? {}).sort(([a], [b]) => compareStrings(a, b));
}

/** The first `limit` of the items offered, in `order`, holding at most twice that many at a time; and how many were offered. */
function firstInOrder<T>(limit: number, order: (a: T, b: T) => number): { offer(item: T): void; taken(): T[]; readonly offered: number } {
  let kept: T[] = [];
  let offered = 0;
  const trim = (): void => {
    kept = kept.sort(order).slice(0, limit);
  };
  return {
    offer(item) {
      offered++;
      kept.push(item);
      if (kept.length >= 2 * limit) trim();
    },
    taken() {
      trim();
      return kept;
    },
    get offered() {
      return offered;
    },
  };
}
