// After a tool call: the ledger records what a map call surfaced (Glob's and Grep's filenames, a
// shell listing's output, read as `--trace` reads it) and whether a read succeeded. Any other call
// leaves no record.
import { callInputOf, callOutcomeOf, finishCall, planCall } from '../trace/classify.js';
import { firstPaths } from '../trace/kept-paths.js';
import { SHELL_PROGRAMS } from '../trace/shell-table.js';
import { type Ledger, MAX_RECORD_BYTES } from './ledger.js';
import { type LedgerRecord, MAX_SURFACED } from './ledger-state.js';
import type { HookPayload } from './payload.js';

/** Room left in a record for its paths, once its kind and id are written (an id is bounded below). */
const PATHS_BYTES = MAX_RECORD_BYTES - 400;
const MAX_ID_LENGTH = 200;

/** The records of the call `payload` reports, appended to `ledger`; none for a call that neither maps nor reads. */
export function recordCall(payload: HookPayload, ledger: Ledger): void {
  if (payload.tool === undefined) return;
  const plan = planCall(payload.tool, callInputOf(payload.toolInput), payload.cwd, SHELL_PROGRAMS);
  if (plan.kind === 'other') return;
  const id = (payload.toolUseId ?? '').slice(0, MAX_ID_LENGTH);
  const outcome = callOutcomeOf(
    payload.failed,
    payload.toolResponse,
    typeof payload.toolResponse === 'string' ? payload.toolResponse : undefined,
  );
  // Every path a call surfaced, up to the ledger's own bound: a blind read is judged against all of
  // them, not the first ones a trace reader keeps for a timeline.
  const call = finishCall(plan, outcome, payload.cwd, firstPaths(MAX_SURFACED, Number.POSITIVE_INFINITY));
  if (call.kind === 'read') {
    // A node too long for one record is recorded without it: the read still counts.
    if (call.target !== undefined) {
      const count = 1 + (call.moreReads?.length ?? 0);
      const node = call.target.length > PATHS_BYTES ? '' : call.target;
      ledger.append([{ k: 'read', id, node, ok: !payload.failed, ...(count > 1 ? { count } : {}) }]);
    }
    return;
  }
  // A map call whose output the agent saw: answered, or failed yet printing paths.
  if (payload.failed && call.surfacedOnFailure !== true) return;
  ledger.append(mapRecords(id, call.surfaced ?? []));
}

/** The paths in records that each stay under the size of one atomic write; a path too long for one is left out. */
function mapRecords(id: string, paths: readonly string[]): LedgerRecord[] {
  const records: LedgerRecord[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const path of paths) {
    const size = Buffer.byteLength(JSON.stringify(path)) + 1;
    if (size > PATHS_BYTES) continue;
    if (bytes + size > PATHS_BYTES) {
      records.push({ k: 'map', id, paths: batch });
      batch = [];
      bytes = 0;
    }
    batch.push(path);
    bytes += size;
  }
  if (batch.length > 0) records.push({ k: 'map', id, paths: batch });
  return records;
}
