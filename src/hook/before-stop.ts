// Before the agent stops: the spec compiled under the gate by the engine, with the session's
// transcript as its trace. A record that fails keeps the agent working: the stop is blocked with a
// reason that names the spec and its first problems, each with its rule and its fix (the advice
// of `next`). An investigation under way with no spec yet is blocked with the command that drafts
// one from the transcript. At most hooks.maxStopBlocks stops are blocked in a row; the next is let
// through, and the user is told that the record still fails.
import { existsSync } from 'node:fs';
import { adviseNext } from '../advice/index.js';
import type { HookSettings } from '../config/hooks.js';
import { traceReaderOf } from '../engine/trace-input.js';
import { createWorkspace } from '../engine/workspace.js';
import type { Policy } from '../policy/types.js';
import type { Decision } from './answer.js';
import type { Ledger } from './ledger.js';
import type { HookPayload } from './payload.js';

/** About what a model can act on at once: the reason is cut at a problem's end below it. */
export const MAX_REASON_CHARS = 1_500;

export async function decideStop(payload: HookPayload, settings: HookSettings, ledger: Ledger): Promise<Decision> {
  const spec = settings.spec as string;
  const shown = settings.specShown ?? spec;
  const state = ledger.read();
  // A fresh stop (not one that follows a block) starts the count again.
  const blocksInARow = payload.stopHookActive ? state.stopBlocks : 0;
  const block = (reason: string, stillFails: string): Decision => {
    if (blocksInARow >= settings.maxStopBlocks) {
      ledger.append([{ k: 'stop', blocked: false }]);
      return {
        kind: 'tell',
        message: `compile-investigation: the stop was let through after ${blocksInARow} blocked in a row (hooks.maxStopBlocks), but ${stillFails}`,
      };
    }
    ledger.append([{ k: 'stop', blocked: true }]);
    return { kind: 'block', reason };
  };
  if (!existsSync(spec)) {
    if (state.reads === 0) return { kind: 'none' };
    const draft = draftCommand(payload.transcriptPath, shown);
    return block(
      `This session made ${state.reads} deep read${state.reads === 1 ? '' : 's'} but ${shown} does not exist yet: the investigation has no record. Write it before you stop: ${draft} drafts it from this session's transcript; then fill in the goal, the budget, the hypotheses and each read's finding.`,
      `${shown} was never written.`,
    );
  }
  const cwd = payload.cwd ?? process.cwd();
  const workspace = createWorkspace({ cwd, preset: 'gate' });
  const transcript = payload.transcriptPath;
  const trace =
    transcript === undefined || !existsSync(transcript)
      ? {}
      : { trace: (policy: Policy) => traceReaderOf({ trace: transcript }, policy, { cwd }) };
  const { outcome, compiler } = await workspace.judgeDocument({ path: spec }, trace);
  if (outcome.exitCode === 0) {
    ledger.append([{ k: 'stop', blocked: false }]);
    return { kind: 'tell', message: `compile-investigation: ${shown} passes the gate (${outcome.verdict}).` };
  }
  const advice = adviseNext(outcome, compiler.policy).allowed;
  const problems = advice.map(({ message, rule }) => `- [${rule}] ${message}`);
  const head = `${shown} fails the gate${'trace' in trace ? " against this session's transcript" : ''}: fix the record, then stop again.`;
  return block(reasonWithin(head, problems, `compile-investigation next ${shown}`), `${shown} still fails the gate.`);
}

/** The head and as many problems as fit in MAX_REASON_CHARS, then how many are left and where to see them all. */
export function reasonWithin(head: string, problems: readonly string[], command: string): string {
  const lines = [head];
  let length = head.length;
  let shown = 0;
  const tail = (left: number): string => `(${left} more: run \`${command}\` for all of them)`;
  for (const problem of problems) {
    const left = problems.length - shown - 1;
    const room = MAX_REASON_CHARS - length - 1 - (left > 0 ? tail(left).length + 1 : 0);
    if (problem.length > room) {
      // The first problem is always named, cut short if it must be.
      if (shown === 0) {
        lines.push(`${problem.slice(0, Math.max(0, room - 1))}…`);
        shown++;
      }
      break;
    }
    lines.push(problem);
    length += problem.length + 1;
    shown++;
  }
  if (shown < problems.length) lines.push(tail(problems.length - shown));
  return lines.join('\n');
}

/** The command that drafts the spec from the transcript (a placeholder where the payload gave none). */
function draftCommand(transcript: string | undefined, spec: string): string {
  return `\`compile-investigation trace draft ${quoted(transcript ?? 'TRANSCRIPT.jsonl')} --output ${quoted(spec)}\``;
}

function quoted(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
