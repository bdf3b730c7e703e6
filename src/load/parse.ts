import { constants } from 'node:buffer';
import { type InputProblem, inputProblem } from './input-error.js';
import { parseJson } from './json.js';
import type { Locator } from './text-position.js';
import { parseYaml } from './yaml.js';

export type SourceFormat = 'json' | 'yaml';

export type ParseResult =
  | { ok: true; data: Record<string, unknown>; format: SourceFormat; locate: Locator }
  | { ok: false; problem: InputProblem };

const BYTE_ORDER_MARK = '\uFEFF';

/** The format an input path asks for; `undefined` means "sniff" (stdin, or an unknown extension). */
export function formatFromPath(path: string | undefined): SourceFormat | undefined {
  if (path === undefined) return undefined;
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return undefined;
}

/** UTF-8 bytes to text, refusing invalid sequences rather than replacing them. */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; problem: InputProblem } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STRING_TOO_LONG') {
      return {
        ok: false,
        problem: inputProblem(
          'TOO_LARGE',
          `the input is too large to hold as text: the JavaScript engine's strings hold at most ${constants.MAX_STRING_LENGTH.toLocaleString('en-US')} characters; split the spec`,
        ),
      };
    }
    // Bytes that are not UTF-8 and hold NULs are a binary file (an image, an archive), unless a
    // UTF-16 byte order mark says they are text in another encoding.
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    if (!utf16 && bytes.includes(0)) return { ok: false, problem: binaryProblem() };
    return { ok: false, problem: inputProblem('ENCODING', 'the input is not valid UTF-8; save it as UTF-8 text') };
  }
}

/**
 * Text to a spec object. With no format, JSON is tried first and YAML second, since every JSON
 * document is also YAML but JSON's errors are the clearer ones for text that looks like JSON.
 * A byte order mark is dropped; positions count from the character after it.
 */
export function parseSpecText(text: string, format?: SourceFormat, notAnObject: NotAnObjectMessage = specNotAnObject): ParseResult {
  if (text.includes('\u0000')) return { ok: false, problem: binaryProblem() };
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (format === 'json') return asObject(parseJson(body), 'json', notAnObject);
  if (format === 'yaml') return asObject(parseYaml(body), 'yaml', notAnObject);
  const json = parseJson(body);
  if (json.ok) return asObject(json, 'json', notAnObject);
  const yaml = parseYaml(body);
  if (!yaml.ok && /^\s*[[{]/.test(body)) return json;
  return asObject(yaml, 'yaml', notAnObject);
}

/** The message for a document that parsed but is not an object: each kind of document says what it should be. */
export type NotAnObjectMessage = (value: unknown, format: SourceFormat) => string;

function specNotAnObject(value: unknown, format: SourceFormat): string {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return `the input is ${kind}; an investigation spec is a ${format.toUpperCase()} object with goal, budget and the other fields`;
}

function binaryProblem(): InputProblem {
  return inputProblem('BINARY', 'the input holds NUL characters: it is a binary file, not a JSON or YAML spec');
}

type ValueResult = { ok: true; value: unknown; locate: Locator } | { ok: false; problem: InputProblem };

function asObject(result: ValueResult, format: SourceFormat, notAnObject: NotAnObjectMessage): ParseResult {
  if (!result.ok) return result;
  const { value } = result;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: inputProblem('NOT_AN_OBJECT', notAnObject(value, format), result.locate('')) };
  }
  return { ok: true, data: value as Record<string, unknown>, format, locate: result.locate };
}
