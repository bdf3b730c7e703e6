// `hook install` and `hook uninstall`: the hooks of an agent merged into, or taken out of, its
// settings file of this project or of the user's home, every other key and hook kept as it was.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { shownPath } from '../common/display-path.js';
import { usageError } from '../engine/contract.js';
import type { CommandResult, Io } from '../engine/result.js';
import { replaceOutputFile, writeOutputFile } from '../engine/write-output-file.js';
import { escapeFor } from '../render/untrusted/index.js';
import { DEFAULT_MAX_BYTES } from '../run/input-file.js';
import { toolInfo } from '../tool.js';
import { AGENTS, type AgentName, type AgentSettings, type Scope } from './hook-install/agents.js';
import { hookCommandLine } from './hook-install/hook-command.js';
import { type EventChange, installHooks, SettingsRefusal, uninstallHooks } from './hook-install/settings-hooks.js';

export interface HookInstallOptions {
  agent: AgentName;
  scope: Scope;
  /** install only: the spec the hook guards, relative to the folder the agent runs it in. */
  spec?: string;
  dryRun: boolean;
  json: boolean;
}

/** A settings file larger than this is not an agent's settings: refused rather than read whole. */
const MAX_SETTINGS_BYTES = DEFAULT_MAX_BYTES;

/** The agent's settings file for the scope: in this folder, or in the agent's folder of the home. */
export function settingsFile(agent: AgentSettings, scope: Scope, io: Pick<Io, 'cwd' | 'env'>): string {
  if (scope === 'project') return join(io.cwd, agent.folder, agent.fileName);
  const home = (process.platform === 'win32' ? io.env['USERPROFILE'] : io.env['HOME']) || homedir();
  return join(agent.userFolder(io.env, home), agent.fileName);
}

/** `hook install`: one hook of ours in each of the agent's events; a second run changes no byte. */
export function hookInstallCommand(options: HookInstallOptions, io: Io): CommandResult {
  const agent = AGENTS[options.agent];
  const file = settingsFile(agent, options.scope, io);
  const shown = shownFor(file, options.scope, io.cwd);
  const read = readSettings(file, shown);
  const line = hookCommandLine(agent, options.scope, io.cwd, undefined, options.spec);
  const warnings = line.warning === undefined ? [] : [line.warning];
  const { text, changes, removed } = refusing(shown, () => installHooks(read?.text ?? '{}\n', agent, line.command));
  const data = { agent: agent.name, scope: options.scope, file, command: line.command, changes, removed };
  const summary = `${shown}: ${describeChanges(changes, removed)}`;
  return finish({ file, shown, before: read, after: text, summary, data, warnings }, options, io);
}

/** `hook uninstall`: every hook of ours taken out, whatever its version or path; the rest kept. */
export function hookUninstallCommand(options: HookInstallOptions, io: Io): CommandResult {
  const agent = AGENTS[options.agent];
  const file = settingsFile(agent, options.scope, io);
  const shown = shownFor(file, options.scope, io.cwd);
  const read = readSettings(file, shown);
  const { text, removed } = read === null ? { text: null, removed: 0 } : refusing(shown, () => uninstallHooks(read.text, agent));
  const data = { agent: agent.name, scope: options.scope, file, removed };
  const summary = `${shown}: ${removed === 0 ? `no hook of ${toolInfo.name} to remove` : `removed ${removed} hook${removed === 1 ? '' : 's'} of ${toolInfo.name}`}`;
  return finish({ file, shown, before: read, after: text, summary, data, warnings: [] }, options, io);
}

interface Outcome {
  file: string;
  shown: string;
  /** The file as read, or null when there was none. */
  before: { text: string; bytes: Uint8Array } | null;
  /** The file as it should be, or null when there is nothing to write. */
  after: string | null;
  summary: string;
  data: Record<string, unknown>;
  warnings: string[];
}

/** The file written when it changes (never with --dry-run, which prints it instead), and what the run says. */
function finish(outcome: Outcome, options: HookInstallOptions, io: Io): CommandResult {
  const { file, shown, before, after } = outcome;
  const changed = after !== null && after !== before?.text;
  for (const warning of outcome.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const data = { ...outcome.data, changed, written: changed && !options.dryRun };
  if (options.dryRun) {
    const rendered = after ?? before?.text ?? '';
    if (options.json) return { exitCode: 0, data: { ...data, rendered }, warnings: outcome.warnings, error: null, stdout: '' };
    io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(outcome.summary)} (dry run: nothing written)\n`);
    return { exitCode: 0, data, warnings: outcome.warnings, error: null, stdout: rendered };
  }
  if (changed) {
    if (before === null) mkdirSync(dirname(file), { recursive: true });
    const error = before === null ? writeOutputFile(file, after, shown) : replaceOutputFile(file, after, before.bytes, shown);
    if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
  }
  const status = changed ? outcome.summary : `${outcome.summary}; unchanged`;
  return { exitCode: 0, data, warnings: outcome.warnings, error: null, stdout: `${escapeFor.terminal(status)}\n` };
}

function shownFor(file: string, scope: Scope, cwd: string): string {
  return scope === 'project' ? shownPath(file, cwd) : file;
}

/** A refusal of the file's content, as the usage error that names it; nothing is written. */
function refusing<T>(shown: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SettingsRefusal) throw usageError('INVALID_AGENT_SETTINGS', `${shown} ${error.message}; nothing was written`);
    throw error;
  }
}

function describeChanges(changes: Readonly<Record<string, EventChange>>, removed: number): string {
  const named = (change: EventChange) => Object.keys(changes).filter((event) => changes[event] === change);
  const parts = (['added', 'updated', 'kept'] as const).flatMap((change) =>
    named(change).length === 0 ? [] : [`${change} ${named(change).join(', ')}`],
  );
  if (removed > 0) parts.push(`removed ${removed} stale hook${removed === 1 ? '' : 's'}`);
  return `hooks of ${toolInfo.name}: ${parts.join('; ')}`;
}

/**
 * The settings file's text and bytes, or null when there is none. What is not a regular file, is
 * larger than any settings file, or is not UTF-8 is refused before anything is written.
 */
function readSettings(file: string, shown: string): { text: string; bytes: Uint8Array } | null {
  let descriptor: number;
  try {
    descriptor = openSync(resolve(file), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw usageError('INVALID_AGENT_SETTINGS', `${shown} cannot be read (${code ?? 'unknown error'}); nothing was written`);
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw usageError('INVALID_AGENT_SETTINGS', `${shown} is not a regular file; nothing was written`);
    if (stats.size > MAX_SETTINGS_BYTES)
      throw usageError(
        'INVALID_AGENT_SETTINGS',
        `${shown} is larger than ${MAX_SETTINGS_BYTES} bytes, too large for settings; nothing was written`,
      );
    const bytes = readWhole(descriptor, stats.size, shown);
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), bytes };
    } catch {
      throw usageError('INVALID_AGENT_SETTINGS', `${shown} is not UTF-8 text; nothing was written`);
    }
  } finally {
    closeSync(descriptor);
  }
}

/** Up to one byte past `size`, so that a file growing meanwhile past the bound is still refused. */
function readWhole(descriptor: number, size: number, shown: string): Uint8Array {
  const buffer = Buffer.alloc(Math.min(size, MAX_SETTINGS_BYTES) + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const got = readSync(descriptor, buffer, filled, buffer.length - filled, null);
    if (got === 0) break;
    filled += got;
  }
  if (filled > MAX_SETTINGS_BYTES)
    throw usageError('INVALID_AGENT_SETTINGS', `${shown} grew past ${MAX_SETTINGS_BYTES} bytes while read; nothing was written`);
  return buffer.subarray(0, filled);
}
