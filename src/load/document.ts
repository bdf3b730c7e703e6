import { pathText, type RawPath } from '../common/raw-path.js';
import { type InputProblem, inputProblem } from './input-error.js';
import { decodeUtf8, formatFromPath, type NotAnObjectMessage, parseSpecText, type SourceFormat } from './parse.js';
import { type ReadInputOptions, readInput } from './read-input.js';
import type { Locator } from './text-position.js';

/** A document turned into an object, with its text for code frames and a locator for positions. */
export type DocumentResult =
  | { ok: true; data: Record<string, unknown>; format: SourceFormat; locate: Locator; text: string }
  | { ok: false; problem: InputProblem; text?: string };

export interface DocumentChoice {
  format?: SourceFormat;
  /** Named for its extension. */
  path?: string;
  /** What to say when the document is not an object; a spec's message by default. */
  notAnObject?: NotAnObjectMessage;
}

/**
 * Text or UTF-8 bytes to an object. The format is `format` when given, else the path's extension,
 * else sniffed (JSON first, then YAML). Every document the tool reads goes through here: specs,
 * configuration and policy files, sidecar expectations and brief artifacts.
 */
export function parseDocument(input: string | Uint8Array, choice: DocumentChoice = {}): DocumentResult {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    const decoded = decodeUtf8(input);
    if (!decoded.ok) return decoded;
    text = decoded.text;
  }
  const parsed = parseSpecText(text, choice.format ?? formatFromPath(choice.path), choice.notAnObject);
  return parsed.ok ? { ...parsed, text } : { ok: false, problem: parsed.problem, text };
}

/** How the file is read (its limits, how it is named, the folder it must lie in) and parsed. */
export interface ReadDocumentOptions extends Omit<DocumentChoice, 'path'>, ReadInputOptions {}

/** Reads a file (or standard input for "-") within the size limit and parses it as `parseDocument` does. */
export function readDocument(path: RawPath, options: ReadDocumentOptions): DocumentResult & { bytes?: Uint8Array } {
  const read = readInput(path, options);
  if (!read.ok) return { ok: false, problem: inputProblem(read.subcode, read.message) };
  const format = options.format ?? (path === '-' ? undefined : formatFromPath(pathText(path)));
  return { ...parseDocument(read.bytes, { format, notAnObject: options.notAnObject }), bytes: read.bytes };
}
