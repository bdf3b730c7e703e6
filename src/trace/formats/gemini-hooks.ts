// Gemini CLI's hook payloads: one `AfterTool` payload a line, as a hook that appends its standard
// input writes them ({hook_event_name, session_id, cwd, timestamp, tool_name, tool_input,
// tool_response}). Its tools are read as Claude Code's by the one table of gemini-tools.ts.
import { callInputOf, callOutcomeOf, planCall } from '../classify.js';
import { geminiCall, geminiFailed, geminiResponse, geminiShellFolder } from '../gemini-tools.js';
import { resolveTracePath } from '../paths.js';
import { type FormatReader, isObject, textOf } from './format.js';
import { eventOf, GEMINI_EVENTS, SHARED_EVENTS } from './hook-events.js';

/** A line of Gemini's: one of its own events. */
function isGeminiLine(record: Record<string, unknown>): boolean {
  const event = eventOf(record);
  return event !== undefined && GEMINI_EVENTS.has(event);
}

export const geminiHooks: FormatReader = {
  format: 'gemini-hooks',
  name: 'Gemini CLI hook payloads',
  order: 'lines',
  detect: (first) => first.some(isGeminiLine),
  open(book, programs) {
    return {
      line(record, line) {
        const event = record['hook_event_name'];
        const named = textOf(record['tool_name']);
        if (event !== 'AfterTool' || named === undefined) {
          // Gemini's other events, and those both agents name, hold no finished call: known, not read.
          if (typeof event === 'string' && event !== 'AfterTool' && (GEMINI_EVENTS.has(event) || SHARED_EVENTS.has(event))) return;
          book.countUnknown(typeof event === 'string' ? `hook:${event}` : 'hook:(no tool call)');
          return;
        }
        // Gemini's payloads carry no id of the call: its line names it.
        const id = `line-${line}`;
        const given = textOf(record['cwd']);
        const cwd = given === undefined ? undefined : book.shared(given);
        const { tool, input } = geminiCall(named, record['tool_input']);
        const folder = tool === 'Bash' ? geminiShellFolder(record['tool_input']) : undefined;
        const ranIn = folder === undefined ? cwd : (resolveTracePath(cwd, folder) ?? cwd);
        const timestamp = textOf(record['timestamp']);
        book.addCall(
          // The call keeps Gemini's name, and the classifier's beside it when Gemini names it otherwise.
          {
            id,
            tool: named,
            classifiedAs: tool === named ? undefined : tool,
            line,
            sidechain: false,
            timestamp,
            cwd: ranIn,
            input: record['tool_input'],
          },
          planCall(tool, callInputOf(input), ranIn, programs),
        );
        const response = record['tool_response'];
        book.addResult(id, callOutcomeOf(geminiFailed(response) || !isObject(response), geminiResponse(response), undefined));
      },
      end: () => ({}),
    };
  },
};
