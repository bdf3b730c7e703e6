// Before a tool call: the call classified as `--trace` classifies it, and a deep read held to the
// method. Past the budget it is denied; without a goal or budget in the spec it is denied with
// {VACIO_CRITICO}; a read of a node no map call of the session surfaced is a blind read, denied
// (or let through with a word, as hooks.blindReads says). Every other call costs nothing but the
// start-up: no ledger, no spec, no configuration is read for it.
import { basename, dirname } from 'node:path';
import { callInputOf, planCall } from '../trace/classify.js';
import { SHELL_PROGRAMS } from '../trace/shell-table.js';
import type { Decision } from './answer.js';
import type { Ledger } from './ledger.js';
import { readsHeld } from './ledger-state.js';
import type { HookPayload } from './payload.js';
import type { HookSettings } from './settings.js';
import { CRITICAL_MARKER, readSpecFacts } from './spec-facts.js';

/** The node a call would read deeply, or undefined for any other call. */
export function deepReadTarget(payload: Pick<HookPayload, 'tool' | 'toolInput' | 'cwd'>): string | undefined {
  if (payload.tool === undefined) return undefined;
  const plan = planCall(payload.tool, callInputOf(payload.toolInput), payload.cwd, SHELL_PROGRAMS);
  return plan.kind === 'read' ? plan.target : undefined;
}

/** The decision on a deep read of `node` by the call of `payload`, with the session's ledger. */
export async function decideRead(payload: HookPayload, node: string, settings: HookSettings, ledger: Ledger): Promise<Decision> {
  const spec = settings.specShown ?? settings.spec ?? '';
  const facts = await readSpecFacts(settings.spec as string, settings.stateDir);
  if (!facts.ok)
    return {
      kind: 'deny',
      reason: `${CRITICAL_MARKER} ${spec} lacks ${facts.missing}. A deep read spends the hard budget, so none is made before the spec has both: ask the user for what is missing and write it into ${spec}; never invent a budget. [critical-input]`,
    };
  const state = ledger.read();
  // Budgets in tokens are counted by the gate at the stop: a call's tokens are not known before it.
  if (facts.unit === 'reads' || facts.unit === 'read') {
    const held = readsHeld(state, payload.toolUseId);
    if (held >= facts.total)
      return {
        kind: 'deny',
        reason: `The budget of ${spec} is spent: ${held} of ${facts.total} reads used, so this read of ${node} is not made. The method asks you to stop now: record stopCondition "budget_exhausted" with its evidence, and declare in risks what was not covered. [budget-limit]`,
      };
  }
  const blind = settings.blindReads !== 'off' && state.surfacedLeftOut === 0 && !state.surfaced.has(node);
  if (blind) {
    const message = `${node} was not surfaced by any map call of this session: reading it now is a blind read. Map first with a cheap call that lists it, such as ${cheapCall(payload, node)}, then read what the map surfaced. [trace-order]`;
    if (settings.blindReads === 'deny') return { kind: 'deny', reason: message };
    ledger.append([{ k: 'allow', id: payload.toolUseId ?? '', node }]);
    return { kind: 'context', text: `Warning: ${message}` };
  }
  ledger.append([{ k: 'allow', id: payload.toolUseId ?? '', node }]);
  return { kind: 'none' };
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
