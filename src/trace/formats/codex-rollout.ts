// OpenAI Codex session rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): one line
// `{timestamp, type, payload}`, `session_meta` first (the CLI's version, the session's folder),
// then `turn_context` lines, `response_item` lines that hold the calls (codex-calls.ts) and
// `event_msg` lines: a command's end, a turn's start, a user message, the tokens spent.

import type { CallBook } from '../call-book.js';
import type { ShellProgram } from '../shell-table.js';
import type { Trace } from '../types.js';
import { type CallContext, rolloutCalls } from './codex-calls.js';
import { turnTracker } from './codex-turns.js';
import { countOf, type FormatLines, type FormatReader, isObject, textOf } from './format.js';

/** The types of a rollout's lines. */
const LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** A rollout line's mark: `{timestamp, type, payload}` with a type of Codex's lines. */
function isRolloutLine(record: Record<string, unknown>): boolean {
  return typeof record['type'] === 'string' && LINE_TYPES.has(record['type']) && isObject(record['payload']) && 'timestamp' in record;
}

export const codexRollout: FormatReader = {
  format: 'codex-rollout',
  name: 'Codex session rollout',
  agent: 'Codex',
  order: 'time',
  detect: (first) => first.some(isRolloutLine),
  open: (book, programs) => rolloutLines(book, programs),
};

function rolloutLines(book: CallBook, programs: Readonly<Record<string, ShellProgram>>): FormatLines {
  let cwd: string | undefined;
  let sidechain = false;
  let tokens: NonNullable<Trace['tokens']> | undefined;
  const turns = turnTracker(book);
  const calls = rolloutCalls(book, programs);
  return {
    line(record, line) {
      const type = record['type'];
      const payload = isObject(record['payload']) ? record['payload'] : {};
      const timestamp = textOf(record['timestamp']);
      if (type === 'session_meta') {
        const version = textOf(payload['cli_version']);
        if (version !== undefined) book.addVersion(version);
        cwd = textOf(payload['cwd']) ?? cwd;
        // A subagent's own rollout: its calls are a subagent's, as Claude Code's sidechain lines are.
        sidechain = isObject(payload['source']) && 'subagent' in payload['source'];
      } else if (type === 'turn_context') {
        cwd = textOf(payload['cwd']) ?? cwd;
        turns.marked(line, timestamp, textOf(payload['turn_id']));
      } else if (type === 'response_item') {
        const context: CallContext = { line, timestamp, cwd, sidechain, turn: turns.callMade };
        calls.responseItem(payload, context);
      } else if (type === 'event_msg') {
        const event = payload['type'];
        if (event === 'exec_command_end') calls.commandEnd(payload);
        else if (event === 'task_started') turns.marked(line, timestamp, textOf(payload['turn_id']));
        else if (event === 'user_message') turns.userMessage(line, timestamp);
        else if (event === 'token_count') tokens = tokensOf(payload['info']) ?? tokens;
      } else if (type !== 'compacted')
        book.countUnknown(typeof type === 'string' ? type : `(${type === undefined ? 'no' : typeof type} type)`);
    },
    end() {
      calls.end();
      return tokens === undefined ? {} : { tokens };
    },
  };
}

/** The session's tokens from a token_count event: its running total (input counts the cached ones, read here as cache reads). */
function tokensOf(info: unknown): NonNullable<Trace['tokens']> | undefined {
  if (!isObject(info) || !isObject(info['total_token_usage'])) return undefined;
  const total = info['total_token_usage'];
  const cached = countOf(total['cached_input_tokens']);
  return {
    input: Math.max(countOf(total['input_tokens']) - cached, 0),
    output: countOf(total['output_tokens']),
    cacheCreation: 0,
    cacheRead: cached,
  };
}
