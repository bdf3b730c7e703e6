// Hook payloads: one `PostToolUse` (or `PostToolUseFailure`) payload a line, as a hook that
// appends its standard input writes them (Claude Code and OpenAI Codex send the same fields).
import { callInputOf, callOutcomeOf, planCall } from '../classify.js';
import { type FormatReader, isObject, textOf } from './format.js';

/** A payload's marks: the hook's event, or a tool call's name and id. */
function isHookPayload(record: Record<string, unknown>): boolean {
  return 'hook_event_name' in record || ('tool_name' in record && 'tool_use_id' in record);
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
        const failed =
          event === 'PostToolUseFailure' ||
          (isObject(response) && (response['is_error'] === true || response['success'] === false)) ||
          typeof response === 'string';
        const shared = cwd === undefined ? undefined : book.shared(cwd);
        book.addCall({ id, tool, line, sidechain: false, cwd }, planCall(tool, callInputOf(record['tool_input']), shared, programs));
        book.addResult(id, callOutcomeOf(failed, response, undefined));
      },
      end: () => ({}),
    };
  },
};
