import { round4 } from '../common/numbers.js';
import { compareStrings, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { OtherKind } from '../dialects/kinds.js';
import { type DiscoveryTrace, readDiscovery } from '../report/discovery-metrics.js';
import type { FileOutcome } from '../report/outcome.js';
import type { Summary } from '../report/types.js';
import { countKinds } from './kinds.js';
import { DEFAULT_K } from './pass-at-k.js';
import { collectTasks, sortedKValues } from './tasks.js';
import type { BudgetBucket, DiscoveryStats, Distribution, RatioSummary, ReasonCount, RuleCount, Stats } from './types.js';

export const BUDGET_BUCKETS: ReadonlyArray<{ bucket: BudgetBucket; label: string }> = [
  { bucket: '0-25', label: '0–25%' },
  { bucket: '25-50', label: '25–50%' },
  { bucket: '50-75', label: '50–75%' },
  { bucket: '75-100', label: '75–100%' },
  { bucket: 'over-100', label: 'over 100%' },
  { bucket: 'unknown', label: 'unknown' },
];

/**
 * Statistics of a corpus from its compile outcomes. Pure, and independent of the order of
 * `files`: every figure is a count or a distribution, and every list has its own sort order.
 * Reads each report's summary, and its discovery block as the report's metrics read it
 * (readDiscovery), where values of the wrong type count as nothing. Groups the outcomes into runs
 * of the same task (collectTasks), with pass@k and pass^k for each of `options.k` (by default
 * DEFAULT_K; sorted, repeats dropped). Counts the files of each kind, with the files the walk left
 * out (`options.leftOut`: briefs, the tool's outputs), which no other figure counts.
 */
export function collectStats(
  files: readonly FileOutcome[],
  options: { k?: readonly number[]; leftOut?: ReadonlyArray<{ kind: OtherKind }> } = {},
): Stats {
  const verdicts = { pass: 0, fail: 0 };
  const exitCodes = { '0': 0, '1': 0, '3': 0, '4': 0 };
  const stopReasons = new Map<string | null, number>();
  const buckets = new Map<BudgetBucket, number>(BUDGET_BUCKETS.map(({ bucket }) => [bucket, 0]));
  const budgetRatios: number[] = [];
  const replans: number[] = [];
  const rules = new Map<string, RuleCount>();
  const discovery = new DiscoveryCollector();
  let investigations = 0;
  const kValues = sortedKValues(options.k ?? DEFAULT_K);

  for (const file of files) {
    if (file.verdict === 'pass') verdicts.pass++;
    else verdicts.fail++;
    exitCodes[file.exitCode]++;
    countRules(rules, file.diagnostics);

    const { report } = file;
    if (report === null) continue;
    investigations++;
    const { summary } = report;
    stopReasons.set(summary.stopReason, (stopReasons.get(summary.stopReason) ?? 0) + 1);
    const ratio = budgetRatio(summary.budget);
    if (ratio !== null) budgetRatios.push(ratio);
    const bucket = bucketOf(ratio);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    replans.push(summary.counts.replans);
    discovery.add(readDiscovery(report.investigation['discovery']));
  }

  return {
    statsVersion: 1,
    files: files.length,
    kinds: countKinds(files, options.leftOut ?? []),
    investigations,
    verdicts,
    exitCodes,
    stopReasons: reasonCounts(stopReasons),
    budgetUse: {
      buckets: BUDGET_BUCKETS.map(({ bucket, label }) => ({ bucket, label, count: buckets.get(bucket) ?? 0 })),
      ratio: ratioSummary(budgetRatios),
    },
    replans: distribution(replans),
    rules: [...rules.values()].sort((a, b) => b.files - a.files || b.diagnostics - a.diagnostics || compareStrings(a.ruleId, b.ruleId)),
    discovery: discovery.result(),
    kValues,
    ...collectTasks(files, kValues),
  };
}

function countRules(rules: Map<string, RuleCount>, diagnostics: readonly Diagnostic[]): void {
  const seen = new Set<string>();
  for (const { ruleId, severity } of diagnostics) {
    let count = rules.get(ruleId);
    if (count === undefined) {
      count = { ruleId, files: 0, diagnostics: 0, errors: 0, warnings: 0 };
      rules.set(ruleId, count);
    }
    count.diagnostics++;
    if (severity === 'error') count.errors++;
    else count.warnings++;
    if (!seen.has(ruleId)) {
      seen.add(ruleId);
      count.files++;
    }
  }
}

/**
 * used / total of a positive total and a non-negative use; else null. Not the report's
 * budgetUsedRatio, which is rounded to 4 decimals: buckets and means need the exact ratio.
 */
function budgetRatio({ used, total }: Summary['budget']): number | null {
  return used !== null && total !== null && total > 0 && used >= 0 ? used / total : null;
}

function bucketOf(ratio: number | null): BudgetBucket {
  if (ratio === null) return 'unknown';
  if (ratio < 0.25) return '0-25';
  if (ratio < 0.5) return '25-50';
  if (ratio < 0.75) return '50-75';
  if (ratio <= 1) return '75-100';
  return 'over-100';
}

class DiscoveryCollector {
  private investigations = 0;
  private cycles = 0;
  private readonly stopReasons = new Map<string | null, number>();
  private readonly cyclesToSuccess: number[] = [];
  private readonly tokenRatios: number[] = [];
  private zeroSignalCycles = 0;
  private signalCycles = 0;

  add(trace: DiscoveryTrace | null): void {
    if (trace === null) return;
    this.investigations++;
    this.cycles += trace.cycles.length;
    this.stopReasons.set(trace.stopReason, (this.stopReasons.get(trace.stopReason) ?? 0) + 1);
    if (trace.stopReason === 'evidence_sufficient') this.cyclesToSuccess.push(trace.cycles.length);
    for (const { newSignals } of trace.cycles) {
      if (newSignals === null || !Number.isFinite(newSignals)) continue;
      this.signalCycles++;
      if (newSignals === 0) this.zeroSignalCycles++;
    }
    const { forage, focus } = trace.tokensByPhase;
    if (focus > 0) this.tokenRatios.push(forage / focus);
  }

  result(): DiscoveryStats {
    return {
      investigations: this.investigations,
      cycles: this.cycles,
      stopReasons: reasonCounts(this.stopReasons),
      cyclesToSuccess: distribution(this.cyclesToSuccess),
      forageFocusTokenRatio: ratioSummary(this.tokenRatios),
      zeroSignalRate: this.signalCycles > 0 ? round4(this.zeroSignalCycles / this.signalCycles) : null,
    };
  }
}

function reasonCounts(counts: ReadonlyMap<string | null, number>): ReasonCount[] {
  return [...counts.entries()]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || (a.reason === null ? 1 : b.reason === null ? -1 : compareStrings(a.reason, b.reason)));
}

function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const histogram: Array<{ value: number; count: number }> = [];
  for (const value of sorted) {
    const last = histogram.at(-1);
    if (last !== undefined && last.value === value) last.count++;
    else histogram.push({ value, count: 1 });
  }
  return {
    count: sorted.length,
    min: sorted[0] ?? null,
    median: median(sorted),
    max: sorted.at(-1) ?? null,
    mean: mean(sorted),
    histogram,
  };
}

function ratioSummary(values: readonly number[]): RatioSummary {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, median: median(sorted), mean: mean(sorted) };
}

/** Of values sorted ascending; summed in that order, so the input order never changes a digit. */
function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return round4(value ?? 0);
}

function mean(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  let sum = 0;
  for (const value of sorted) sum += value;
  return round4(sum / sorted.length);
}
