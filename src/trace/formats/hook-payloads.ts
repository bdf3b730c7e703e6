// Hook payloads: one `PostToolUse` (or `PostToolUseFailure`) payload a line, as a hook that
// appends its standard input writes them (Claude Code and OpenAI Codex send the same fields;
// Gemini CLI's AfterTool payloads are a format of their own, gemini-hooks.ts, tried first).
import { callInputOf, callOutcomeOf, planCall } from '../classify.js';
import { type FormatReader, isObject, textOf } from './format.js';
import { eventOf, GEMINI_EVENTS, SHARED_EVENTS } from './hook-events.js';

/** A payload's marks: the hook's event (one Gemini CLI does not name, hook-events.ts), or a tool call's name and id. */
function isHookPayload(record: Record<string, unknown>): boolean {
  const event = eventOf(record);
  const named = event !== undefined && !GEMINI_EVENTS.has(event) && !SHARED_EVENTS.has(event);
  return named || ('hook_event_name' in record && event === undefined) || ('tool_name' in record && 'tool_use_id' in record);
}

export const hookPayloads: FormatReader = {
  format: 'hook-payloads',
  name: 'PostToolUse hook payloads',
  order: 'lines',
  detect: (first) => first.some(isHookPayload),
  open(book, programs) {
    return {
      line(record, line) {
        const event = record['hook_event_name'];
        const id = textOf(record['tool_use_id']);
        const tool = textOf(record['tool_name']);
        if ((event !== 'PostToolUse' && event !== 'PostToolUseFailure' && event !== undefined) || id === undefined || tool === undefined) {
          book.countUnknown(typeof event === 'string' ? `hook:${event}` : 'hook:(no tool call)');
          return;
        }
        const cwd = textOf(record['cwd']);
        const response = record['tool_response'];
        // Claude Code sends an error as a bare string; Codex (its payloads carry a turn_id) sends a shell command's output so.
        const codexOutput = typeof response === 'string' && 'turn_id' in record ? response : undefined;
        const failed =
          event === 'PostToolUseFailure' ||
          (isObject(response) && (response['is_error'] === true || response['success'] === false)) ||
          (typeof response === 'string' && codexOutput === undefined);
        const shared = cwd === undefined ? undefined : book.shared(cwd);
        const input = record['tool_input'];
        book.addCall({ id, tool, line, sidechain: false, cwd, input }, planCall(tool, callInputOf(input), shared, programs));
        book.addResult(id, callOutcomeOf(failed, response, codexOutput));
      },
      end: () => ({}),
    };
  },
};
