// One hook payload, as Claude Code, OpenAI Codex or Gemini CLI hands it on standard input, read
// into the few fields a decision needs. The payload is untrusted: any JSON, any path; a field of
// the wrong type is as good as absent. Gemini's tools are named as the trace classifier knows
// them (read_file is a Read, run_shell_command a Bash, by the table in src/trace/gemini-tools.ts),
// so that one classifier judges every agent.
import { geminiCall, geminiFailed, geminiResponse } from '../trace/gemini-tools.js';

/** Whose answer the caller reads: Claude Code and Codex share one contract, Gemini CLI has its own. */
export type Contract = 'claude' | 'gemini';

/** When the hook runs: before a tool call, after one, or when the agent would stop. */
export type Phase = 'pre' | 'post' | 'stop';

const EVENTS: Readonly<Record<string, { phase: Phase; contract: Contract }>> = {
  PreToolUse: { phase: 'pre', contract: 'claude' },
  PostToolUse: { phase: 'post', contract: 'claude' },
  PostToolUseFailure: { phase: 'post', contract: 'claude' },
  Stop: { phase: 'stop', contract: 'claude' },
  SubagentStop: { phase: 'stop', contract: 'claude' },
  BeforeTool: { phase: 'pre', contract: 'gemini' },
  AfterTool: { phase: 'post', contract: 'gemini' },
  AfterAgent: { phase: 'stop', contract: 'gemini' },
};

export interface HookPayload {
  event: string;
  phase: Phase;
  contract: Contract;
  sessionId: string;
  /** The agent's working directory, absolute; undefined when the payload gives none that is. */
  cwd: string | undefined;
  transcriptPath: string | undefined;
  /** The tool as the classifier names it (Gemini's renamed), its input (fields renamed too) and its id. */
  tool: string | undefined;
  toolInput: unknown;
  toolUseId: string | undefined;
  /** After a call: its response, and whether the call failed. */
  toolResponse: unknown;
  failed: boolean;
  /** A stop that follows a stop this hook (or another) blocked. */
  stopHookActive: boolean;
}

/** The payload read, or undefined when it is no hook event this command answers (an unknown event, no session). */
export function readPayload(value: unknown): HookPayload | undefined {
  if (!isObject(value)) return undefined;
  const event = textOf(value['hook_event_name']);
  const known = event === undefined ? undefined : EVENTS[event];
  const sessionId = textOf(value['session_id']);
  if (event === undefined || known === undefined || !Object.hasOwn(EVENTS, event) || sessionId === undefined || sessionId === '')
    return undefined;
  const cwd = textOf(value['cwd']);
  const response = value['tool_response'];
  let tool = textOf(value['tool_name']);
  let toolInput = value['tool_input'];
  if (known.contract === 'gemini' && tool !== undefined) ({ tool, input: toolInput } = geminiCall(tool, toolInput));
  return {
    event,
    ...known,
    sessionId,
    cwd: cwd?.startsWith('/') === true ? cwd : undefined,
    transcriptPath: textOf(value['transcript_path']),
    tool,
    toolInput,
    toolUseId: textOf(value['tool_use_id']),
    toolResponse: known.contract === 'gemini' ? geminiResponse(response) : response,
    failed: failedCall(event, value, response),
    stopHookActive: value['stop_hook_active'] === true,
  };
}

/**
 * Whether the call failed, as the trace reader judges a PostToolUse line: Claude Code sends an
 * error as a bare string or with is_error; Codex sends a shell command's output as a string (its
 * payloads carry a turn_id), which is no failure; Gemini names an error in its response.
 */
function failedCall(event: string, payload: Record<string, unknown>, response: unknown): boolean {
  if (event === 'PostToolUseFailure') return true;
  if (isObject(response)) return response['is_error'] === true || response['success'] === false || geminiFailed(response);
  return typeof response === 'string' && payload['turn_id'] === undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
