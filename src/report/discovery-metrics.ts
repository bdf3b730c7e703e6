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
 * Figures of the optional discovery block, or null when the spec has none. Reads whatever is there:
 * values of the wrong type count as nothing, so that a report can still be built for a spec the
 * schema rejected.
 */
export function discoveryMetrics(discovery: unknown): DiscoveryMetrics | null {
  if (!isRecord(discovery)) return null;
  const cycles = Array.isArray(discovery['cycles']) ? discovery['cycles'] : [];
  const filesReadByPhase: PerPhase = { forage: 0, focus: 0, deepen: 0 };
  const tokensByPhase: PerPhase = { forage: 0, focus: 0, deepen: 0 };
  let signal = false;
  for (const cycle of cycles) {
    if (!isRecord(cycle)) continue;
    const newSignals = cycle['newSignals'];
    if (typeof newSignals === 'number' && newSignals > 0) signal = true;
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
  return {
    cycles: cycles.length,
    cyclesToSuccess: stop['reason'] === 'evidence_sufficient' ? cycles.length : null,
    forageFocusTokenRatio: tokensByPhase.focus > 0 ? round4(tokensByPhase.forage / tokensByPhase.focus) : null,
    filesReadByPhase,
    tokensByPhase,
    zeroSignal: !signal,
  };
}

function isPhase(value: unknown): value is DiscoveryPhaseName {
  return typeof value === 'string' && (DISCOVERY_PHASES as readonly string[]).includes(value);
}

/** A finite, non-negative number, or 0 for anything else. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
