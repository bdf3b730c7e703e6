// The ledger of one agent session: what its map calls surfaced, the reads it made, the stops the
// hook blocked. Hooks of parallel tool calls run at once, each its own process, so the ledger is
// a log that every process appends to with one write() of one small record (O_APPEND: no record
// lands inside another), and never rewrites. A crash mid-write leaves at most one torn line,
// which the reader skips. So that a decision does not read the whole session again, a snapshot
// (the state, and how far into the log it goes) is written beside it now and then, atomically; a
// reader folds only the log's tail past it.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { emptyState, foldRecord, type LedgerRecord, type LedgerState, RECORD_START, restoredState, savedState } from './ledger-state.js';

/** The longest record: under PIPE_BUF (4,096 bytes on Linux), the size below which every writer is sure not to be cut in. */
export const MAX_RECORD_BYTES = 4_000;
/** Records of the tail folded before the reader writes a new snapshot: the most a decision reads past the snapshot. */
export const SNAPSHOT_EVERY = 32;

export interface Ledger {
  /** The state of the session as the log stands now. */
  read(): LedgerState;
  /** Appends records, each in one write; a record too long is refused (the caller splits). */
  append(records: readonly LedgerRecord[]): void;
}

/** Work done by the last read, for tests that assert a decision costs the same late in a session as early. */
export const ledgerWork = { recordsFolded: 0, snapshotRead: false };

/**
 * The ledger of `sessionId` in `folder` (made if missing): `<id>.jsonl` and `<id>.snapshot.json`,
 * the id as given when it is a plain name, else its digest (a session id is untrusted: no path
 * may come of it).
 */
export function openLedger(folder: string, sessionId: string): Ledger {
  const name = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(sessionId)
    ? sessionId
    : `session-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
  const log = join(folder, `${name}.jsonl`);
  const snapshot = join(folder, `${name}.snapshot.json`);
  return {
    read: () => readState(log, snapshot),
    append(records) {
      mkdirSync(folder, { recursive: true });
      const fd = openSync(log, 'a');
      try {
        for (const record of records) {
          const line = `${JSON.stringify(record)}\n`;
          if (Buffer.byteLength(line) > MAX_RECORD_BYTES)
            throw new Error(`a ledger record of ${Buffer.byteLength(line)} bytes is too long`);
          writeSync(fd, line);
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}

function readState(log: string, snapshot: string): LedgerState {
  ledgerWork.recordsFolded = 0;
  ledgerWork.snapshotRead = false;
  const saved = readSnapshot(snapshot);
  ledgerWork.snapshotRead = saved !== undefined;
  const state = saved ?? emptyState();
  let fd: number;
  try {
    fd = openSync(log, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return state;
    throw error;
  }
  let tail: Buffer;
  try {
    const size = fstatSync(fd).size;
    // A log shorter than its snapshot was replaced: read it again from its start.
    if (size < state.offset) Object.assign(state, emptyState());
    tail = Buffer.alloc(size - state.offset);
    let read = 0;
    while (read < tail.length) {
      const count = readSync(fd, tail, read, tail.length - read, state.offset + read);
      if (count === 0) break;
      read += count;
    }
    tail = tail.subarray(0, read);
  } finally {
    closeSync(fd);
  }
  // Only whole lines: a last line without its newline is a record still being written (or torn by a crash), read once it is whole.
  const end = tail.lastIndexOf(0x0a) + 1;
  for (const line of tail.subarray(0, end).toString('utf8').split('\n')) {
    if (line === '') continue;
    const record = parseRecord(line);
    if (record !== undefined) foldRecord(state, record);
    ledgerWork.recordsFolded++;
  }
  const folded = ledgerWork.recordsFolded;
  state.offset += end;
  if (folded >= SNAPSHOT_EVERY) writeSnapshot(snapshot, state);
  return state;
}

/**
 * A line of the log as a record. A line torn by a crash ran into the record appended after it:
 * that record is still read, from where it starts (a record's opening cannot occur inside a
 * JSON string, whose quotes are escaped).
 */
function parseRecord(line: string): LedgerRecord | undefined {
  const whole = parsedObject(line);
  if (whole !== undefined) return whole;
  const start = line.lastIndexOf(RECORD_START);
  return start > 0 ? parsedObject(line.slice(start)) : undefined;
}

function parsedObject(text: string): LedgerRecord | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as LedgerRecord) : undefined;
  } catch {
    return undefined;
  }
}

function readSnapshot(path: string): LedgerState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return restoredState(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The snapshot through a temporary and a rename: a reader sees the old one or the new one. Any that wins is true of its own offset. */
function writeSnapshot(path: string, state: LedgerState): void {
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, JSON.stringify(savedState(state)));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch {
    // A snapshot is only a shortcut: the log stays whole without it.
  }
}
