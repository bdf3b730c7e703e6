import { isRecord } from '../common/guards.js';
import { round4 } from '../common/numbers.js';

/** Phases of a discovery cycle, in the order they run. */
const DISCOVERY_PHASES = ['forage', 'focus', 'deepen'] as const;

type DiscoveryPhaseName = (typeof DISCOVERY_PHASES)[number];

type PerPhase = Record<DiscoveryPhaseName, number>;

export interface DiscoveryMetrics {
  /** Cycles recorded. */
  cycles: number;
  /** Cycles it took when discovery stopped with evidence_sufficient; null for any other stop. */
  cyclesToSuccess: number | null;
  /** Forage tokens / focus tokens (4 decimals); null when focus spent no tokens. */
  forageFocusTokenRatio: number | null;
  /** Files read in full, summed per phase. */
  filesReadByPhase: PerPhase;
  /** Tokens spent, summed per phase. */
  tokensByPhase: PerPhase;
  /** True when no cycle found a new signal. */
  zeroSignal: boolean;
}

/**
 * What the optional discovery block records, read once for the report's metrics and the corpus
 * statistics. Reads whatever is there: values of the wrong type count as nothing, so that a
 * report can still be built for a spec the schema rejected.
 */
export interface DiscoveryTrace {
  /** Entries of `cycles`, objects or not. */
  entries: number;
  /** One per entry of `cycles` that is an object: its newSignals when that is a number, else null. */
  cycles: Array<{ newSignals: number | null }>;
  /** stop.reason, when it is a string. */
  stopReason: string | null;
  /** Files read in full, summed per phase in the order of the events. */
  filesReadByPhase: PerPhase;
  /** Tokens spent, summed per phase in the order of the events. */
  tokensByPhase: PerPhase;
}

/** The trace of a discovery block, or null when the spec has none (the block is not an object). */
export function readDiscovery(discovery: unknown): DiscoveryTrace | null {
  if (!isRecord(discovery)) return null;
  const entries = Array.isArray(discovery['cycles']) ? discovery['cycles'] : [];
  const cycles: DiscoveryTrace['cycles'] = [];
  const filesReadByPhase: PerPhase = { forage: 0, focus: 0, deepen: 0 };
  const tokensByPhase: PerPhase = { forage: 0, focus: 0, deepen: 0 };
  for (const cycle of entries) {
    if (!isRecord(cycle)) continue;
    const newSignals = cycle['newSignals'];
    cycles.push({ newSignals: typeof newSignals === 'number' ? newSignals : null });
    const events = Array.isArray(cycle['events']) ? cycle['events'] : [];
    for (const event of events) {
      if (!isRecord(event)) continue;
      const phase = event['phase'];
      if (!isPhase(phase)) continue;
      filesReadByPhase[phase] += count(event['filesRead']);
      tokensByPhase[phase] += count(event['tokens']);
    }
  }
  const stop = isRecord(discovery['stop']) ? discovery['stop'] : {};
  const stopReason = typeof stop['reason'] === 'string' ? stop['reason'] : null;
  return { entries: entries.length, cycles, stopReason, filesReadByPhase, tokensByPhase };
}

/** Figures of the optional discovery block, or null when the spec has none. */
export function discoveryMetrics(discovery: unknown): DiscoveryMetrics | null {
  const trace = readDiscovery(discovery);
  if (trace === null) return null;
  const { entries, filesReadByPhase, tokensByPhase } = trace;
  return {
    cycles: entries,
    cyclesToSuccess: trace.stopReason === 'evidence_sufficient' ? entries : null,
    forageFocusTokenRatio: tokensByPhase.focus > 0 ? round4(tokensByPhase.forage / tokensByPhase.focus) : null,
    filesReadByPhase,
    tokensByPhase,
    zeroSignal: !trace.cycles.some(({ newSignals }) => newSignals !== null && newSignals > 0),
  };
}

function isPhase(value: unknown): value is DiscoveryPhaseName {
  return typeof value === 'string' && (DISCOVERY_PHASES as readonly string[]).includes(value);
}

/** A finite, non-negative number, or 0 for anything else. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
