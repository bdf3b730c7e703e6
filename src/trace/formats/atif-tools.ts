// An ATIF tool call as the classifier takes it: ATIF names no tools of its own, so a call is read
// by the name its agent gave it. Claude Code's tools (Read, Glob, Grep, LS, Bash, Edit, …) as a
// transcript's are; Gemini CLI's by the table of gemini-tools.ts; Codex's commands (exec_command,
// shell, local_shell_call) and apply_patch as a rollout's are. Any other function is other work.
import { type CallPlan, callInputOf, planCall, planShellCall } from '../classify.js';
import { geminiCall, geminiShellFolder } from '../gemini-tools.js';
import { resolveTracePath } from '../paths.js';
import type { ShellProgram } from '../shell-table.js';
import { commandOfWords, patchedFiles, planOfParsed } from './codex-output.js';
import { textOf } from './format.js';

/** Codex's functions that run a command: exec_command's `cmd`, the older shell's `command` words, a local shell call's action. */
const CODEX_COMMANDS: ReadonlySet<string> = new Set(['exec_command', 'shell', 'container.exec', 'local_shell', 'local_shell_call']);

/** The arguments that name the folder a call of `name` ran in (not a folder it searched): Codex's commands', Gemini's shell's. */
export function runFolderArguments(name: string): readonly string[] {
  if (CODEX_COMMANDS.has(name)) return ['workdir', 'working_directory'];
  return name === 'run_shell_command' ? ['dir_path', 'directory'] : [];
}

/** A call as planned, and the folder it ran in (its arguments may name one: Codex's workdir, Gemini's dir_path). */
export interface PlannedCall {
  plan: CallPlan;
  cwd: string | undefined;
  /** The classifier's name of the tool, when the agent names it otherwise (Gemini's read_file is a Read). */
  classifiedAs?: string;
}

/**
 * The plan of a call of `name` with `args`, made in `cwd` (the step's). `parsed` is Codex's own
 * reading of a command (parsed_cmd), when the call carries one: it decides as it does in a rollout.
 */
export function planAtifCall(
  name: string,
  args: Record<string, unknown>,
  cwd: string | undefined,
  programs: Readonly<Record<string, ShellProgram>>,
  parsed: unknown,
): PlannedCall {
  if (CODEX_COMMANDS.has(name)) {
    const folder = textOf(args['workdir']) ?? textOf(args['working_directory']);
    const ranIn = folder === undefined ? cwd : (resolveTracePath(cwd, folder) ?? cwd);
    const command = textOf(args['cmd']) ?? commandOfWords(args['command']);
    if (command === undefined) return { plan: { kind: 'other' }, cwd: ranIn };
    const plan = planShellCall(command, ranIn, programs);
    return { plan: parsed === undefined ? plan : planOfParsed(parsed, command, ranIn, programs, plan), cwd: ranIn };
  }
  if (name === 'apply_patch') {
    const patch = textOf(args['input']);
    const writes = patch === undefined ? [] : patchedFiles(patch).flatMap((file) => resolveTracePath(cwd, file) ?? []);
    return { plan: writes.length > 0 ? { kind: 'other', writes } : { kind: 'other' }, cwd };
  }
  const { tool, input } = geminiCall(name, args);
  const folder = tool === 'Bash' && tool !== name ? geminiShellFolder(args) : undefined;
  const ranIn = folder === undefined ? cwd : (resolveTracePath(cwd, folder) ?? cwd);
  return { plan: planCall(tool, callInputOf(input), ranIn, programs), cwd: ranIn, ...(tool === name ? {} : { classifiedAs: tool }) };
}

/**
 * The plan of a shell map call whose result lists the paths it surfaced (`filenames`, as a
 * structured result says them): those paths, in place of its output read as the program prints
 * it. A call whose output is not read (`ls; cat .env`) stays so, whatever its result lists.
 */
export function planWithFilenames(plan: CallPlan, structured: unknown, cwd: string | undefined): CallPlan | undefined {
  const listed =
    structured !== null && typeof structured === 'object' && Array.isArray((structured as Record<string, unknown>)['filenames']);
  if (!listed || plan.kind !== 'map' || plan.surfaces === undefined || !('stdout' in plan.surfaces)) return undefined;
  // A shell map call that failed yet printed paths surfaced them (classify.ts, printedOnFailure): so do those its result lists.
  return { ...plan, surfaces: { filenames: true, ...(cwd === undefined ? {} : { base: cwd }), evenOnFailure: true } };
}

/**
 * A result's structured form, as a transcript's toolUseResult gives it: the one the result
 * carries, else, for a call that lists files (Glob, Grep, LS), the lines of its text that are
 * absolute paths (Claude Code's Glob and Grep print one a line), so that its words ("Found 2
 * files") are never taken for a path.
 */
export function structuredResult(plan: CallPlan, structured: unknown, text: string | undefined): unknown {
  if (structured !== undefined || text === undefined || plan.surfaces === undefined || !('filenames' in plan.surfaces)) return structured;
  return { filenames: text.split('\n').flatMap((line) => (line.startsWith('/') ? [line.trimEnd()] : [])) };
}
