// The calls of a Codex rollout's response items, each answered by its output of the same call_id.
// A command (exec_command, the older shell and local_shell_call) may run on after its first
// output: write_stdin calls poll it by the session its output named, and what they print is
// joined to it, so that a long command's output is whole. Once the rollout shows an
// exec_command_end, each command waits for its own: it holds the whole output, the exit code and
// Codex's own reading of the command (parsed_cmd).
import type { CallBook, MetCall } from '../call-book.js';
import { type CallPlan, planShellCall } from '../classify.js';
import { resolveTracePath } from '../paths.js';
import type { ShellProgram } from '../shell-table.js';
import { commandOfWords, patchedFiles, planOfParsed, readExecChunk } from './codex-output.js';
import { isObject, textOf } from './format.js';

/** The response items that hold no call of their own. */
const QUIET_ITEMS = new Set(['message', 'reasoning', 'ghost_snapshot', 'compaction', 'compaction_summary']);
/** The function calls that run a command: exec_command's `cmd`, the older shell's `command` words. */
const COMMAND_CALLS = new Set(['exec_command', 'shell', 'container.exec', 'local_shell']);

/** Where a call is met: its line and time, and what the rollout says of the session then. */
export interface CallContext {
  line: number;
  timestamp: string | undefined;
  /** The folder commands run in when they name none (session_meta's, then turn_context's). */
  cwd: string | undefined;
  /** The rollout is a subagent's. */
  sidechain: boolean;
  /** The turn the call is made in (counts it as made). */
  turn: () => number | undefined;
}

export interface RolloutCalls {
  responseItem(payload: Record<string, unknown>, context: CallContext): void;
  commandEnd(payload: Record<string, unknown>): void;
  /** The end of the file: a command that exited without its end event is finished with what it printed. */
  end(): void;
}

/** A command met: its plan from the shell table, what it printed so far (kept only for a map call), how it ended. */
interface Command {
  command: string;
  cwd: string | undefined;
  plan: CallPlan;
  printed: string[] | undefined;
  exitCode: number | undefined;
  done: boolean;
}

export function rolloutCalls(book: CallBook, programs: Readonly<Record<string, ShellProgram>>): RolloutCalls {
  const commands = new Map<string, Command>();
  /** Running commands by the session their polls name; polls by their call_id, to the session. */
  const sessions = new Map<string, string>();
  const polls = new Map<string, string>();
  let endEvents = false;

  const met = (id: string, tool: string, context: CallContext, at: string | undefined, input?: unknown): MetCall => ({
    id,
    tool,
    line: context.line,
    timestamp: context.timestamp,
    sidechain: context.sidechain,
    cwd: at === undefined ? undefined : book.shared(at),
    turn: context.turn(),
    input,
  });
  const startCommand = (call: MetCall, command: string): void => {
    const plan = planShellCall(command, call.cwd, programs);
    book.addCall(call, plan);
    if (!commands.has(call.id))
      commands.set(call.id, {
        command,
        cwd: call.cwd,
        plan,
        printed: plan.kind === 'map' ? [] : undefined,
        exitCode: undefined,
        done: false,
      });
  };
  const finishCommand = (id: string, command: Command): void => {
    command.done = true;
    book.addResult(id, { isError: (command.exitCode ?? 0) !== 0, stdout: command.printed?.join('') ?? '' });
    command.printed = undefined;
  };
  const commandOutput = (id: string, text: string, fromPoll: boolean): void => {
    const command = commands.get(id);
    if (command === undefined || command.done) return;
    const chunk = readExecChunk(text);
    // A poll that failed (stdin closed) says nothing of the command's output.
    if (!chunk.headed && fromPoll) return;
    command.printed?.push(chunk.output);
    if (chunk.session !== undefined) sessions.set(chunk.session, id);
    else command.exitCode = chunk.headed ? chunk.exitCode : 1;
    if (command.exitCode !== undefined && !endEvents) finishCommand(id, command);
  };
  const toolCall = (payload: Record<string, unknown>, type: string, id: string, context: CallContext): void => {
    const name = textOf(payload['name']) ?? '(no name)';
    const input = type === 'custom_tool_call' ? textOf(payload['input']) : parsedArguments(payload['arguments']);
    const args = isObject(input) ? input : {};
    if (name === 'write_stdin') {
      const session = args['session_id'];
      if (typeof session === 'number' || typeof session === 'string') polls.set(id, String(session));
      return;
    }
    const at = textOf(args['workdir']) ?? context.cwd;
    const command = COMMAND_CALLS.has(name) ? (textOf(args['cmd']) ?? commandOfWords(args['command'])) : undefined;
    if (command !== undefined) {
      startCommand(met(id, name, context, at, input), command);
      return;
    }
    const patch = name === 'apply_patch' ? (typeof input === 'string' ? input : textOf(args['input'])) : undefined;
    const call = met(id, name, context, at, input);
    const writes = patch === undefined ? [] : patchedFiles(patch).flatMap((file) => resolveTracePath(call.cwd, file) ?? []);
    book.addCall(call, writes.length > 0 ? { kind: 'other', writes } : { kind: 'other' });
  };
  const output = (payload: Record<string, unknown>, id: string): void => {
    const text = outputText(payload['output']);
    const session = polls.get(id);
    if (session !== undefined) {
      polls.delete(id);
      const command = sessions.get(session);
      if (command === undefined) book.orphan(id);
      else commandOutput(command, text, true);
    } else if (commands.has(id)) commandOutput(id, text, false);
    else {
      const chunk = readExecChunk(text);
      const failed = (chunk.headed && chunk.exitCode !== undefined && chunk.exitCode !== 0) || outputFailed(payload['output']);
      book.addResult(id, { isError: failed });
    }
  };

  return {
    responseItem(payload, context) {
      const type = textOf(payload['type']) ?? '(no type)';
      const id = textOf(payload['call_id']);
      if (type === 'function_call' || type === 'custom_tool_call') {
        if (id === undefined) book.countUnknown(`response_item:${type} without call_id`);
        else toolCall(payload, type, id, context);
      } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
        if (id === undefined) book.orphan('(no call_id)');
        else output(payload, id);
      } else if (type === 'local_shell_call') {
        const action = isObject(payload['action']) ? payload['action'] : {};
        const command = commandOfWords(action['command']);
        const callId = id ?? textOf(payload['id']);
        if (command === undefined || callId === undefined) book.countUnknown('response_item:local_shell_call without command');
        else startCommand(met(callId, 'local_shell_call', context, textOf(action['working_directory']) ?? context.cwd, action), command);
      } else if (type === 'web_search_call') {
        const callId = textOf(payload['id']) ?? `web_search_call@${context.line}`;
        book.addCall(met(callId, 'web_search', context, context.cwd), { kind: 'other' });
        book.addResult(callId, { isError: payload['status'] === 'failed' });
      } else if (!QUIET_ITEMS.has(type)) book.countUnknown(`response_item:${type}`);
    },
    commandEnd(payload) {
      endEvents = true;
      const id = textOf(payload['call_id']);
      const command = id === undefined ? undefined : commands.get(id);
      if (id === undefined || command === undefined) {
        book.orphan(id ?? '(no call_id)');
        return;
      }
      if (command.done) return;
      command.done = true;
      const exitCode = payload['exit_code'];
      const printed = textOf(payload['aggregated_output']) ?? command.printed?.join('') ?? '';
      const parsed = payload['parsed_cmd'];
      const plan = planOfParsed(parsed, command.command, command.cwd, programs, command.plan);
      const failed = typeof exitCode === 'number' ? exitCode !== 0 : (command.exitCode ?? 0) !== 0;
      book.addResult(id, { isError: failed, stdout: printed }, plan, Array.isArray(parsed) ? parsedReading(parsed) : undefined);
      command.printed = undefined;
    },
    end() {
      for (const [id, command] of commands) if (!command.done && command.exitCode !== undefined) finishCommand(id, command);
    },
  };
}

/** A function call's arguments: JSON text of an object. */
function parsedArguments(value: unknown): unknown {
  if (isObject(value)) return value;
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A call's output as text: a string, or the text of `{content}` (a structured output). */
function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value['content'] === 'string') return value['content'];
  return '';
}

/** A structured output that says it failed (`{success: false}`). */
function outputFailed(value: unknown): boolean {
  return isObject(value) && value['success'] === false;
}

/** Codex's own reading of a command as `trace export` keeps it: each entry's words (type, cmd, name, path, query), never more. */
function parsedReading(parsed: readonly unknown[]): unknown[] {
  return parsed
    .filter(isObject)
    .map((entry) =>
      Object.fromEntries(
        ['type', 'cmd', 'name', 'path', 'query'].flatMap((key) => (typeof entry[key] === 'string' ? [[key, entry[key]]] : [])),
      ),
    );
}
