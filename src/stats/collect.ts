import { isRecord } from '../common/guards.js';
import { round4 } from '../common/numbers.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import type { FileOutcome } from '../report/outcome.js';
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
 * Never throws on odd reports: the discovery block in particular is read from
 * `report.investigation.discovery` as it is, and what does not have the expected shape is skipped.
 */
export function collectStats(files: readonly FileOutcome[]): Stats {
  const verdicts = { pass: 0, fail: 0 };
  const exitCodes = { '0': 0, '1': 0, '3': 0, '4': 0 };
  const stopReasons = new Map<string | null, number>();
  const buckets = new Map<BudgetBucket, number>(BUDGET_BUCKETS.map(({ bucket }) => [bucket, 0]));
  const budgetRatios: number[] = [];
  const replans: number[] = [];
  const rules = new Map<string, RuleCount>();
  const discovery = new DiscoveryCollector();
  let investigations = 0;

  for (const file of files) {
    if (file.verdict === 'pass') verdicts.pass++;
    else verdicts.fail++;
    const code = String(file.exitCode);
    if (code === '0' || code === '1' || code === '3' || code === '4') exitCodes[code]++;
    countRules(rules, Array.isArray(file.diagnostics) ? file.diagnostics : []);

    const report: unknown = file.report;
    if (!isRecord(report)) continue;
    investigations++;
    const summary: Record<string, unknown> = isRecord(report['summary']) ? report['summary'] : {};
    const reason = typeof summary['stopReason'] === 'string' ? summary['stopReason'] : null;
    stopReasons.set(reason, (stopReasons.get(reason) ?? 0) + 1);

    const budget = isRecord(summary['budget']) ? summary['budget'] : {};
    const ratio = budgetRatio(budget['used'], budget['total']);
    if (ratio !== null) budgetRatios.push(ratio);
    const bucket = bucketOf(ratio);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);

    const counts = isRecord(summary['counts']) ? summary['counts'] : {};
    const replanCount = counts['replans'];
    const investigation = isRecord(report['investigation']) ? report['investigation'] : {};
    if (isCount(replanCount)) replans.push(replanCount);
    else replans.push(Array.isArray(investigation['replanLog']) ? investigation['replanLog'].length : 0);

    discovery.add(investigation['discovery']);
  }

  return {
    statsVersion: 1,
    files: files.length,
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
  };
}

function countRules(rules: Map<string, RuleCount>, diagnostics: readonly unknown[]): void {
  const seen = new Set<string>();
  for (const diagnostic of diagnostics) {
    if (!isRecord(diagnostic) || typeof diagnostic['ruleId'] !== 'string') continue;
    const ruleId = diagnostic['ruleId'];
    let count = rules.get(ruleId);
    if (count === undefined) {
      count = { ruleId, files: 0, diagnostics: 0, errors: 0, warnings: 0 };
      rules.set(ruleId, count);
    }
    count.diagnostics++;
    if (diagnostic['severity'] === 'error') count.errors++;
    else if (diagnostic['severity'] === 'warning') count.warnings++;
    if (!seen.has(ruleId)) {
      seen.add(ruleId);
      count.files++;
    }
  }
}

/** used / total for an integer total above 0 and an integer used of at least 0; else null. */
function budgetRatio(used: unknown, total: unknown): number | null {
  if (!Number.isInteger(used) || !Number.isInteger(total)) return null;
  const u = used as number;
  const t = total as number;
  return t > 0 && u >= 0 ? u / t : null;
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

  add(discovery: unknown): void {
    if (!isRecord(discovery)) return;
    this.investigations++;
    const cycles = Array.isArray(discovery['cycles']) ? discovery['cycles'].filter(isRecord) : [];
    this.cycles += cycles.length;
    const stop = isRecord(discovery['stop']) ? discovery['stop'] : {};
    const reason = typeof stop['reason'] === 'string' ? stop['reason'] : null;
    this.stopReasons.set(reason, (this.stopReasons.get(reason) ?? 0) + 1);
    if (reason === 'evidence_sufficient') this.cyclesToSuccess.push(cycles.length);

    let forage = 0;
    let focus = 0;
    for (const cycle of cycles) {
      const signals = cycle['newSignals'];
      if (typeof signals === 'number' && Number.isFinite(signals)) {
        this.signalCycles++;
        if (signals === 0) this.zeroSignalCycles++;
      }
      const events = Array.isArray(cycle['events']) ? cycle['events'].filter(isRecord) : [];
      for (const event of events) {
        const tokens = event['tokens'];
        if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) continue;
        if (event['phase'] === 'forage') forage += tokens;
        else if (event['phase'] === 'focus') focus += tokens;
      }
    }
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

export function distribution(values: readonly number[]): Distribution {
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

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
