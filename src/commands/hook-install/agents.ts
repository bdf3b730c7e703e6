// The agents whose settings `hook install` writes: where each keeps its hooks, which of its events
// the hook answers, what syntax its file allows and the unit of its timeouts. Data only: the
// merge (merge.ts) and the command (../hook-install.ts) read it.
import { join } from 'node:path';

export const AGENT_NAMES = ['claude', 'codex', 'gemini'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export const SCOPES = ['project', 'user'] as const;
export type Scope = (typeof SCOPES)[number];

/** An event the hook answers: a tool call's (before or after it), or the agent's stop. */
interface HookedEvent {
  name: string;
  /** How long the agent waits for the hook, in seconds: a hang guard (a hook past it is let through), far above what a decision costs. */
  timeoutSeconds: number;
}

/** A decision before or after a tool call: start-up and one ledger line. */
const TOOL_EVENT_SECONDS = 30;
/** A stop compiles the spec with the session's transcript as its trace. */
const STOP_EVENT_SECONDS = 120;

export interface AgentSettings {
  name: AgentName;
  /** As the agent calls itself, in messages. */
  title: string;
  /** The agent's folder in a project (and by default in the home). */
  folder: string;
  /** The settings file's name in that folder. */
  fileName: string;
  /** Whether the agent reads the file with comments (JSONC); one that does not would refuse a file that has them. */
  commentsAllowed: boolean;
  /** The events, in the order a new file lists them. */
  events: readonly HookedEvent[];
  /** The timeout as the agent's settings write it. */
  timeout(seconds: number): number;
  /** The variable the agent sets to the project's folder when it runs a hook, if it sets one. */
  projectVariable?: string;
  /** Fields of each hook beyond type, command and timeout, after them. */
  extraFields?: Readonly<Record<string, string>>;
  /** The agent's folder for --scope user: from its own variable when set (Gemini's replaces the home), else in the home. */
  userFolder(env: Readonly<Record<string, string | undefined>>, home: string): string;
}

const tool = (name: string): HookedEvent => ({ name, timeoutSeconds: TOOL_EVENT_SECONDS });
const stop = (name: string): HookedEvent => ({ name, timeoutSeconds: STOP_EVENT_SECONDS });

/** A folder named by a variable when it is set and not empty, else `fallback`. */
function folderFrom(env: Readonly<Record<string, string | undefined>>, variable: string, fallback: string): string {
  const value = env[variable];
  return value === undefined || value === '' ? fallback : value;
}

export const AGENTS: Readonly<Record<AgentName, AgentSettings>> = {
  // Claude Code reads settings.json as strict JSON: a comment makes it "Invalid or malformed JSON"
  // (anthropics/claude-code#83190). Timeouts in seconds; $CLAUDE_PROJECT_DIR names the project.
  claude: {
    name: 'claude',
    title: 'Claude Code',
    folder: '.claude',
    fileName: 'settings.json',
    commentsAllowed: false,
    events: [tool('PreToolUse'), tool('PostToolUse'), tool('PostToolUseFailure'), stop('Stop'), stop('SubagentStop')],
    timeout: (seconds) => seconds,
    projectVariable: 'CLAUDE_PROJECT_DIR',
    userFolder: (env, home) => folderFrom(env, 'CLAUDE_CONFIG_DIR', join(home, '.claude')),
  },
  // Codex parses hooks.json with serde_json (no comments) and has no PostToolUseFailure event
  // (codex-rs/config HookEventsToml). Timeouts in seconds. It names no project folder to a hook,
  // which it runs in the session's working folder.
  codex: {
    name: 'codex',
    title: 'Codex',
    folder: '.codex',
    fileName: 'hooks.json',
    commentsAllowed: false,
    events: [tool('PreToolUse'), tool('PostToolUse'), stop('Stop'), stop('SubagentStop')],
    timeout: (seconds) => seconds,
    userFolder: (env, home) => folderFrom(env, 'CODEX_HOME', join(home, '.codex')),
  },
  // Gemini CLI strips comments before JSON.parse (strip-json-comments, packages/cli settings.ts).
  // Timeouts in milliseconds; $GEMINI_PROJECT_DIR names the project; `name` lets a user disable
  // the hook by name in hooksConfig.disabled.
  gemini: {
    name: 'gemini',
    title: 'Gemini CLI',
    folder: '.gemini',
    fileName: 'settings.json',
    commentsAllowed: true,
    events: [tool('BeforeTool'), tool('AfterTool'), stop('AfterAgent')],
    timeout: (seconds) => seconds * 1000,
    projectVariable: 'GEMINI_PROJECT_DIR',
    extraFields: {
      name: 'compile-investigation',
      description: "keeps the agent within its investigation's budget and record",
    },
    userFolder: (env, home) => join(folderFrom(env, 'GEMINI_CLI_HOME', home), '.gemini'),
  },
};
