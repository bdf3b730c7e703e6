// A Codex session rollout turned back into the hook payloads Codex's hooks met: a PreToolUse
// `Bash` payload before each shell command (its `exec_command` call, in the rollout's order) and a
// PostToolUse after it, whose tool_response is the command's output as Codex sends it, a string
// (the `aggregated_output` of its `exec_command_end`).
import { readFileSync } from 'node:fs';

export interface CodexReplayedCall {
  id: string;
  command: string;
  pre: Record<string, unknown>;
  post: Record<string, unknown> | undefined;
}

export function codexReplayOf(rollout: string, sessionId: string): CodexReplayedCall[] {
  const lines = readFileSync(rollout, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type: string; payload: Record<string, any> });
  const ends = new Map<string, Record<string, any>>();
  for (const { payload } of lines) if (payload?.['type'] === 'exec_command_end') ends.set(payload['call_id'], payload);
  const model = lines.find(({ type }) => type === 'turn_context')?.payload['model'] ?? 'unknown';
  const replayed: CodexReplayedCall[] = [];
  for (const { payload } of lines) {
    if (payload?.['type'] !== 'function_call' || payload['name'] !== 'exec_command') continue;
    const { cmd, workdir } = JSON.parse(payload['arguments']) as { cmd: string; workdir: string };
    const id = payload['call_id'] as string;
    const end = ends.get(id);
    const base = {
      session_id: sessionId,
      transcript_path: rollout,
      cwd: workdir,
      model,
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: cmd },
      tool_use_id: id,
      turn_id: end?.['turn_id'] ?? 'turn',
    };
    const post =
      end === undefined ? undefined : { ...base, hook_event_name: 'PostToolUse', tool_response: String(end['aggregated_output'] ?? '') };
    replayed.push({ id, command: cmd, pre: { ...base, hook_event_name: 'PreToolUse' }, post });
  }
  return replayed;
}
