import { definedFields } from '../common/defined-fields.js';
import { sha256Hex } from '../common/sha256.js';
import { parseDocument } from './document.js';
import type { InputProblem } from './input-error.js';
import type { SourceFormat } from './parse.js';
import { circularMessage, isCircular, MAX_DEPTH, measureShape, tooDeepMessage } from './shape.js';
import type { Locator } from './text-position.js';

/** What the compiler reads: text, UTF-8 bytes, or an object already parsed (from the library). */
export type SpecInput = string | Uint8Array | Record<string, unknown>;

export type LoadedSpecInput =
  | { ok: true; data: Record<string, unknown>; format: SourceFormat | 'data'; sha256: string; locate?: Locator; source?: string }
  | { ok: false; problem: InputProblem; source?: string };

/**
 * An input as an object to judge, with its SHA-256 and, for text, its locator and decoded text.
 * An object given to the library is held to the same limits as parsed text: no cycle, no nesting
 * past MAX_DEPTH.
 */
export function loadSpecInput(input: SpecInput, options: { sourceFormat?: SourceFormat; path?: string }): LoadedSpecInput {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      const message = 'the input is not an object; an investigation spec is an object with goal, budget and the other fields';
      return { ok: false, problem: { subcode: 'NOT_AN_OBJECT', message } };
    }
    if (isCircular(input))
      return { ok: false, problem: { subcode: 'CIRCULAR', message: circularMessage('an object reaches itself through its members') } };
    const { depth } = measureShape(input);
    if (depth > MAX_DEPTH) return { ok: false, problem: { subcode: 'TOO_DEEP', message: tooDeepMessage(depth) } };
    return { ok: true, data: input, format: 'data', sha256: sha256Hex(JSON.stringify(input) ?? '') };
  }
  const parsed = parseDocument(input, { format: options.sourceFormat, path: options.path });
  if (!parsed.ok) return { ok: false, problem: parsed.problem, ...definedFields({ source: parsed.text }) };
  return { ok: true, data: parsed.data, format: parsed.format, sha256: sha256Hex(input), locate: parsed.locate, source: parsed.text };
}
