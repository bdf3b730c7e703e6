// What Codex's tool results say, as text: a command's output chunk (its exit code, the session a
// running command polls on, what it printed), a command given as words, an apply_patch's files,
// and Codex's own reading of a command (`parsed_cmd`) as a plan.
import { definedFields } from '../../common/defined-fields.js';
import type { CallPlan } from '../classify.js';
import { resolveTracePath } from '../paths.js';
import { classifyShell, type ShellProgram } from '../shell-table.js';
import { programName } from '../shell-words.js';
import type { ChainedRead } from '../types.js';
import { isObject, textOf } from './format.js';

/** One output of a command: what it printed, and its exit code once it ended or the session it still runs in. */
export interface ExecChunk {
  /** The chunk bears Codex's headers (or is its JSON form): it is the command's, not a poll's complaint. */
  headed: boolean;
  output: string;
  exitCode?: number;
  /** The session of a command still running, which write_stdin polls name. */
  session?: string;
}

/** How far into a chunk its headers may go. */
const HEADER_CHARS = 2_000;
const EXITED = /^(?:Process exited with code|Exit code:) (-?\d+)$/m;
const RUNNING = /^Process running with session ID (\d+)$/m;
/** The line Codex puts before a cut output. */
const TOTAL_LINES = /^Total output lines: \d+\n\n?/;

/**
 * A function_call_output of a command: `{output, metadata: {exit_code}}` (older `shell` calls),
 * or text headed by "Chunk ID", "Wall time", "Process exited with code N" (or "Process running
 * with session ID N"), "Output:" and what it printed. A text without those headers is not headed.
 */
export function readExecChunk(text: string): ExecChunk {
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (isObject(value) && typeof value['output'] === 'string') {
        const metadata = isObject(value['metadata']) ? value['metadata'] : {};
        const code = metadata['exit_code'];
        return { headed: true, output: value['output'], exitCode: typeof code === 'number' ? code : 0 };
      }
    } catch {
      // Not JSON: read as text below.
    }
  }
  const marker = text.startsWith('Output:\n') ? 0 : text.indexOf('\nOutput:\n');
  if (marker === -1 || marker > HEADER_CHARS) return { headed: false, output: text };
  const header = text.slice(0, marker);
  const output = text.slice(marker === 0 ? 8 : marker + 9).replace(TOTAL_LINES, '');
  const exited = EXITED.exec(header);
  const running = RUNNING.exec(header);
  return {
    headed: true,
    output,
    ...(exited !== null ? { exitCode: Number(exited[1]) } : running !== null ? { session: running[1] as string } : { exitCode: 0 }),
  };
}

/** A command given as words (`shell`, `local_shell_call`): the script of `bash -lc SCRIPT`, else the words joined as a shell would read them. */
export function commandOfWords(words: unknown): string | undefined {
  if (typeof words === 'string') return words;
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) return undefined;
  const [shell, flag, script] = words as string[];
  if (words.length === 3 && /(?:^|\/)(?:ba|z|da|k)?sh$/.test(shell ?? '') && (flag === '-lc' || flag === '-c')) return script;
  return (words as string[]).map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/** The files an apply_patch names: `*** Add File:`, `*** Update File:`, `*** Delete File:` and `*** Move to:`, in order, each once. */
export function patchedFiles(patch: string): string[] {
  const files: string[] = [];
  for (const match of patch.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)) {
    const file = (match[1] as string).trim();
    if (file !== '' && !files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * The plan Codex's own reading of a command (`parsed_cmd` of exec_command_end) makes: reads of
 * the files it names (a chain's too), or a map call when it lists files or searches (its output
 * read as the shell table reads it, when the table knows the command as a map). Where it says
 * nothing the method can use (no entry, `unknown`), the shell table's plan (`fallback`) stands.
 */
export function planOfParsed(
  parsed: unknown,
  command: string,
  cwd: string | undefined,
  programs: Readonly<Record<string, ShellProgram>>,
  fallback: CallPlan,
): CallPlan {
  const entries = Array.isArray(parsed) ? parsed.filter(isObject) : [];
  const type = entries[0]?.['type'];
  if (type === 'read') {
    const reads = entries.flatMap((entry): ChainedRead[] => {
      const path = textOf(entry['path']);
      const target = entry['type'] === 'read' && path !== undefined ? resolveTracePath(cwd, path) : undefined;
      if (target === undefined) return [];
      const shell = classifyShell(textOf(entry['cmd']) ?? '', programs);
      return [{ ...definedFields({ program: shell.program }), target, partial: shell.partial === true }];
    });
    const [first, ...moreReads] = reads;
    if (first === undefined) return fallback;
    return { kind: 'read', ...first, ...(moreReads.length > 0 ? { moreReads } : {}) };
  }
  if (type === 'list_files' || type === 'search') {
    if (fallback.kind === 'map') return fallback;
    const program = programName(classifyShell(command, programs).program ?? '');
    return { kind: 'map', query: command.trim(), ...(program === '' ? {} : { program }), surfaces: { unread: true } };
  }
  return fallback;
}
