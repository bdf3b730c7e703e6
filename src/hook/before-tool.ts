// Before a tool call: the call classified as `--trace` classifies it, and a deep read held to the
// method. Past the budget it is denied; without a goal or budget in the spec it is denied with
// {VACIO_CRITICO}; a read of a node no map call of the session surfaced is a blind read, denied
// (or let through with a word, as hooks.blindReads says). Every other call costs nothing but the
// start-up: no ledger, no spec, no configuration is read for it.
import { randomBytes } from 'node:crypto';
import { basename, dirname } from 'node:path';
import type { HookSettings } from '../config/hooks.js';
import { callInputOf, planCall } from '../trace/classify.js';
import { SHELL_PROGRAMS } from '../trace/shell-table.js';
import type { Decision } from './answer.js';
import type { Ledger } from './ledger.js';
import { type LedgerRecord, readsHeld } from './ledger-state.js';
import type { HookPayload } from './payload.js';
import { CRITICAL_MARKER, readSpecFacts } from './spec-facts.js';

/**
 * The nodes a call would read deeply, in its order, or none for any other call: one for a Read,
 * each command's for a shell chain of reads (`cat a && cat b`), which `--trace` counts as that many
 * reads (readsOf in src/trace/match.ts).
 */
export function deepReadTargets(payload: Pick<HookPayload, 'tool' | 'toolInput' | 'cwd'>): string[] {
  if (payload.tool === undefined) return [];
  const plan = planCall(payload.tool, callInputOf(payload.toolInput), payload.cwd, SHELL_PROGRAMS);
  if (plan.kind !== 'read' || plan.target === undefined) return [];
  return [plan.target, ...(plan.moreReads ?? []).map((read) => read.target)];
}

/** The decision on the deep reads of `nodes` by the call of `payload`, with the session's ledger. */
export async function decideRead(
  payload: HookPayload,
  nodes: readonly string[],
  settings: HookSettings,
  ledger: Ledger,
): Promise<Decision> {
  const node = nodes.join(', ');
  const spec = settings.specShown ?? settings.spec ?? '';
  const facts = await readSpecFacts(settings.spec as string, settings.stateDir);
  if (!facts.ok)
    return {
      kind: 'deny',
      reason: `${CRITICAL_MARKER} ${spec} lacks ${facts.missing}. A deep read spends the hard budget, so none is made before the spec has both: ask the user for what is missing and write it into ${spec}; never invent a budget. [critical-input]`,
    };
  const state = ledger.read();
  // Budgets in tokens are counted by the gate at the stop: a call's tokens are not known before it.
  const total = facts.unit === 'reads' || facts.unit === 'read' ? facts.total : undefined;
  const spent = (held: number): Decision => ({
    kind: 'deny',
    reason: `The budget of ${spec} is spent: ${Math.min(held, total ?? held)} of ${total} reads used, so this ${nodes.length === 1 ? 'read' : `call's ${nodes.length} reads`} of ${node} ${nodes.length === 1 ? 'is' : 'are'} not made. The method asks you to stop now: record stopCondition "budget_exhausted" with its evidence, and declare in risks what was not covered. [budget-limit]`,
  });
  if (total !== undefined && readsHeld(state, payload.toolUseId) + nodes.length > total) return spent(readsHeld(state, payload.toolUseId));
  const unmapped = settings.blindReads === 'off' || state.surfacedLeftOut > 0 ? undefined : nodes.find((read) => !state.surfaced.has(read));
  const blind =
    unmapped === undefined
      ? undefined
      : `${unmapped} was not surfaced by any map call of this session: reading it now is a blind read. Map first with a cheap call that lists it, such as ${cheapCall(payload, unmapped)}, then read what the map surfaced. [trace-order]`;
  if (blind !== undefined && settings.blindReads === 'deny') return { kind: 'deny', reason: blind };
  // Parallel calls may all have read the ledger before any appended: each appends its claim, and
  // the log's order (which every process folds alike) says which of them the budget holds.
  const claim = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const allow: LedgerRecord = {
    k: 'allow',
    id: payload.toolUseId ?? '',
    node,
    ...(nodes.length > 1 ? { count: nodes.length } : {}),
    ...(total === undefined ? {} : { total, claim }),
  };
  ledger.append([allow]);
  if (total !== undefined) {
    const after = ledger.read();
    if (after.refused.includes(claim)) return spent(readsHeld(after, payload.toolUseId));
  }
  return blind === undefined ? { kind: 'none' } : { kind: 'context', text: `Warning: ${blind}` };
}

/** A cheap call that surfaces `node`, in the agent's own tools: Glob for Claude Code, a listing for a shell-only agent. */
function cheapCall(payload: Pick<HookPayload, 'tool' | 'contract'>, node: string): string {
  const folder = dirname(node);
  const listing = `\`ls ${shellQuoted(folder)}\``;
  if (payload.tool === 'Bash') return listing;
  if (payload.contract === 'gemini') return `list_directory on ${JSON.stringify(folder)}`;
  return `Glob with ${JSON.stringify({ pattern: basename(node), path: folder })}, or ${listing}`;
}

function shellQuoted(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
