// What `trace export` keeps of a call as the agent gave it: the fields of its arguments the tool
// reads, whatever the agent (Claude Code's, Gemini CLI's, Codex's names), and never a content: a
// Write's text, an Edit's strings and a patch's lines are left out, a patch kept only by the lines
// that name its files, so that a record exported holds what a trace shows of a call and no more.
import type { CallGiven } from './types.js';

/** The argument fields read by the classifier and the formats' readers, in any agent's names. */
const KEPT_FIELDS: ReadonlySet<string> = new Set([
  'pattern',
  'path',
  'file_path',
  'notebook_path',
  'absolute_path',
  'dir_path',
  'directory',
  'offset',
  'limit',
  'command',
  'cmd',
  'workdir',
  'working_directory',
]);

/** A patch's lines that frame it and name its files (apply_patch): what it writes, not what it writes there. */
const PATCH_FRAME = /^\*\*\* (?:Begin Patch|End Patch|(?:Add File|Update File|Delete File|Move to): .*)$/;

/** The arguments of a call of `tool` that are kept: the fields the tool reads, of a JSON value they can hold. */
export function givenArguments(tool: string, input: unknown): CallGiven['arguments'] {
  if (tool === 'apply_patch') {
    const patch = typeof input === 'string' ? input : isRecord(input) && typeof input['input'] === 'string' ? input['input'] : undefined;
    return patch === undefined ? {} : { input: patchFrame(patch) };
  }
  const kept: Record<string, unknown> = {};
  if (!isRecord(input)) return kept;
  for (const [key, value] of Object.entries(input)) if (KEPT_FIELDS.has(key) && isPlainValue(value)) kept[key] = value;
  return kept;
}

/** The lines of `patch` that frame it and name its files, in order. */
export function patchFrame(patch: string): string {
  return patch
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
    .filter((line) => PATCH_FRAME.test(line))
    .join('\n');
}

/** A string, a finite number, a boolean, or words (a command given as its words). */
function isPlainValue(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((word) => typeof word === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
