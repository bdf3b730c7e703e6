// The requests of a Codex session: where each turn starts, from the marks a rollout gives it (a
// task_started or turn_context with its turn_id, a user message).
import type { CallBook } from '../call-book.js';

export interface TurnTracker {
  /** A task_started or turn_context at `line`, naming its turn `id` when it does. */
  marked(line: number, timestamp: string | undefined, id: string | undefined): void;
  /** A user message at `line`. */
  userMessage(line: number, timestamp: string | undefined): void;
  /** A call is made in the current turn: its number (none before the first turn). */
  callMade(): number | undefined;
}

/**
 * Turns as `book` numbers them. A task_started or turn_context opens a turn when it names another
 * turn_id than the current one's (or none was open); a user message opens one unless the current
 * turn has neither a user message nor a call yet (its task_started came first). A turn opened by
 * a user message takes the id of the task_started that follows it before any call.
 */
export function turnTracker(book: CallBook): TurnTracker {
  let turn: number | undefined;
  let turnId: string | undefined;
  let userMessage = false;
  let calls = 0;
  const open = (line: number, timestamp: string | undefined, id: string | undefined): void => {
    turn = book.startTurn(line, timestamp, id);
    turnId = id;
    userMessage = false;
    calls = 0;
  };
  return {
    marked(line, timestamp, id) {
      if (turn === undefined || (id !== undefined && turnId !== undefined && id !== turnId)) open(line, timestamp, id);
      else if (id !== undefined && turnId === undefined) {
        if (calls > 0) open(line, timestamp, id);
        else {
          turnId = id;
          const last = book.turns[book.turns.length - 1];
          if (last !== undefined && last.number === turn) last.id = id;
        }
      }
    },
    userMessage(line, timestamp) {
      if (turn === undefined || userMessage || calls > 0) open(line, timestamp, undefined);
      userMessage = true;
    },
    callMade() {
      if (turn !== undefined) calls++;
      return turn;
    },
  };
}
