// The trace formats read, each recognised by its own marks, in the order they are tried: a new
// format (ATIF) is one more file and one more entry here. Claude Code's and Gemini CLI's hook
// payloads both name their event: each format's marks are the events only its agent names
// (hook-events.ts), so the first line that names one decides, and the other agent's lines in the
// file are of types its reader does not know.
import { claudeTranscript } from './claude-transcript.js';
import { codexRollout } from './codex-rollout.js';
import type { FormatReader } from './format.js';
import { geminiHooks } from './gemini-hooks.js';
import { hookPayloads } from './hook-payloads.js';

export type { FormatLines, FormatReader } from './format.js';

/** Tried in this order on a file's first lines: the first whose marks they bear reads it. */
export const TRACE_FORMATS: readonly FormatReader[] = [geminiHooks, hookPayloads, codexRollout, claudeTranscript];

/** The format whose marks `first` bears, if any. */
export function detectFormat(first: readonly Record<string, unknown>[]): FormatReader | undefined {
  return TRACE_FORMATS.find((format) => format.detect(first));
}

/** The formats read, as a message lists them. */
export function formatsRead(): string {
  const names = TRACE_FORMATS.map((format) => format.name);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a line that is a JSON object looks like, for a message: its first keys, and its type when it has one. */
export function lineShape(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  const shown = keys.slice(0, 8).map((key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key));
  const more = keys.length > 8 ? `, and ${keys.length - 8} more` : '';
  const type = typeof record['type'] === 'string' ? ` (type ${JSON.stringify((record['type'] as string).slice(0, 40))})` : '';
  return keys.length === 0 ? 'JSON lines that are empty objects' : `JSON lines with keys ${shown.join(', ')}${more}${type}`;
}
