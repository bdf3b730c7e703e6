import { printParseErrorCode, visit } from 'jsonc-parser';
import { parseDocument } from 'yaml';
import { inputProblem, type InputProblem } from './input-error.js';

export type SourceFormat = 'json' | 'yaml';

export type ParseResult =
  | { ok: true; data: Record<string, unknown>; format: SourceFormat }
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
  } catch {
    return { ok: false, problem: inputProblem('ENCODING', 'the input is not valid UTF-8; save it as UTF-8 text') };
  }
}

/**
 * Text to a spec object. With no format, JSON is tried first and YAML second,
 * since every JSON document is also YAML but JSON's errors are the clearer ones.
 */
export function parseSpecText(text: string, format?: SourceFormat): ParseResult {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (format === 'json') return asObject(parseJson(body), 'json');
  if (format === 'yaml') return asObject(parseYaml(body), 'yaml');
  const json = parseJson(body);
  if (json.ok) return asObject(json, 'json');
  const yaml = parseYaml(body);
  if (!yaml.ok && /^\s*[[{]/.test(body)) return json;
  return asObject(yaml, 'yaml');
}

type ValueResult = { ok: true; value: unknown } | { ok: false; problem: InputProblem };

function parseJson(text: string): ValueResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: inputProblem('JSON_SYNTAX', jsonSyntaxMessage(text, error)) };
  }
}

const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma between values',
  CloseBraceExpected: 'expected a closing brace',
  CloseBracketExpected: 'expected a closing bracket',
  EndOfFileExpected: 'unexpected content after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string',
};

/** JSON.parse does not always say where it failed; a tolerant scanner finds the first error's place. */
function jsonSyntaxMessage(text: string, error: unknown): string {
  const located: Array<{ code: string; offset: number }> = [];
  visit(text, { onError: (code, offset) => located.push({ code: printParseErrorCode(code), offset }) }, { disallowComments: true, allowTrailingComma: false });
  const first = located[0];
  if (!first) return `invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
  const { line, column } = lineAndColumn(text, first.offset);
  return `invalid JSON at line ${line}, column ${column}: ${JSON_PROBLEMS[first.code] ?? first.code}`;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const MAX_YAML_ALIASES = 100;

function parseYaml(text: string): ValueResult {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true, strict: true, resolveKnownTags: false });
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) {
    const summary = firstLine(unknownTag.message);
    return { ok: false, problem: inputProblem('YAML_TAG', `YAML tags other than the core schema's are refused (${summary}); write plain values instead`) };
  }
  const firstError = document.errors[0];
  if (firstError) {
    const duplicate = firstError.code === 'DUPLICATE_KEY';
    const summary = firstLine(firstError.message);
    return {
      ok: false,
      problem: inputProblem(duplicate ? 'DUPLICATE_KEY' : 'YAML_SYNTAX', `invalid YAML: ${summary}`),
    };
  }
  try {
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: inputProblem('YAML_SYNTAX', `invalid YAML: ${detail}`) };
  }
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/:\s*$/, '');
}

function asObject(result: ValueResult, format: SourceFormat): ParseResult {
  if (!result.ok) return result;
  const { value } = result;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return {
      ok: false,
      problem: inputProblem('NOT_AN_OBJECT', `the input is ${kind}; an investigation spec is a ${format.toUpperCase()} object with goal, budget and the other fields`),
    };
  }
  return { ok: true, data: value as Record<string, unknown>, format };
}
