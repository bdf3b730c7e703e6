// The command line an installed hook runs, and how an entry of ours is told from another tool's.
//
// The hook runs on every tool call, so it starts Node on the package's launcher directly: `npx`
// would add a process of its own and about a second per call (docs/hooks-setup.md has the figures).
import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { packageFiles, toolInfo } from '../../tool.js';
import type { AgentSettings, Scope } from './agents.js';

/** The launcher as a dependency of a project places it, from the project's folder. */
const LAUNCHER_IN_PROJECT = ['node_modules', toolInfo.name, 'bin', `${toolInfo.name}.cjs`] as const;

export interface HookCommandLine {
  command: string;
  /** Why the command may stop working, when it names the launcher by an absolute path. */
  warning?: string;
}

/**
 * The command line the hooks of `agent` run. In a project whose dependencies hold this very
 * launcher, it names it from the project, so that the file can be shared: through the variable
 * the agent sets to the project's folder (Claude Code, Gemini CLI), or relative to the working
 * folder (Codex, which runs hooks there and names no project folder). Anywhere else (--scope
 * user, a package installed globally or run by npx), by its absolute path.
 */
export function hookCommandLine(
  agent: AgentSettings,
  scope: Scope,
  projectFolder: string,
  launcher: string = packageFiles.launcher,
  spec?: string,
): HookCommandLine {
  const specWords = spec === undefined ? '' : ` --spec ${shellWord(spec)}`;
  if (scope === 'project' && sameFile(join(projectFolder, ...LAUNCHER_IN_PROJECT), launcher)) {
    const inProject = LAUNCHER_IN_PROJECT.join('/');
    const path = agent.projectVariable === undefined ? inProject : `"$${agent.projectVariable}/${inProject}"`;
    return { command: `node ${path} hook${specWords}`, ...(agent.projectVariable === undefined ? { warning: CODEX_FOLDER } : {}) };
  }
  const command = `node ${shellWord(launcher)} hook${specWords}`;
  if (launcher.includes(`${sep}_npx${sep}`))
    return { command, warning: `${shown(launcher)} is in npx's cache, which npm may clear: ${INSTALL_IT}` };
  if (scope === 'project')
    return {
      command,
      warning: `${shown(launcher)} is not this project's dependency, so the file works on this machine only: ${INSTALL_IT}`,
    };
  return { command };
}

const INSTALL_IT = `add ${toolInfo.name} to the project's dev dependencies (or install it globally for --scope user) and run hook install again`;

const CODEX_FOLDER = "Codex runs hooks in the folder it was started in: start it from this project's folder";

/** Whether `command` runs this tool's hook (written by any version, by any path to the launcher, or by hand through npx). */
export function isOurHookCommand(command: string): boolean {
  return OUR_HOOK.test(command);
}

/** The tool's name as a command word or a launcher file, quoted or not, then the word `hook`. */
const OUR_HOOK = new RegExp(`(?:^|[\\s'"/\\\\])${toolInfo.name}(?:\\.cjs)?['"]?\\s+hook(?:\\s|$)`);

/** Whether two paths name the same file, following links; false when either is missing. */
function sameFile(path: string, other: string): boolean {
  try {
    return realpathSync(path) === realpathSync(other);
  } catch {
    return false;
  }
}

/** A word as a POSIX shell reads it back: left bare when it holds only characters no shell treats specially, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function shown(path: string): string {
  return JSON.stringify(path);
}
