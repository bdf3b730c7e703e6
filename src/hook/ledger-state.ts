// What a session's ledger holds, record by record, and the state they fold into: the reads that
// spent the budget (counted as trace-budget counts them: successful reads, a subagent's too), the
// reads let through and not yet answered, the nodes the map calls surfaced, and the stops blocked
// in a row. Folding is the same whatever process does it, so any snapshot is true of its offset.

/** Every record starts with its kind: `{"k":"`, which cannot occur inside a JSON string. */
export const RECORD_START = '{"k":"';

export type LedgerRecord =
  /**
   * A read let through before the call: it holds a unit of budget (`count`, for a shell chain of
   * reads) until its outcome comes. With `total`, it is a claim: it holds budget only if, folded in
   * the log's order, the reads held before it leave room under `total`; else it is refused, and
   * `claim` (unique to the process that wrote it) says whose it was.
   */
  | { k: 'allow'; id: string; node: string; count?: number; total?: number; claim?: string }
  /** A read's outcome: a successful one spent a unit (`count` units for a chain). */
  | { k: 'read'; id: string; node: string; ok: boolean; count?: number }
  /** Some of the nodes a successful map call surfaced (a call's list is split into records that stay small). */
  | { k: 'map'; id: string; paths: string[] }
  /** A stop the hook answered: blocked, or let through. */
  | { k: 'stop'; blocked: boolean };

export interface LedgerState {
  version: 2;
  /** How far into the log this state goes, in bytes. */
  offset: number;
  /** Successful reads. */
  reads: number;
  /** The units of budget held by reads let through whose outcome has not come, by call id. */
  pending: Record<string, number>;
  surfaced: Set<string>;
  /** Nodes surfaced past the bound of those kept: a read of a node not kept is then not called blind. */
  surfacedLeftOut: number;
  /** Stops blocked since the last one let through. */
  stopBlocks: number;
  /** The claims refused for want of budget, the latest MAX_REFUSED of them. */
  refused: string[];
  /** The ids of the latest outcomes counted: the same outcome told twice (two installs of the hook) spends once. */
  counted: string[];
}

/** The nodes kept: far above a session's map, bounded so that a hostile session cannot grow the snapshot without end. */
export const MAX_SURFACED = 100_000;
/** Reads waiting for their outcome, kept: a call whose outcome never comes (an interrupted session) is forgotten past them. */
const MAX_PENDING = 256;
/** Refused claims and counted outcomes kept: far more than the calls one message of an agent runs side by side. */
const MAX_REFUSED = 256;

export function emptyState(): LedgerState {
  return {
    version: 2,
    offset: 0,
    reads: 0,
    pending: Object.create(null),
    surfaced: new Set(),
    surfacedLeftOut: 0,
    stopBlocks: 0,
    refused: [],
    counted: [],
  };
}

/** Adds a record to the state; a record of an unknown kind or shape changes nothing. */
export function foldRecord(state: LedgerState, record: LedgerRecord): void {
  switch (record.k) {
    case 'allow': {
      if (typeof record.id !== 'string' || typeof record.node !== 'string') return;
      const units = unitsOf(record);
      // The log's order decides between parallel claims: every process folds it alike.
      if (typeof record.total === 'number' && readsHeld(state, record.id) + units > record.total) {
        if (typeof record.claim === 'string') state.refused = [...state.refused.slice(1 - MAX_REFUSED), record.claim];
        return;
      }
      state.pending[record.id] = units;
      trimPending(state.pending);
      return;
    }
    case 'read':
      if (typeof record.id !== 'string') return;
      delete state.pending[record.id];
      if (record.id !== '') {
        if (state.counted.includes(record.id)) return;
        state.counted = [...state.counted.slice(1 - MAX_REFUSED), record.id];
      }
      if (record.ok === true) state.reads += unitsOf(record);
      return;
    case 'map':
      if (!Array.isArray(record.paths)) return;
      for (const path of record.paths) {
        if (typeof path !== 'string' || state.surfaced.has(path)) continue;
        if (state.surfaced.size < MAX_SURFACED) state.surfaced.add(path);
        else state.surfacedLeftOut++;
      }
      return;
    case 'stop':
      state.stopBlocks = record.blocked === true ? state.stopBlocks + 1 : 0;
      return;
    default:
      return;
  }
}

/** The reads that hold budget now: those that spent it and those let through still running (parallel calls). */
export function readsHeld(state: LedgerState, except?: string): number {
  let pending = 0;
  for (const [id, units] of Object.entries(state.pending)) if (id !== except) pending += units;
  return state.reads + pending;
}

/** The reads a record stands for: one, or the count of a chain (a count that is not a small whole number is read as one). */
function unitsOf(record: { count?: unknown }): number {
  const { count } = record;
  return typeof count === 'number' && Number.isSafeInteger(count) && count > 1 && count <= MAX_CHAIN ? count : 1;
}

/** Far above a real command line's chain of reads; bounds what one hostile record can hold. */
const MAX_CHAIN = 1_000;

function trimPending(pending: Record<string, number>): void {
  const ids = Object.keys(pending);
  for (const id of ids.slice(0, Math.max(0, ids.length - MAX_PENDING))) delete pending[id];
}

/** The state as the snapshot file holds it. */
export function savedState(state: LedgerState): Record<string, unknown> {
  return { ...state, pending: { ...state.pending }, surfaced: [...state.surfaced] };
}

/** A snapshot's state, or undefined when it is not one this version wrote. */
export function restoredState(value: unknown): LedgerState | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const saved = value as Record<string, unknown>;
  const { offset, reads, pending, surfaced, surfacedLeftOut, stopBlocks, refused, counted } = saved;
  const counts = [offset, reads, surfacedLeftOut, stopBlocks].every((count) => Number.isSafeInteger(count) && (count as number) >= 0);
  if (saved['version'] !== 2 || !counts || !Array.isArray(surfaced) || pending === null || typeof pending !== 'object') return undefined;
  const state = emptyState();
  Object.assign(state, { offset, reads, surfacedLeftOut, stopBlocks });
  for (const [id, units] of Object.entries(pending)) state.pending[id] = unitsOf({ count: units });
  for (const path of surfaced) if (typeof path === 'string') state.surfaced.add(path);
  // A snapshot from before claims were refused holds none.
  if (Array.isArray(refused)) state.refused = refused.filter((claim): claim is string => typeof claim === 'string').slice(-MAX_REFUSED);
  if (Array.isArray(counted)) state.counted = counted.filter((id): id is string => typeof id === 'string').slice(-MAX_REFUSED);
  return state;
}
