// The hook events of Claude Code and Gemini CLI, by name: both write `hook_event_name`, so a line
// is known for one agent's by the event it names. A hook that appends every event's payload
// writes lines of both kinds that hold no call; these sets tell them apart.

/** Gemini CLI's events that Claude Code has none of by that name. */
export const GEMINI_EVENTS: ReadonlySet<string> = new Set([
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'AfterAgent',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'PreCompress',
]);

/** Events both agents name: they mark neither's file. */
export const SHARED_EVENTS: ReadonlySet<string> = new Set(['SessionStart', 'SessionEnd', 'Notification']);

/** The event a line names, when it names one. */
export function eventOf(record: Record<string, unknown>): string | undefined {
  const event = record['hook_event_name'];
  return typeof event === 'string' ? event : undefined;
}
