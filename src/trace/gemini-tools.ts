// Gemini CLI's tools as the classifier names Claude Code's (read_file is a Read, run_shell_command
// a Bash), their input fields renamed to Claude Code's, and their response ({llmContent,
// returnDisplay, error}) read as the paths it lists: one table, for the hook's decisions
// (src/hook/payload.ts) and for a trace of AfterTool payloads (formats/gemini-hooks.ts) alike.

/** A Gemini tool as the classifier's name, and its input fields as Claude Code's. */
interface GeminiTool {
  tool: string;
  fields: Readonly<Record<string, string>>;
}

/** Gemini CLI's tools, by the names its docs give (older and newer: search_file_content became grep_search, path dir_path). */
export const GEMINI_TOOLS: Readonly<Record<string, GeminiTool>> = {
  read_file: {
    tool: 'Read',
    fields: { absolute_path: 'file_path', file_path: 'file_path', path: 'file_path', offset: 'offset', limit: 'limit' },
  },
  glob: { tool: 'Glob', fields: { pattern: 'pattern', dir_path: 'path', path: 'path' } },
  search_file_content: { tool: 'Grep', fields: { pattern: 'pattern', dir_path: 'path', path: 'path' } },
  grep_search: { tool: 'Grep', fields: { pattern: 'pattern', dir_path: 'path', path: 'path' } },
  list_directory: { tool: 'LS', fields: { dir_path: 'path', path: 'path' } },
  run_shell_command: { tool: 'Bash', fields: { command: 'command' } },
  write_file: { tool: 'Write', fields: { file_path: 'file_path', absolute_path: 'file_path', path: 'file_path' } },
  replace: { tool: 'Edit', fields: { file_path: 'file_path', absolute_path: 'file_path', path: 'file_path' } },
};

/** A Gemini call as the classifier takes it: its tool renamed, its input's fields renamed; a tool it does not know kept as it is (other work). */
export function geminiCall(tool: string, input: unknown): { tool: string; input: unknown } {
  if (!Object.hasOwn(GEMINI_TOOLS, tool)) return { tool, input };
  const known = GEMINI_TOOLS[tool] as GeminiTool;
  const renamed: Record<string, unknown> = {};
  if (isRecord(input))
    for (const [from, to] of Object.entries(known.fields))
      if (input[from] !== undefined && renamed[to] === undefined) renamed[to] = input[from];
  return { tool: known.tool, input: renamed };
}

/** The folder a Gemini shell call ran in, when its input names one (`dir_path`, older `directory`). */
export function geminiShellFolder(input: unknown): string | undefined {
  if (!isRecord(input)) return undefined;
  const folder = input['dir_path'] ?? input['directory'];
  return typeof folder === 'string' && folder !== '' ? folder : undefined;
}

/** Whether a Gemini response tells of a failure: its `error` set ({message, type}, or a message). */
export function geminiFailed(response: unknown): boolean {
  if (!isRecord(response)) return false;
  const error = response['error'];
  return isRecord(error) || (typeof error === 'string' && error !== '');
}

/**
 * Gemini's response as the text the classifier reads of a shell call, and the paths a listing
 * names: glob's absolute paths a line, grep's `File: PATH` headers (under the folder searched),
 * list_directory's names after its `Directory listing for …:` line (`[DIR] ` marks a folder).
 * The lines that name none are the tool's own words.
 */
export function geminiResponse(response: unknown): unknown {
  if (!isRecord(response)) return response;
  const content = response['llmContent'];
  if (typeof content !== 'string') return response;
  const lines = shellStdout(content).split('\n');
  if (lines[0]?.startsWith('Directory listing for ') === true) {
    const filenames = lines.slice(1).flatMap((line) => {
      const name = line.startsWith('[DIR] ') ? line.slice(6) : line;
      return name.trim() === '' ? [] : [name];
    });
    return { stdout: lines.join('\n'), filenames };
  }
  const filenames = lines.flatMap((line) => {
    if (line.startsWith('/')) return [line];
    if (line.startsWith('File: ')) return [line.slice(6)];
    return [];
  });
  return { stdout: lines.join('\n'), filenames };
}

/** The labels of a shell call's llmContent (`Command: …`, `Stdout: …`, `Stderr: …`, …): its output is the Stdout part alone. */
const SHELL_LABELS = /^(?:Command|Directory|Stdout|Stderr|Error|Exit Code|Signal|Background PIDs|Process Group PGID): /;

/** A labelled shell response's standard output ("(empty)" is none); any other text as it is. */
function shellStdout(content: string): string {
  if (!content.startsWith('Command: ')) return content;
  const lines = content.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Stdout: '));
  if (start < 0) return '';
  const end = lines.findIndex((line, index) => index > start && SHELL_LABELS.test(line));
  const stdout = [(lines[start] as string).slice(8), ...lines.slice(start + 1, end < 0 ? undefined : end)].join('\n');
  return stdout === '(empty)' ? '' : stdout;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
