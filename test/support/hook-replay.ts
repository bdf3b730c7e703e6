// A Claude Code transcript turned back into the hook payloads the agent's hooks met: a PreToolUse
// before each call, in the time order the trace reader puts them in, and the PostToolUse (or
// PostToolUseFailure) of the call after it, built from the transcript's tool_use and tool_result
// blocks (the structured toolUseResult as tool_response, the text where there is none).
import { readFileSync } from 'node:fs';
import { readTrace } from '../../src/trace/read-trace.js';
import type { TraceCall } from '../../src/trace/types.js';

export interface ReplayedCall {
  call: TraceCall;
  pre: Record<string, unknown>;
  post: Record<string, unknown> | undefined;
}

export function replayOf(transcript: string, sessionId: string): ReplayedCall[] {
  const text = readFileSync(transcript, 'utf8');
  const uses = new Map<string, { name: string; input: unknown; cwd: unknown }>();
  const results = new Map<string, { isError: boolean; response: unknown }>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as Record<string, any>;
    const content = Array.isArray(record['message']?.content) ? (record['message'].content as Record<string, any>[]) : [];
    for (const block of content) {
      if (block['type'] === 'tool_use') uses.set(block['id'], { name: block['name'], input: block['input'], cwd: record['cwd'] });
      if (block['type'] === 'tool_result') {
        const single = content.filter((other) => other['type'] === 'tool_result').length === 1;
        const structured = single ? record['toolUseResult'] : undefined;
        const response = structured !== undefined && typeof structured === 'object' ? structured : { stdout: textOf(block['content']) };
        results.set(block['tool_use_id'], { isError: block['is_error'] === true, response });
      }
    }
  }
  const trace = readTrace([Buffer.from(text)]);
  return trace.calls.map((call) => {
    const use = uses.get(call.id) as { name: string; input: unknown; cwd: unknown };
    const base = {
      session_id: sessionId,
      transcript_path: transcript,
      cwd: use.cwd,
      tool_name: use.name,
      tool_input: use.input,
      tool_use_id: call.id,
    };
    const result = results.get(call.id);
    const post =
      result === undefined
        ? undefined
        : { ...base, hook_event_name: result.isError ? 'PostToolUseFailure' : 'PostToolUse', tool_response: result.response };
    return { call, pre: { ...base, hook_event_name: 'PreToolUse' }, post };
  });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('\n');
  return '';
}
