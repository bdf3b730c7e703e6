// A decision as the calling agent reads it. Claude Code and Codex: a tool call denied with
// hookSpecificOutput.permissionDecision "deny" and its reason, a stop blocked with decision
// "block" and its reason (the agent's next instruction). Gemini CLI: decision "deny" and a reason
// for both. Everything else prints nothing, or a message for the user; the exit code is 0 but for
// a failure that closes (hooks.failClosed).
import type { Contract, HookPayload } from './payload.js';

export type Decision =
  /** Let it be, say nothing. */
  | { kind: 'none' }
  /** Refuse the tool call; the reason goes to the model. */
  | { kind: 'deny'; reason: string }
  /** Let the tool call through, with a word for the model. */
  | { kind: 'context'; text: string }
  /** Refuse to stop; the reason is the agent's next instruction. */
  | { kind: 'block'; reason: string }
  /** Let the agent stop, with a message for the user. */
  | { kind: 'tell'; message: string };

export interface HookAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export const SILENT: HookAnswer = { stdout: '', stderr: '', exitCode: 0 };

/** The decision printed for the agent that sent `payload`. */
export function answerFor(payload: Pick<HookPayload, 'contract' | 'event'>, decision: Decision): HookAnswer {
  const json = answerJson(payload.contract, payload.event, decision);
  return json === undefined ? SILENT : { stdout: `${JSON.stringify(json)}\n`, stderr: '', exitCode: 0 };
}

function answerJson(contract: Contract, event: string, decision: Decision): Record<string, unknown> | undefined {
  switch (decision.kind) {
    case 'none':
      return undefined;
    case 'deny':
      return contract === 'gemini'
        ? { decision: 'deny', reason: decision.reason }
        : { hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: decision.reason } };
    case 'context':
      return { hookSpecificOutput: { hookEventName: event, additionalContext: decision.text } };
    case 'block':
      return { decision: contract === 'gemini' ? 'deny' : 'block', reason: decision.reason };
    case 'tell':
      return { systemMessage: decision.message };
  }
}
