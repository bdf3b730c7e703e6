// The trace formats read, each recognised by its own marks, in the order they are tried: a new
// format is one more file and one more entry here. Claude Code's and Gemini CLI's hook
// payloads both name their event: each format's marks are the events only its agent names
// (hook-events.ts), so the first line that names one decides, and the other agent's lines in the
// file are of types its reader does not know.
import { atifTrajectory } from './atif.js';
import { claudeTranscript } from './claude-transcript.js';
import { codexRollout } from './codex-rollout.js';
import type { FormatReader } from './format.js';
import { geminiHooks } from './gemini-hooks.js';
import { hookPayloads } from './hook-payloads.js';

export type { FormatEnd, FormatLines, FormatReader, PlaceOf } from './format.js';

/** Tried in this order on a file's first lines: the first whose marks they bear reads it. */
export const TRACE_FORMATS: readonly FormatReader[] = [geminiHooks, hookPayloads, codexRollout, claudeTranscript, atifTrajectory];

/** The format whose marks `first` bears, if any; of those whose file may be one document, when `first` is one. */
export function detectFormat(first: readonly Record<string, unknown>[], document = false): FormatReader | undefined {
  return TRACE_FORMATS.find((format) => (!document || format.document === true) && format.detect(first));
}

/** The formats read, as a message lists them. */
export function formatsRead(): string {
  const names = TRACE_FORMATS.map((format) => format.name);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a line that is a JSON object (or a whole document) looks like, for a message: its first keys, and its type when it has one. */
export function lineShape(record: Record<string, unknown>, document = false): string {
  const keys = Object.keys(record);
  const shown = keys.slice(0, 8).map((key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key));
  const more = keys.length > 8 ? `, and ${keys.length - 8} more` : '';
  const type = typeof record['type'] === 'string' ? ` (type ${JSON.stringify((record['type'] as string).slice(0, 40))})` : '';
  const what = document ? 'one JSON document' : 'JSON lines';
  return keys.length === 0
    ? `${what} that ${document ? 'is an empty object' : 'are empty objects'}`
    : `${what} with keys ${shown.join(', ')}${more}${type}`;
}
