// One hook payload answered: read, dispatched by when it runs (before a tool call, after one, at a
// stop), and answered in the caller's contract. It never breaks the agent's session: a payload it
// cannot read, or a failure of its own, lets the agent go on with one line on standard error and
// exit code 0, unless hooks.failClosed asks that it block (exit 2, the line as the reason).
import { existsSync } from 'node:fs';
import { toolInfo } from '../tool.js';
import { callInputOf, planCall } from '../trace/classify.js';
import { SHELL_PROGRAMS } from '../trace/shell-table.js';
import { recordCall } from './after-tool.js';
import { answerFor, type Decision, type HookAnswer, SILENT } from './answer.js';
import { decideRead, deepReadTargets } from './before-tool.js';
import { openLedger } from './ledger.js';
import { type HookPayload, readPayload } from './payload.js';
import { failsClosed, type HookFlags, hookSettings } from './settings.js';

/** The exit code by which every agent blocks: Claude Code, Codex and Gemini CLI read standard error as the reason. */
const BLOCKING_EXIT = 2;

export async function answerHook(text: string, flags: HookFlags, env: Record<string, string | undefined>): Promise<HookAnswer> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure('the payload on standard input is not JSON', undefined, env);
  }
  const payload = readPayload(value);
  if (payload === undefined) return SILENT;
  try {
    return answerFor(payload, await decide(payload, flags, env));
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error), payload.cwd, env);
  }
}

async function decide(payload: HookPayload, flags: HookFlags, env: Record<string, string | undefined>): Promise<Decision> {
  const { cwd } = payload;
  // Without an absolute cwd no path of the payload can be placed, and neither can the spec.
  if (cwd === undefined) return { kind: 'none' };
  if (payload.phase === 'pre') {
    const nodes = deepReadTargets(payload);
    if (nodes.length === 0) return { kind: 'none' };
    const settings = await hookSettings(flags, cwd, env);
    // No spec named, or none written yet: no investigation to hold the read to.
    if (settings.spec === undefined || !existsSync(settings.spec)) return { kind: 'none' };
    return decideRead(payload, nodes, settings, openLedger(settings.stateDir, payload.sessionId));
  }
  if (payload.phase === 'post') {
    if (!mapsOrReads(payload)) return { kind: 'none' };
    const settings = await hookSettings(flags, cwd, env);
    // The ledger is kept once a spec is named, written yet or not: a session that reads before writing it is under way.
    if (settings.spec !== undefined) recordCall(payload, openLedger(settings.stateDir, payload.sessionId));
    return { kind: 'none' };
  }
  const settings = await hookSettings(flags, cwd, env);
  if (settings.spec === undefined) return { kind: 'none' };
  // The engine is loaded only here, at a stop: a tool call's decision never pays for it.
  const { decideStop } = await import('./engine-part.js');
  return decideStop(payload, settings, openLedger(settings.stateDir, payload.sessionId));
}

function mapsOrReads(payload: HookPayload): boolean {
  return payload.tool !== undefined && planCall(payload.tool, callInputOf(payload.toolInput), payload.cwd, SHELL_PROGRAMS).kind !== 'other';
}

/** A failure of the hook's own, answered as the header says: let through with one line, or blocked under hooks.failClosed. */
export async function failure(detail: string, cwd: string | undefined, env: Record<string, string | undefined>): Promise<HookAnswer> {
  const line = detail.replace(/\s+/g, ' ').slice(0, 500);
  if (await failsClosed(cwd, env))
    return { stdout: '', stderr: `${toolInfo.name} hook: ${line}; blocked (hooks.failClosed)\n`, exitCode: BLOCKING_EXIT };
  return { stdout: '', stderr: `${toolInfo.name} hook: ${line}; let through\n`, exitCode: 0 };
}
