// Claude Code transcripts: the session file Claude Code keeps (~/.claude/projects/<project>/<session>.jsonl),
// one line a message; tool_use blocks in assistant lines, tool_result blocks in user lines.
import { callInputOf, callOutcomeOf, planCall } from '../classify.js';
import { countOf, type FormatReader, isObject, textOf } from './format.js';

/** The line types of Claude Code transcripts that hold no tool call, known from the published schemas. */
const QUIET_TYPES = new Set([
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'pr-link',
  'agent-name',
  'custom-title',
  'last-prompt',
  'permission-mode',
  'ai-title',
  'worktree-state',
  'attachment',
]);

/** A transcript line's mark: a type of Claude Code's lines, and no Codex payload. */
function isTranscriptLine(record: Record<string, unknown>): boolean {
  const type = record['type'];
  return typeof type === 'string' && (type === 'user' || type === 'assistant' || QUIET_TYPES.has(type)) && !('payload' in record);
}

export const claudeTranscript: FormatReader = {
  format: 'claude-transcript',
  name: 'Claude Code transcript',
  agent: 'Claude Code',
  order: 'time',
  detect: (first) => first.some(isTranscriptLine),
  open(book, programs) {
    const usage = new Map<string, Record<string, unknown>>();
    return {
      line(record, line) {
        const type = record['type'];
        const version = textOf(record['version']);
        if (version !== undefined) book.addVersion(version);
        if (type !== 'user' && type !== 'assistant') {
          if (typeof type === 'string' && QUIET_TYPES.has(type)) return;
          book.countUnknown(typeof type === 'string' ? type : `(${type === undefined ? 'no' : typeof type} type)`);
          return;
        }
        const message = record['message'];
        if (!isObject(message)) return;
        const content = Array.isArray(message['content']) ? message['content'] : [];
        const timestamp = textOf(record['timestamp']);
        const given = textOf(record['cwd']);
        const cwd = given === undefined ? undefined : book.shared(given);
        const sidechain = record['isSidechain'] === true;
        if (type === 'assistant') {
          const messageId = textOf(message['id']);
          // One response is written as several lines repeating its id and usage: the last one counts.
          if (messageId !== undefined && isObject(message['usage'])) usage.set(messageId, message['usage']);
          for (const block of content) {
            if (!isObject(block) || block['type'] !== 'tool_use') continue;
            const id = textOf(block['id']);
            const tool = textOf(block['name']);
            if (id === undefined || tool === undefined) continue;
            const input = block['input'];
            book.addCall({ id, tool, line, sidechain, timestamp, cwd, input }, planCall(tool, callInputOf(input), cwd, programs));
          }
          return;
        }
        const results = content.filter((block) => isObject(block) && block['type'] === 'tool_result') as Record<string, unknown>[];
        for (const block of results) {
          const id = textOf(block['tool_use_id']);
          if (id === undefined) continue;
          // The structured result sits beside the message; with several results in one line it is not theirs alone.
          const structured = results.length === 1 ? record['toolUseResult'] : undefined;
          book.addResult(id, callOutcomeOf(block['is_error'] === true, structured, textOf(block['content'])));
        }
      },
      end() {
        const tokens = { input: 0, output: 0, cacheCreation: 0, cacheRead: 0 };
        for (const counts of usage.values()) {
          tokens.input += countOf(counts['input_tokens']);
          tokens.output += countOf(counts['output_tokens']);
          tokens.cacheCreation += countOf(counts['cache_creation_input_tokens']);
          tokens.cacheRead += countOf(counts['cache_read_input_tokens']);
        }
        return { tokens };
      },
    };
  },
};
